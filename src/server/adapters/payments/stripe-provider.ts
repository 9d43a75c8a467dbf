import Stripe from 'stripe'
import {
  knownStatus,
  PaymentRefusedError,
  type CaptureRequest,
  type CreateCustomerRequest,
  type CreatePaymentRequest,
  type OffSessionChargeRequest,
  type OffSessionResult,
  type Payment,
  type PaymentEvent,
  type PaymentProvider,
  type Refund,
  type RefundRequest,
  type SavedCard,
  type VoidRequest,
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

/** the shape of a PaymentMethod id: a saved card's, as the shop's routes check it too */
const STRIPE_PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,255}$/

/** the charge comes with the payment, for what was refunded of it */
const WITH_CHARGE = { expand: ['latest_charge'] }

/**
 * Stripe said no for good: a declined card, or a request Stripe will never accept (an expired
 * or canceled authorisation, an amount above what is left). Retrying with the same key would
 * only get the same answer; anything else (a timeout, a 500) may be retried.
 */
function refusal(error: unknown): unknown {
  if (
    error instanceof Stripe.errors.StripeCardError ||
    error instanceof Stripe.errors.StripeInvalidRequestError
  ) {
    return new PaymentRefusedError(error.message, stripeCode(error) ?? 'refused')
  }
  return error
}

/**
 * Stripe's most telling code for a refusal: the bank's decline_code (insufficient_funds,
 * expired_card, ...) before the error's code (card_declined, amount_too_large, ...).
 * generic_decline is the bank giving no reason, which card_declined already says; the SDK
 * sets decline_code to '' on a card error without one.
 */
function stripeCode(error: Stripe.errors.StripeError): string | null {
  const decline = error.decline_code
  if (decline && decline !== 'generic_decline') return decline
  return error.code || decline || null
}

/** the PaymentIntent Stripe puts on a card error (a declined or unauthenticated charge) */
function intentOfError(error: Stripe.errors.StripeError): Stripe.PaymentIntent | null {
  const raw: unknown = error.raw
  const fromRaw =
    raw && typeof raw === 'object' ? (raw as { payment_intent?: unknown }).payment_intent : null
  const intent = error.payment_intent ?? fromRaw
  return intent && typeof intent === 'object' && typeof (intent as { id?: unknown }).id === 'string'
    ? (intent as Stripe.PaymentIntent)
    : null
}

function toSavedCard(method: Stripe.PaymentMethod): SavedCard | null {
  const card = method.card
  if (!card) return null
  return {
    id: method.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  }
}

function toRefund(refund: Stripe.Refund, paymentId: string): Refund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending'
  return {
    id: refund.id,
    paymentId,
    amount: refund.amount,
    status,
    failureReason: refund.failure_reason ?? null,
  }
}

/** an id the SDK types as an id or as the expanded object */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id
  }
  return null
}

/** the card charge's capture deadline (Unix seconds) as an instant, when Stripe gives one */
function captureBeforeOf(charge: Stripe.PaymentIntent['latest_charge']): Date | null {
  if (!charge || typeof charge !== 'object') return null
  const seconds = charge.payment_method_details?.card?.capture_before
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null
}

/**
 * What a failed off-session charge came to: the bank wanting the customer (3-D Secure), a
 * refusal (a declined card, or a card or customer Stripe does not know), or an error worth
 * retrying with the same key (a timeout, a 500). A refused payment is named, when Stripe made
 * one, so that the customer can finish it with the card form (docs/product.md#saved-cards).
 */
function offSessionFailure(error: unknown): OffSessionResult {
  if (error instanceof Stripe.errors.StripeCardError) {
    const intent = intentOfError(error)
    if (error.code === 'authentication_required' && intent?.client_secret) {
      return {
        status: 'requires_authentication',
        paymentId: intent.id,
        clientSecret: intent.client_secret,
      }
    }
    return {
      status: 'declined',
      paymentId: intent?.id ?? null,
      clientSecret: intent?.client_secret ?? null,
      code: stripeCode(error) ?? 'card_declined',
      message: error.message,
    }
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const intent = intentOfError(error)
    return {
      status: 'declined',
      paymentId: intent?.id ?? null,
      clientSecret: intent?.client_secret ?? null,
      code: stripeCode(error) ?? 'invalid_request',
      message: error.message,
    }
  }
  return { status: 'error', message: error instanceof Error ? error.message : String(error) }
}

/** the payment a charge or refund event is about */
const paymentOfCharge = (charge: { payment_intent?: unknown }): string | null =>
  idOf(charge.payment_intent)

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeout ?? 10_000,
    // the SDK retries with the same idempotency key, so a retry never makes a second payment
    maxNetworkRetries: 2,
    telemetry: false,
    ...(options.api ?? {}),
  })

  const toPayment = (intent: Stripe.PaymentIntent): Payment => {
    const status = knownStatus(intent.status)
    const charge = intent.latest_charge
    return {
      id: intent.id,
      status,
      amount: intent.amount,
      amountReceived: intent.amount_received,
      amountCapturable: status === 'requires_capture' ? intent.amount_capturable : 0,
      // an unexpanded charge (an id) says nothing of refunds: none are known
      amountRefunded: charge && typeof charge === 'object' ? charge.amount_refunded : 0,
      currency: intent.currency,
      metadata: intent.metadata,
      lastError: intent.last_payment_error?.message ?? null,
      captureBefore: status === 'requires_capture' ? captureBeforeOf(charge) : null,
    }
  }

  /** a payment this adapter could never have made cannot be captured, voided or refunded */
  const assertPaymentId = (id: string) => {
    if (!STRIPE_PAYMENT_ID.test(id)) throw new PaymentRefusedError(`No such payment: ${id}`)
  }

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createPayment(request: CreatePaymentRequest) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency,
          automatic_payment_methods: { enabled: true },
          // authorised only: the cut-off captures it (docs/product.md#order-payments)
          capture_method: request.capture ?? 'manual',
          metadata: { ...request.metadata },
          ...(request.description ? { description: request.description } : {}),
          ...(request.customer ? { customer: request.customer } : {}),
          // Stripe keeps the card on the customer once it has paid (docs/product.md#saved-cards)
          ...(request.savePaymentMethod ? { setup_future_usage: 'off_session' as const } : {}),
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
        return toPayment(await stripe.paymentIntents.retrieve(id, WITH_CHARGE))
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null
        }
        throw error
      }
    },

    async capture(request: CaptureRequest): Promise<Payment> {
      assertPaymentId(request.paymentId)
      try {
        // the rest of the authorisation is released by Stripe
        const intent = await stripe.paymentIntents.capture(
          request.paymentId,
          { amount_to_capture: request.amount, ...WITH_CHARGE },
          { idempotencyKey: request.idempotencyKey },
        )
        return toPayment(intent)
      } catch (error) {
        throw refusal(error)
      }
    },

    async void(request: VoidRequest): Promise<Payment> {
      assertPaymentId(request.paymentId)
      try {
        const intent = await stripe.paymentIntents.cancel(request.paymentId, WITH_CHARGE, {
          idempotencyKey: request.idempotencyKey,
        })
        return toPayment(intent)
      } catch (error) {
        // canceled already (voided before, or expired after 7 days): released all the same
        const current =
          error instanceof Stripe.errors.StripeInvalidRequestError
            ? await stripe.paymentIntents.retrieve(request.paymentId, WITH_CHARGE).catch(() => null)
            : null
        if (current?.status === 'canceled') return toPayment(current)
        throw refusal(error)
      }
    },

    async refund(request: RefundRequest): Promise<Refund> {
      assertPaymentId(request.paymentId)
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentId,
            amount: request.amount,
            metadata: { reason: request.reason },
          },
          { idempotencyKey: request.idempotencyKey },
        )
        return toRefund(refund, request.paymentId)
      } catch (error) {
        throw refusal(error)
      }
    },

    async retrieveRefund(id: string): Promise<Refund | null> {
      if (!/^(re|pyr)_[A-Za-z0-9_]{1,255}$/.test(id)) return null
      try {
        const refund = await stripe.refunds.retrieve(id)
        return toRefund(refund, idOf(refund.payment_intent) ?? '')
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null
        }
        throw error
      }
    },

    async createCustomer(request: CreateCustomerRequest) {
      const customer = await stripe.customers.create(
        { email: request.email, metadata: { userId: request.userId } },
        { idempotencyKey: request.idempotencyKey },
      )
      return { id: customer.id }
    },

    async createSetup(request: { customer: string; idempotencyKey: string }) {
      const setup = await stripe.setupIntents.create(
        {
          customer: request.customer,
          // the card is kept to be charged without the customer (docs/product.md#saved-cards)
          usage: 'off_session',
          // the API version this SDK pins names the old payment_method_types so
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey: request.idempotencyKey },
      )
      if (!setup.client_secret) throw new Error(`Stripe gave no client secret for ${setup.id}`)
      return { id: setup.id, clientSecret: setup.client_secret }
    },

    async listSavedCards(customer: string): Promise<SavedCard[]> {
      try {
        // Stripe lists them newest first; 100 is its largest page, more than anyone keeps
        const list = await stripe.customers.listPaymentMethods(customer, {
          type: 'card',
          limit: 100,
        })
        return list.data.flatMap((method) => toSavedCard(method) ?? [])
      } catch (error) {
        // a customer Stripe does not know keeps no cards
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return []
        }
        throw error
      }
    },

    async removeSavedCard(customer: string, paymentMethod: string): Promise<boolean> {
      // an id Stripe never issues is nobody's card (and could not go in a URL)
      if (!STRIPE_PAYMENT_METHOD_ID.test(paymentMethod)) return false
      let method: Stripe.PaymentMethod
      try {
        method = await stripe.paymentMethods.retrieve(paymentMethod)
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return false
        }
        throw error
      }
      // a card id is not a secret: only the customer it is kept on may remove it
      if (idOf(method.customer) !== customer) return false
      try {
        await stripe.paymentMethods.detach(method.id)
        return true
      } catch (error) {
        // detached meanwhile (another tab): it is no longer this customer's
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false
        throw error
      }
    },

    async chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionResult> {
      let intent: Stripe.PaymentIntent
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency,
            customer: request.customer,
            payment_method: request.paymentMethod,
            // the customer is not at the form: a bank that wants them answers with an error
            off_session: true,
            confirm: true,
            capture_method: request.capture,
            metadata: { ...request.metadata },
            ...(request.description ? { description: request.description } : {}),
            ...WITH_CHARGE,
          },
          { idempotencyKey: request.idempotencyKey },
        )
      } catch (error) {
        return offSessionFailure(error)
      }
      switch (intent.status) {
        case 'requires_capture':
          return { status: 'authorized', payment: toPayment(intent) }
        case 'succeeded':
          return { status: 'succeeded', payment: toPayment(intent) }
        case 'requires_action':
        case 'requires_confirmation':
          if (intent.client_secret) {
            return {
              status: 'requires_authentication',
              paymentId: intent.id,
              clientSecret: intent.client_secret,
            }
          }
          break
        case 'requires_payment_method':
        case 'canceled':
          return {
            status: 'declined',
            paymentId: intent.id,
            clientSecret: intent.client_secret,
            code: intent.last_payment_error?.code ?? 'card_declined',
            message: intent.last_payment_error?.message ?? 'The card was declined.',
          }
      }
      // processing, or a status this code does not know: not paid, and not refused either
      return {
        status: 'error',
        message: `Stripe answered the off-session payment ${intent.id} with status ${intent.status}`,
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
        // authorised (manual capture) or captured: either way the card is good for it
        case 'payment_intent.amount_capturable_updated':
        case 'payment_intent.succeeded':
          return { type: 'succeeded', paymentId: event.data.object.id }
        case 'payment_intent.payment_failed':
          return { type: 'failed', paymentId: event.data.object.id }
        case 'payment_intent.canceled':
          return { type: 'canceled', paymentId: event.data.object.id }
        case 'charge.refunded': {
          const paymentId = paymentOfCharge(event.data.object)
          return paymentId
            ? { type: 'refunded', paymentId }
            : { type: 'ignored', eventType: event.type }
        }
        // an uncaptured charge Stripe let lapse: its hold is gone (a canceled intent follows)
        case 'charge.expired': {
          const paymentId = paymentOfCharge(event.data.object)
          return paymentId
            ? { type: 'canceled', paymentId }
            : { type: 'ignored', eventType: event.type }
        }
        // a refund the bank answered late: pending → succeeded or failed
        case 'charge.refund.updated':
        case 'refund.updated':
        case 'refund.failed':
          return {
            type: 'refund_updated',
            refundId: event.data.object.id,
            paymentId: paymentOfCharge(event.data.object),
          }
        default:
          return { type: 'ignored', eventType: event.type }
      }
    },
  }
}
