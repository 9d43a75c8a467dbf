import type { Cents } from '#shared/domain/money.ts'
import type { Transaction } from '../../db/transaction.ts'

/** The e-mails of an order's life after checkout (docs/product.md#order-emails). */
export type OrderNotice =
  | { readonly kind: 'order_changed'; readonly oldTotal: Cents; readonly summary: string }
  | { readonly kind: 'order_cancelled'; readonly by: 'customer' | 'staff' }
  | { readonly kind: 'payment_captured' }
  | { readonly kind: 'payment_failed'; readonly payUntil: Date }
  | { readonly kind: 'refund'; readonly amount: Cents; readonly reason: string }

/**
 * Writes the notice's e-mail to the outbox inside the transaction of the change that causes it:
 * it is sent once that commits, and the dedupe key makes a repeated write (a retried job, a
 * replayed webhook) a no-op.
 */
export type Notify = (
  tx: Transaction,
  orderId: string,
  notice: OrderNotice,
  dedupeKey: string,
) => Promise<void>
