import Stripe from 'stripe'
import {
  knownStatus,
  type CreatePaymentRequest,
  type Payment,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from './payment-provider.ts'

export interface StripeProviderOptions {
  readonly secretKey: string
  readonly publishableKey: string
  readonly webhookSecret: string | undefined
  /** a local stand-in for Stripe's API (STRIPE_API_URL: stripe-mock, a test's fake) */
  readonly api?: { host: string; port: number; protocol: 'http' | 'https' } | undefined
  /** milliseconds per call to Stripe */
  readonly timeout?: number
}

/** Stripe's webhook tolerance is 300 s; an older signature is refused as a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300

/** the shape of a PaymentIntent id (as PaymentIntentParamsSchema checks it on our own routes) */
const STRIPE_PAYMENT_ID = /^pi_[A-Za-z0-9_]{1,255}$/

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeout ?? 10_000,
    // the SDK retries with the same idempotency key, so a retry never makes a second payment
    maxNetworkRetries: 2,
    telemetry: false,
    ...(options.api ?? {}),
  })

  const toPayment = (intent: Stripe.PaymentIntent): Payment => ({
    id: intent.id,
    status: knownStatus(intent.status),
    amount: intent.amount,
    amountReceived: intent.amount_received,
    currency: intent.currency,
    metadata: intent.metadata,
    lastError: intent.last_payment_error?.message ?? null,
  })

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createPayment(request: CreatePaymentRequest) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency,
          automatic_payment_methods: { enabled: true },
          metadata: { ...request.metadata },
          ...(request.description ? { description: request.description } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      )
      if (!intent.client_secret) throw new Error(`Stripe gave no client secret for ${intent.id}`)
      return { id: intent.id, clientSecret: intent.client_secret }
    },

    async retrievePayment(id: string) {
      // an id Stripe never issues (a signed event can carry any string) is not found; asked
      // for, one that cannot go in a URL (a lone surrogate) made the SDK throw, answered as 503
      if (!STRIPE_PAYMENT_ID.test(id)) return null
      try {
        return toPayment(await stripe.paymentIntents.retrieve(id))
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null
        }
        throw error
      }
    },

    parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
      if (!options.webhookSecret) throw new WebhookSignatureError('No webhook secret is set')
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        )
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error))
      }
      // the SDK only checks the signature: a signed body may still be `null`, `42` or `[]`
      const parsed: unknown = event
      if (!parsed || typeof parsed !== 'object' || typeof event.type !== 'string') {
        return { type: 'ignored', eventType: 'not an event' }
      }
      const object: unknown = event.data?.object
      if (
        !object ||
        typeof object !== 'object' ||
        typeof (object as { id?: unknown }).id !== 'string'
      ) {
        return { type: 'ignored', eventType: event.type }
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
          return { type: 'succeeded', paymentId: event.data.object.id }
        case 'payment_intent.payment_failed':
        case 'payment_intent.canceled':
          return { type: 'failed', paymentId: event.data.object.id }
        default:
          return { type: 'ignored', eventType: event.type }
      }
    },
  }
}
