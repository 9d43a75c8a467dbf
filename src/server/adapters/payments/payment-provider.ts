import type { PaymentProviderName } from '#shared/schemas/checkout.ts'

/**
 * The payment port (issue 6): create a payment for an amount, read its status back, and verify
 * a webhook. Checkout trusts only what it reads back from here, never the browser's word.
 */

/** Stripe's PaymentIntent statuses; the demo provider uses the same names. */
export const PAYMENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** A status this code does not know (a newer API) counts as still processing: never as paid. */
export function knownStatus(status: string): PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(status)
    ? (status as PaymentStatus)
    : 'processing'
}

export interface Payment {
  readonly id: string
  readonly status: PaymentStatus
  /** cents */
  readonly amount: number
  /** cents actually received; equals amount once succeeded */
  readonly amountReceived: number
  readonly currency: string
  readonly metadata: Readonly<Record<string, string>>
  /** the provider's last error message (a declined card), when there is one */
  readonly lastError: string | null
}

export interface CreatedPayment {
  readonly id: string
  readonly clientSecret: string
}

export interface CreatePaymentRequest {
  /** cents */
  readonly amount: number
  readonly currency: 'usd'
  readonly metadata: Readonly<Record<string, string>>
  /** one per checkout attempt: a retry of the same attempt never makes a second payment */
  readonly idempotencyKey: string
  readonly description?: string
}

/** A verified webhook event, reduced to what checkout acts on. */
export type PaymentEvent =
  | { readonly type: 'succeeded'; readonly paymentId: string }
  | { readonly type: 'failed'; readonly paymentId: string }
  | { readonly type: 'ignored'; readonly eventType: string }

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError'
}

export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** what the browser needs to show the provider's form (Stripe's publishable key) */
  readonly publishableKey: string | null
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>
  retrievePayment(id: string): Promise<Payment | null>
  /** verifies the signature on the raw body; throws WebhookSignatureError when it does not hold */
  parseWebhook?(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent
}
