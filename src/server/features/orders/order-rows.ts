import { and, asc, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm'
import { byOrder } from '#shared/by-order.ts'
import type { DeliveryStatus, OrderStatus, PaymentState } from '#shared/schemas/order-status.ts'
import { containing, escapeLike } from '../../db/like.ts'
import {
  orderEvents,
  orderItems,
  orderItemShortfalls,
  orders,
  orderStatusChanges,
} from '../../db/schema/orders.ts'
import type { Executor } from '../../db/transaction.ts'

/*
 * The orders feature's rows as its repo reads them: the types, the filters of the admin's list,
 * and an order's items, history, refunds and status changes fetched in a few queries whatever
 * the number of orders.
 */

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
export type OrderStatusChangeRow = typeof orderStatusChanges.$inferSelect
export type NewOrderRow = typeof orders.$inferInsert
export type NewOrderItemRow = Omit<typeof orderItems.$inferInsert, 'orderId'>
export type OrderEventRow = typeof orderEvents.$inferSelect
export type ShortfallRow = typeof orderItemShortfalls.$inferSelect
export type NewOrderEvent = typeof orderEvents.$inferInsert
export type OrderUpdate = Partial<
  Omit<typeof orders.$inferInsert, 'id' | 'userId' | 'paymentIntentId' | 'createdAt'>
>

/** A refund as the order's page lists it (the money operations are the order-changes feature's). */
export interface RefundView {
  readonly orderId: string
  readonly id: string
  /** "4.00" */
  readonly amount: string
  readonly reason: string | null
  readonly status: 'pending' | 'succeeded' | 'failed'
  readonly createdAt: Date
}

/** The refunds asked for on some orders, oldest first, read inside the caller's transaction. */
export type RefundsOf = (db: Executor, orderIds: readonly string[]) => Promise<RefundView[]>

/** An order and its lines, as a change, a capture or a cancellation reads it (locked or not). */
export type OrderWithLines = OrderRow & { items: OrderItemRow[] }

/** An order with its lines and its life: the history and the refunds its customer reads. */
export type OrderWithItems = OrderRow & {
  items: OrderItemRow[]
  /** oldest first */
  events: OrderEventRow[]
  /** refunds asked for, oldest first */
  refunds: RefundView[]
  /** items short at packing, oldest first (docs/product.md#refunds) */
  shortfalls: ShortfallRow[]
}
export type OrderWithDetails = OrderWithItems & {
  /** oldest first */
  statusHistory: OrderStatusChangeRow[]
}

export interface OrderFilters {
  /** delivery instants in [deliveredFrom, deliveredBefore) */
  deliveredFrom?: Date | undefined
  deliveredBefore?: Date | undefined
  status?: OrderStatus | undefined
  deliveryStatus?: DeliveryStatus | undefined
  paymentStatus?: PaymentState | undefined
  /** the order's number, the customer's name, e-mail or phone (see searchOf) */
  search?: string | undefined
}

export type StatusFieldChange =
  { field: 'status'; value: OrderStatus } | { field: 'delivery_status'; value: DeliveryStatus }

export function whereOf(filters: OrderFilters): SQL | undefined {
  // plain comparisons on the columns themselves, so orders_delivery_date_status_idx serves them
  return and(
    filters.deliveredFrom ? gte(orders.deliveryDate, filters.deliveredFrom) : undefined,
    filters.deliveredBefore ? lt(orders.deliveryDate, filters.deliveredBefore) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.deliveryStatus ? eq(orders.deliveryStatus, filters.deliveryStatus) : undefined,
    filters.paymentStatus ? eq(orders.paymentStatus, filters.paymentStatus) : undefined,
    filters.search ? searchOf(filters.search) : undefined,
  )
}

/**
 * Staff find an order by what they are told: its number as customers read it ("#1A2B3C4D", the
 * first 8 characters of its id; 4 or more of them), part of the customer's name or e-mail, or
 * the phone however it is typed (its digits, 4 or more, compared with the stored phone's).
 */
function searchOf(text: string): SQL | undefined {
  const number = text.replace(/^#/, '').toLowerCase()
  const digits = text.replace(/\D/g, '')
  const looksLikePhone = /^[\d\s().+-]+$/.test(text) && digits.length >= 4
  return or(
    /^[0-9a-f]{4,8}$/.test(number)
      ? like(sql`${orders.id}::text`, `${escapeLike(number)}%`)
      : undefined,
    ilike(orders.customerName, containing(text)),
    ilike(orders.customerEmail, containing(text)),
    looksLikePhone
      ? like(sql`regexp_replace(${orders.customerPhone}, '\\D', '', 'g')`, containing(digits))
      : undefined,
  )
}

/**
 * Newest placed first. With a delivery day, the delivery instant comes first in the key (every
 * order of a day is stored at the window's start, so the result is the same): the planner then
 * reads the day from orders_delivery_date_status_idx and sorts it, instead of walking every newer
 * order through orders_created_at_idx looking for it (17 ms → 2 ms for a day five months back
 * among 50,000 orders; npm run bench:admin).
 */
export function newestFirst(filters: OrderFilters) {
  const placed = [desc(orders.createdAt), desc(orders.id)]
  return filters.deliveredFrom ? [desc(orders.deliveryDate), ...placed] : placed
}

/** Items, history, refunds and shortfalls of the given orders: four queries whatever their number. */
export async function withItems(
  db: Executor,
  rows: OrderRow[],
  refundsOf: RefundsOf,
): Promise<OrderWithItems[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  // one after another: inside a transaction the three share one connection
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
  const events = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, ids))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
  const refunds = await refundsOf(db, ids)
  const shortfalls = await db
    .select()
    .from(orderItemShortfalls)
    .where(inArray(orderItemShortfalls.orderId, ids))
    .orderBy(asc(orderItemShortfalls.createdAt), asc(orderItemShortfalls.id))
  const itemsByOrder = byOrder(items)
  const shortfallsByOrder = byOrder(shortfalls)
  const eventsByOrder = byOrder(events)
  const refundsByOrder = byOrder(refunds)
  return rows.map((row) => ({
    ...row,
    items: itemsByOrder.get(row.id) ?? [],
    events: eventsByOrder.get(row.id) ?? [],
    refunds: refundsByOrder.get(row.id) ?? [],
    shortfalls: shortfallsByOrder.get(row.id) ?? [],
  }))
}

/** Items, life and status histories of the given orders: four queries whatever their number. */
export async function withDetails(
  db: Executor,
  rows: OrderRow[],
  refundsOf: RefundsOf,
): Promise<OrderWithDetails[]> {
  if (rows.length === 0) return []
  const detailed = await withItems(db, rows, refundsOf)
  const history = await db
    .select()
    .from(orderStatusChanges)
    .where(
      inArray(
        orderStatusChanges.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderStatusChanges.createdAt), asc(orderStatusChanges.id))
  const historyByOrder = byOrder(history)
  return detailed.map((row) => ({ ...row, statusHistory: historyByOrder.get(row.id) ?? [] }))
}

/**
 * Sets a locked order's status or delivery status and records who changed it from what to
 * what. The same value changes and records nothing. Run it inside a transaction that holds the
 * order's lock, so two admins changing it at once leave a history whose steps follow each other.
 */
export async function changeStatusField(
  db: Executor,
  refundsOf: RefundsOf,
  order: OrderRow,
  change: StatusFieldChange,
  by: { id: string; email: string },
): Promise<OrderWithDetails | undefined> {
  const fromValue = change.field === 'status' ? order.status : order.deliveryStatus
  if (fromValue === change.value) return (await withDetails(db, [order], refundsOf))[0]
  // the database's clock, read after the lock is held: each change is stamped later than the
  // one before it, whichever app process (and clock) made either
  const changedAt = sql<Date>`clock_timestamp()`
  const [updated] = await db
    .update(orders)
    .set(
      change.field === 'status'
        ? { status: change.value, updatedAt: changedAt }
        : { deliveryStatus: change.value, updatedAt: changedAt },
    )
    .where(eq(orders.id, order.id))
    .returning()
  if (!updated) throw new Error(`order ${order.id} vanished while locked`)
  await db.insert(orderStatusChanges).values({
    orderId: order.id,
    field: change.field,
    fromValue,
    toValue: change.value,
    changedBy: by.id,
    changedByEmail: by.email,
    createdAt: changedAt,
  })
  return (await withDetails(db, [updated], refundsOf))[0]
}

export async function linesOf(db: Executor, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
}
