import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { SHORT_REASON_LABELS } from '#shared/schemas/shortfalls.ts'
import type { FastifyBaseLogger } from 'fastify'
import { orderItemShortfalls, orderItems } from '../../db/schema/orders.ts'
import type { Executor, RunInTransaction } from '../../db/transaction.ts'
import type { NoticeWithin } from './order-notices.ts'
import { toOrder } from './order-wire.ts'
import type { OrdersRepo } from './orders.repo.ts'

/**
 * One e-mail per packing session (docs/product.md#refunds): the minute's tick tells a customer
 * of every item short on their order not told yet, once no new one has been made on it for
 * SHORT_EMAIL_QUIET_MS, so staff going through a slip send one e-mail, not one per click.
 */
export const SHORT_EMAIL_QUIET_MS = 10 * 60_000

export function createShortfallEmails({
  db,
  repo,
  transaction,
  notice,
  now,
  log,
}: {
  db: Executor
  repo: OrdersRepo
  transaction: RunInTransaction
  notice: NoticeWithin
  now: () => Date
  log: FastifyBaseLogger
}) {
  /** Tells the customer of the order's untold shortfalls, if none is newer than `quietSince`. */
  async function tell(orderId: string, at: Date, quietSince: Date): Promise<void> {
    await transaction(async (tx) => {
      const within = repo.within(tx)
      const locked = await within.lock(orderId)
      if (!locked) return
      const untold = await tx
        .select({
          id: orderItemShortfalls.id,
          quantity: orderItemShortfalls.quantity,
          reason: orderItemShortfalls.reason,
          amount: orderItemShortfalls.amount,
          refundKey: orderItemShortfalls.refundOperationKey,
          createdAt: orderItemShortfalls.createdAt,
          name: orderItems.productName,
        })
        .from(orderItemShortfalls)
        .innerJoin(orderItems, eq(orderItems.id, orderItemShortfalls.orderItemId))
        .where(
          and(eq(orderItemShortfalls.orderId, orderId), isNull(orderItemShortfalls.customerToldAt)),
        )
        .orderBy(asc(orderItemShortfalls.createdAt), asc(orderItemShortfalls.id))
      const first = untold[0]
      if (!first || untold.some((row) => row.createdAt > quietSince)) return
      // a cancelled order's customer was told by its cancellation
      if (locked.status !== 'cancelled') {
        const order = await within.findWhole(orderId)
        if (!order) return
        await notice(
          tx,
          { ...toOrder(order, at), userId: order.userId },
          {
            kind: 'items_short',
            lines: untold.map((row) => ({
              quantity: row.quantity,
              name: row.name,
              reason: SHORT_REASON_LABELS[row.reason],
              amount: row.amount,
              refunded: row.refundKey !== null,
            })),
          },
          // the session's first shortfall names its e-mail: written once however often asked
          `items_short:${orderId}:${first.id}`,
        )
      }
      await tx
        .update(orderItemShortfalls)
        .set({ customerToldAt: at })
        .where(
          inArray(
            orderItemShortfalls.id,
            untold.map((row) => row.id),
          ),
        )
    })
  }

  return {
    /**
     * The minute's tick: every order with shortfalls not told whose newest is older than the
     * quiet time gets its one e-mail through the outbox.
     */
    async sendShortfallEmails(): Promise<void> {
      const at = now()
      const quietSince = new Date(at.getTime() - SHORT_EMAIL_QUIET_MS)
      const due = await db
        .select({ orderId: orderItemShortfalls.orderId })
        .from(orderItemShortfalls)
        .where(isNull(orderItemShortfalls.customerToldAt))
        .groupBy(orderItemShortfalls.orderId)
        .having(sql`max(${orderItemShortfalls.createdAt}) <= ${quietSince}`)
      for (const { orderId } of due) {
        try {
          await tell(orderId, at, quietSince)
        } catch (error) {
          // one order that fails holds back no other; the next tick tries it again
          log.warn({ err: error, orderId }, 'the items-short e-mail could not be written')
        }
      }
    },
  }
}
