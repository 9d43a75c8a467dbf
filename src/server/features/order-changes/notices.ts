import type { Transaction } from '../../db/transaction.ts'
import type { OrderNotice } from '../orders/index.ts'

export type { OrderNotice }

/**
 * Writes the notice's e-mail to the outbox inside the transaction of the change that causes it
 * (docs/product.md#order-emails): it is sent once that commits, and the dedupe key makes a
 * repeated write (a retried job, a replayed webhook) a no-op.
 */
export type Notify = (
  tx: Transaction,
  orderId: string,
  notice: OrderNotice,
  dedupeKey: string,
) => Promise<void>
