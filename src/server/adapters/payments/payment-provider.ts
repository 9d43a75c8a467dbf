import type { PaymentProviderName } from '#shared/schemas/checkout.ts'

/**
 * The payment port: create a payment (an authorisation) for an amount, read its status back,
 * capture, void or refund it, and verify a webhook. The shop trusts only what it reads back
 * from here, never the browser's word (docs/product.md#payments).
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
  /** cents actually received: what was captured (at most amount), once succeeded */
  readonly amountReceived: number
  /** cents authorised and not yet captured: amount while requires_capture, else 0 */
  readonly amountCapturable: number
  /** cents given back by refunds */
  readonly amountRefunded: number
  readonly currency: string
  readonly metadata: Readonly<Record<string, string>>
  /** the provider's last error message (a declined card), when there is one */
  readonly lastError: string | null
  /**
   * Until when the provider lets the authorisation be captured (Stripe's `capture_before` on the
   * card's charge; the demo provider's 7 days from authorising), while it is requires_capture;
   * null otherwise, or when the provider does not say. The shop judges a hold by this and by
   * the status, never by its own count of days (docs/product.md#order-payments).
   */
  readonly captureBefore: Date | null
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
  /**
   * manual (the default): the card is only authorised, and the cut-off captures it
   * (docs/product.md#order-payments); automatic: taken at once (a payment after the cut-off).
   */
  readonly capture?: 'manual' | 'automatic'
  /** the provider's customer the payment is for (needed to keep its card) */
  readonly customer?: string
  /**
   * keep the card on `customer` for charges made without them (Stripe's
   * `setup_future_usage: 'off_session'`), once the card has paid (docs/product.md#saved-cards)
   */
  readonly savePaymentMethod?: boolean
}

/** A card kept on a provider customer: what the customer is shown of it. */
export interface SavedCard {
  readonly id: string
  /** visa, mastercard, amex, ... as the provider names it */
  readonly brand: string
  readonly last4: string
  readonly expMonth: number
  readonly expYear: number
}

export interface CreateCustomerRequest {
  readonly email: string
  /** the shop's user, kept on the provider's customer */
  readonly userId: string
  /** one per shop user: a retry never makes a second customer */
  readonly idempotencyKey: string
}

/** A card kept without a payment (the profile's "Add a card"): confirmed by the card form. */
export interface CreatedSetup {
  readonly id: string
  readonly clientSecret: string
}

/** A charge on a saved card without the customer at the form (an order's raised total). */
export interface OffSessionChargeRequest {
  readonly customer: string
  readonly paymentMethod: string
  /** cents */
  readonly amount: number
  readonly currency: 'usd'
  readonly capture: 'manual' | 'automatic'
  readonly metadata: Readonly<Record<string, string>>
  /** stored by the caller first: a retry never charges twice */
  readonly idempotencyKey: string
  readonly description?: string
}

/**
 * What an off-session charge came to. authorized (manual capture) and succeeded hold the
 * payment; requires_authentication and declined name a payment the customer can still finish
 * with the card form (its client secret), declined with the provider's code; error is worth
 * retrying with the same key (a timeout, a 500).
 */
export type OffSessionResult =
  | { readonly status: 'authorized' | 'succeeded'; readonly payment: Payment }
  | {
      readonly status: 'requires_authentication'
      readonly paymentId: string
      readonly clientSecret: string
    }
  | {
      readonly status: 'declined'
      readonly paymentId: string | null
      readonly clientSecret: string | null
      /** the provider's code: card_declined, expired_card, insufficient_funds, ... */
      readonly code: string
      readonly message: string
    }
  | { readonly status: 'error'; readonly message: string }

/** Every capture, void and refund carries a key of its own, stored by the caller first. */
export interface CaptureRequest {
  readonly paymentId: string
  /** cents: at most what was authorised; the rest is released */
  readonly amount: number
  readonly idempotencyKey: string
}

export interface VoidRequest {
  readonly paymentId: string
  readonly idempotencyKey: string
}

export interface RefundRequest {
  readonly paymentId: string
  /** cents: at most what was captured and not yet refunded */
  readonly amount: number
  readonly reason: string
  readonly idempotencyKey: string
}

export interface Refund {
  readonly id: string
  readonly paymentId: string
  /** cents */
  readonly amount: number
  /** pending: the provider accepted it and the bank has not answered yet (an event follows) */
  readonly status: 'succeeded' | 'pending' | 'failed'
  /** why the bank refused it, when it did (Stripe's failure_reason) */
  readonly failureReason: string | null
}

/**
 * The provider said no to a capture, void or refund (an expired or declined authorisation,
 * an amount above what is left): the operation failed for good and retrying will not help.
 * Any other error (a timeout, a 500) may be retried with the same idempotency key.
 */
export class PaymentRefusedError extends Error {
  override name = 'PaymentRefusedError'
  /**
   * The provider's code for the refusal (card_declined, expired_card, amount_too_large,
   * payment_intent_unexpected_state, resource_missing, ...), or `refused` when it gave none.
   */
  readonly code: string

  constructor(message: string, code = 'refused') {
    super(message)
    this.code = code
  }
}

/** A verified webhook event, reduced to what checkout acts on. */
export type PaymentEvent =
  /** authorised (requires_capture) or captured: checkout makes its order, a change applies */
  | { readonly type: 'succeeded'; readonly paymentId: string }
  | { readonly type: 'failed'; readonly paymentId: string }
  /** voided (canceled) */
  | { readonly type: 'canceled'; readonly paymentId: string }
  | { readonly type: 'refunded'; readonly paymentId: string }
  /** a refund moved on (a pending one succeeded or failed): read it back with retrieveRefund */
  | {
      readonly type: 'refund_updated'
      readonly refundId: string
      readonly paymentId: string | null
    }
  | { readonly type: 'ignored'; readonly eventType: string }

/**
 * Whether the payment's authorisation can no longer be captured, as the provider tells it: it
 * was cancelled (voided, or lapsed and cancelled by the provider), or its capture deadline has
 * passed.
 */
export function holdLapsed(payment: Payment, now: Date): boolean {
  if (payment.status === 'canceled') return true
  return (
    payment.status === 'requires_capture' &&
    payment.captureBefore !== null &&
    payment.captureBefore.getTime() < now.getTime()
  )
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError'
}

export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** what the browser needs to show the provider's form (Stripe's publishable key) */
  readonly publishableKey: string | null
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>
  retrievePayment(id: string): Promise<Payment | null>
  /** takes up to the authorised amount; the payment reads succeeded with amountReceived */
  capture(request: CaptureRequest): Promise<Payment>
  /**
   * releases an authorisation that was not captured; the payment reads canceled (one canceled
   * already, voided before or lapsed after 7 days, is answered as it stands)
   */
  void(request: VoidRequest): Promise<Payment>
  refund(request: RefundRequest): Promise<Refund>
  retrieveRefund(id: string): Promise<Refund | null>
  /** the provider's customer for a shop user, made once per idempotency key */
  createCustomer(request: CreateCustomerRequest): Promise<{ id: string }>
  /** a card kept on the customer without a payment, once the card form confirms it */
  createSetup(request: { customer: string; idempotencyKey: string }): Promise<CreatedSetup>
  /** the customer's saved cards, newest first */
  listSavedCards(customer: string): Promise<SavedCard[]>
  /** forgets a saved card; false when it is not this customer's (or not known) */
  removeSavedCard(customer: string, paymentMethod: string): Promise<boolean>
  /** charges a saved card without the customer (docs/product.md#saved-cards) */
  chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionResult>
  /** verifies the signature on the raw body; throws WebhookSignatureError when it does not hold */
  parseWebhook?(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent
}
