import type { Cents } from '#shared/domain/money.ts'
import { holdLapsed, type Payment } from '../../adapters/payments/index.ts'
import type { PaymentOperationRow } from './order-money.repo.ts'

/** What became of a capture, void or refund, as the provider tells it. */
export type OperationOutcome =
  | {
      readonly status: 'succeeded'
      /** what a capture took, when the provider says (a capture made before: its amount) */
      readonly amount?: Cents
      /** the provider's id for a refund */
      readonly reference?: string
    }
  /** the provider took a refund and the bank has not answered yet */
  | { readonly status: 'processing'; readonly reference: string }
  | {
      readonly status: 'failed'
      readonly why: string
      readonly reference?: string
      /** a void refused because the payment was taken: what was taken */
      readonly taken?: Cents
    }

/** the reason the order's history and e-mail give for a hold the provider let lapse */
export const HOLD_EXPIRED = 'the card authorisation expired'

/**
 * A refusal is settled by what the payment is now (docs/product.md#order-payments): the
 * provider may refuse a capture it made already (a retry after its idempotency window, a
 * capture whose answer was lost), or a void of a payment that was taken. Only the payment
 * itself says whether money moved, and whether a hold truly lapsed.
 */
export function judgeRefusal(
  operation: Pick<PaymentOperationRow, 'kind'>,
  payment: Payment | null,
  refusal: string,
  now: Date,
): OperationOutcome {
  switch (operation.kind) {
    case 'capture':
      if (payment?.status === 'succeeded' && payment.amountReceived > 0) {
        return { status: 'succeeded', amount: payment.amountReceived }
      }
      return { status: 'failed', why: payment && holdLapsed(payment, now) ? HOLD_EXPIRED : refusal }
    case 'void':
      if (payment?.status === 'canceled') return { status: 'succeeded' }
      if (payment?.status === 'succeeded' && payment.amountReceived > payment.amountRefunded) {
        return {
          status: 'failed',
          why: refusal,
          taken: payment.amountReceived - payment.amountRefunded,
        }
      }
      return { status: 'failed', why: refusal }
    case 'refund':
      return { status: 'failed', why: refusal }
  }
}
