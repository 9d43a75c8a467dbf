import type { Payment, Refund } from './payment-provider.ts'

/** A demo payment as its store keeps it: amounts in cents, statuses named as Stripe names them. */
export interface DemoPaymentRecord {
  readonly id: string
  readonly clientSecret: string
  readonly amount: number
  readonly currency: string
  readonly status: string
  /** cents taken at capture */
  readonly amountReceived: number
  /** cents given back */
  readonly amountRefunded: number
  readonly metadata: Record<string, string>
  readonly lastError: string | null
  /** when it was made, by the provider's clock */
  readonly createdAt: Date
  /** when the card authorised it: the hold lasts 7 days from here */
  readonly authorizedAt: Date | null
}

/** What a confirmation, capture, void or refund changes on a payment. */
export interface DemoPaymentChange {
  readonly status: string
  readonly lastError?: string | null
  readonly amountReceived?: number
  readonly amountRefunded?: number
  readonly metadata?: Record<string, string>
  readonly authorizedAt?: Date | null
}

export const DEMO_OPERATION_KINDS = ['capture', 'void', 'refund'] as const
export type DemoOperationKind = (typeof DEMO_OPERATION_KINDS)[number]

/** A capture, void or refund, asked for under the caller's idempotency key. */
export interface DemoOperation {
  readonly idempotencyKey: string
  readonly paymentId: string
  readonly kind: DemoOperationKind
  /** cents (0 for a void) */
  readonly amount: number
}

/** What an operation answered, kept under its key and answered again to a repeated call. */
export type DemoOperationResult =
  { readonly payment: Payment } | { readonly refund: Refund } | { readonly refused: string }

/** The operation's effect on the payment it was given (locked), and its answer. */
export interface DemoOperationDecision {
  readonly change: DemoPaymentChange | null
  readonly result: DemoOperationResult
}

/** Where the demo provider keeps its payments (a table, so every app process sees them). */
export interface DemoPaymentStore {
  /** stores the payment, or returns the one already stored under its idempotency key */
  insertOnce(
    payment: Omit<
      DemoPaymentRecord,
      'status' | 'lastError' | 'amountReceived' | 'amountRefunded' | 'authorizedAt'
    > & { idempotencyKey: string },
  ): Promise<DemoPaymentRecord>
  find(id: string): Promise<DemoPaymentRecord | undefined>
  /** moves a payment on, only from the statuses given (two confirmations cannot both win) */
  transition(
    id: string,
    from: readonly string[],
    to: DemoPaymentChange,
  ): Promise<DemoPaymentRecord | undefined>
  /**
   * Carries out an operation at most once per idempotency key, atomically: with the payment
   * locked, a key already used answers its stored result and changes nothing; otherwise
   * `decide` is asked, and its change and the operation (with its result) are stored together.
   * Undefined when there is no such payment. A key used before for another payment or kind is
   * an error.
   */
  operateOnce(
    operation: DemoOperation,
    decide: (payment: DemoPaymentRecord) => DemoOperationDecision,
  ): Promise<DemoOperationResult | undefined>
  /** a refund made by operateOnce, by the refund's id */
  findRefund(refundId: string): Promise<Refund | undefined>
}
