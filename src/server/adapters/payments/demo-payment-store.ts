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
  | { readonly payment: Payment }
  | { readonly refund: Refund }
  | { readonly refused: string; readonly code?: string }

/** The operation's effect on the payment it was given (locked), and its answer. */
export interface DemoOperationDecision {
  readonly change: DemoPaymentChange | null
  readonly result: DemoOperationResult
}

/** How a saved demo card answers a charge made without the customer, as its test number would. */
export type DemoCardBehaviour = 'succeeds' | 'declines' | 'needs_authentication'

/** A card the demo provider keeps on a customer: never its number. */
export interface DemoSavedCardRecord {
  readonly id: string
  readonly customerId: string
  readonly brand: string
  readonly last4: string
  readonly expMonth: number
  readonly expYear: number
  readonly behaviour: DemoCardBehaviour
  readonly createdAt: Date
  readonly removedAt: Date | null
}

/** A card being kept without a payment (the profile's "Add a card"). */
export interface DemoCardSetupRecord {
  readonly id: string
  readonly clientSecret: string
  readonly customerId: string
  /** requires_payment_method | requires_action | succeeded */
  readonly status: string
  /** the card it saved, once succeeded */
  readonly savedCardId: string | null
  /** what is kept of the card while the bank's check is waiting (never the number) */
  readonly pendingCard: Readonly<Record<string, unknown>> | null
  readonly lastError: string | null
}

/** Where the demo provider keeps its saved cards and card setups. */
export interface DemoSavedCardStore {
  saveCard(card: Omit<DemoSavedCardRecord, 'removedAt'>): Promise<DemoSavedCardRecord>
  findCard(id: string): Promise<DemoSavedCardRecord | undefined>
  /** the customer's cards not removed, newest first */
  listCards(customerId: string): Promise<DemoSavedCardRecord[]>
  /** false when the card is not this customer's, or was removed already */
  removeCard(customerId: string, id: string, at: Date): Promise<boolean>
  /** stores the setup, or returns the one already stored under its idempotency key */
  insertSetupOnce(
    setup: Pick<DemoCardSetupRecord, 'id' | 'clientSecret' | 'customerId'> & {
      idempotencyKey: string
    },
  ): Promise<DemoCardSetupRecord>
  findSetup(id: string): Promise<DemoCardSetupRecord | undefined>
  /** moves a setup on, only from the statuses given */
  transitionSetup(
    id: string,
    from: readonly string[],
    to: Partial<
      Pick<DemoCardSetupRecord, 'status' | 'savedCardId' | 'lastError'> & {
        pendingCard: Record<string, unknown> | null
      }
    >,
  ): Promise<DemoCardSetupRecord | undefined>
}

/** Where the demo provider keeps its payments (a table, so every app process sees them). */
export interface DemoPaymentStore extends DemoSavedCardStore {
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
