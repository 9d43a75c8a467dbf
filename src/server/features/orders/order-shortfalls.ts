import { and, asc, eq, sql } from 'drizzle-orm'
import {
  centsToDecimal,
  decimalToCents,
  formatCents,
  sumCents,
  type Cents,
} from '#shared/domain/money.ts'
import { shortfallOf, type ShortableLine } from '#shared/domain/shortfalls.ts'
import {
  SHORT_MESSAGES,
  SHORT_REASON_LABELS,
  type ShortReason,
} from '#shared/schemas/shortfalls.ts'
import { AppError } from '../../app-error.ts'
import { orderItemShortfalls, orderItems } from '../../db/schema/orders.ts'
import type { Executor, Transaction } from '../../db/transaction.ts'
import type { OrderItemRow, OrderRow, OrdersRepo, ShortfallRow } from './orders.repo.ts'

/**
 * Items short at packing (docs/product.md#refunds), written by the orders feature, which owns
 * the order's lines and their shortfalls (docs/decisions/0012-one-owner-per-table.md). The
 * order-changes feature decides the money around them: it locks the order, asks for the
 * shortfall here, then refunds what it took off once the card has been charged.
 */

/** A shortfall asked for by the staff, stored under their request's key. */
export interface ShortRequest {
  readonly itemId: string
  readonly quantity: number
  readonly reason: ShortReason
  /** the staff request's Idempotency-Key */
  readonly key: string
  /** the refund this shortfall makes (its payment operation's key); null before the capture */
  readonly refundKey: string | null
  readonly by: { readonly id: string; readonly email: string }
}

/** The order as sold (or, once a shortfall lowered it before the capture, as it stands). */
const soldOf = (order: OrderRow) => ({
  subtotal: decimalToCents(order.subtotal),
  discount: decimalToCents(order.discountAmount),
  deliveryFee: decimalToCents(order.deliveryFee),
  taxRateBasisPoints: order.taxRateBasisPoints,
})

const shortable = (item: OrderItemRow): ShortableLine => ({
  id: item.id,
  price: decimalToCents(item.productPrice),
  quantity: item.quantity,
  taxable: item.taxable,
  shortQuantity: item.shortQuantity,
})

function tooMany(left: number) {
  const message = SHORT_MESSAGES.tooMany(left)
  return new AppError('BAD_REQUEST', { message, fields: { quantity: message } })
}

/** The line of that order, or 404 (a line of another order is not found either). */
function lineOf(items: readonly OrderItemRow[], itemId: string): OrderItemRow {
  const item = items.find((line) => line.id === itemId)
  if (!item) throw new AppError('ORDER_NOT_FOUND', { message: 'Item not found' })
  return item
}

/**
 * What the customer pays now: the order's total less what its shortfalls refunded (those before
 * the capture lowered the total itself).
 */
const payingNow = (order: OrderRow, shortfalls: readonly ShortfallRow[]) =>
  decimalToCents(order.total) -
  sumCents(
    shortfalls
      .filter((shortfall) => shortfall.refundOperationKey !== null)
      .map((shortfall) => decimalToCents(shortfall.amount)),
  )

/** What shorting `quantity` of the line would take off; refused as the shortfall would be. */
function judge(
  order: OrderRow,
  items: readonly OrderItemRow[],
  shortfalls: readonly ShortfallRow[],
  itemId: string,
  quantity: number,
) {
  if (order.status === 'cancelled') {
    throw new AppError('ORDER_CONFLICT', { message: SHORT_MESSAGES.cancelled })
  }
  const item = lineOf(items, itemId)
  const left = item.quantity - item.shortQuantity
  if (quantity > left) throw tooMany(left)
  const priced = shortfallOf(
    soldOf(order),
    items.map(shortable),
    { itemId, quantity },
    payingNow(order, shortfalls),
  )
  return { item, left, ...priced }
}

/** Whether the order's card has been charged: a shortfall then is refunded, not taken off. */
export const chargedAlready = (order: OrderRow) =>
  order.paymentStatus !== 'authorized' && order.paymentStatus !== 'payment_failed'

const shortfallsOf = (db: Executor, orderId: string): Promise<ShortfallRow[]> =>
  db
    .select()
    .from(orderItemShortfalls)
    .where(eq(orderItemShortfalls.orderId, orderId))
    .orderBy(asc(orderItemShortfalls.createdAt), asc(orderItemShortfalls.id))

export function createShortfalls({
  repo,
  db,
  now,
}: {
  repo: OrdersRepo
  db: Executor
  now: () => Date
}) {
  const linesLocked = (tx: Executor, orderId: string) =>
    tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
      .for('update')

  return {
    /** The shortfall stored under a staff request's key, if any. */
    async shortfallByKeyWithin(tx: Transaction, key: string): Promise<ShortfallRow | undefined> {
      const [row] = await tx
        .select()
        .from(orderItemShortfalls)
        .where(eq(orderItemShortfalls.idempotencyKey, key))
      return row
    },

    /** What shorting `quantity` of the line would take off now, and how many are left of it. */
    async previewShort(
      orderId: string,
      itemId: string,
      quantity: number,
    ): Promise<{ amount: Cents; left: number }> {
      const order = await repo.find(orderId)
      if (!order) throw new AppError('ORDER_NOT_FOUND')
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
      const { amount, left } = judge(
        order,
        items,
        await shortfallsOf(db, orderId),
        itemId,
        quantity,
      )
      return { amount, left }
    },

    /**
     * Takes `quantity` of a line off the order the caller has locked: the shortfall's row is
     * stored under the staff's key first, then the line's short quantity goes up (its row
     * locked, so two requests at once never short more than was sold), and the history says
     * what it took off. Before the capture the order's totals become what remains (the capture
     * takes less); after it they stay as sold and the caller refunds the amount.
     */
    async shortItemWithin(
      tx: Transaction,
      order: OrderRow,
      request: ShortRequest,
    ): Promise<{ amount: Cents; shortfall: ShortfallRow; itemName: string }> {
      const items = await linesLocked(tx, order.id)
      const { item, amount, after, payingAfter } = judge(
        order,
        items,
        await shortfallsOf(tx, order.id),
        request.itemId,
        request.quantity,
      )
      const [shortfall] = await tx
        .insert(orderItemShortfalls)
        .values({
          idempotencyKey: request.key,
          orderId: order.id,
          orderItemId: item.id,
          quantity: request.quantity,
          reason: request.reason,
          amount: centsToDecimal(amount),
          refundOperationKey: amount > 0 ? request.refundKey : null,
          createdBy: request.by.id,
          createdByEmail: request.by.email,
          createdAt: now(),
        })
        .returning()
      if (!shortfall) throw new Error('shortfall not stored')
      await tx
        .update(orderItems)
        .set({ shortQuantity: sql`${orderItems.shortQuantity} + ${request.quantity}` })
        .where(and(eq(orderItems.id, item.id), eq(orderItems.orderId, order.id)))
      const within = repo.within(tx)
      const lower = !chargedAlready(order)
      if (lower) {
        await within.update(order.id, {
          subtotal: centsToDecimal(after.subtotal),
          discountAmount: centsToDecimal(after.discount),
          deliveryFee: centsToDecimal(after.deliveryFee),
          tax: centsToDecimal(after.tax),
          // after.total, unless that would be more than the customer paid before
          total: centsToDecimal(payingAfter),
          version: order.version + 1,
        })
      }
      const reason = SHORT_REASON_LABELS[request.reason].toLowerCase()
      await within.addEvent({
        orderId: order.id,
        kind: 'item_short',
        actor: 'staff',
        actorEmail: request.by.email,
        summary: `Short: ${request.quantity} of ${item.quantity} ${item.productName} (${reason}), ${formatCents(amount)} ${lower ? 'taken off' : 'refunded'}`,
        ...(lower ? { oldTotal: order.total, newTotal: centsToDecimal(payingAfter) } : {}),
      })
      return { amount, shortfall, itemName: item.productName }
    },

    /** The shortfalls of an order, oldest first. */
    shortfallsOf: (orderId: string): Promise<ShortfallRow[]> => shortfallsOf(db, orderId),
  }
}
