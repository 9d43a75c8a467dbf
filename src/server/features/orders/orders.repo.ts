import { and, asc, count, desc, eq, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm'
import { orderEvents, orderItems, orders, orderStatusChanges } from '../../db/schema/orders.ts'
import type { Executor } from '../../db/transaction.ts'

import {
  changeStatusField,
  linesOf,
  newestFirst,
  whereOf,
  withDetails,
  withItems,
  type NewOrderEvent,
  type NewOrderItemRow,
  type NewOrderRow,
  type OrderEventRow,
  type OrderFilters,
  type OrderItemRow,
  type OrderRow,
  type OrderUpdate,
  type OrderWithDetails,
  type OrderWithItems,
  type OrderWithLines,
  type RefundsOf,
  type StatusFieldChange,
} from './order-rows.ts'

export type * from './order-rows.ts'

/**
 * The orders feature's tables: orders, their items, their history and their status changes
 * (docs/decisions/0012-one-owner-per-table.md). Every statement runs on the executor given, so
 * a caller's transaction (checkout making an order, a capture recorded) includes it.
 */
export function createOrdersRepo(db: Executor, refundsOf: RefundsOf) {
  /** The ids of a batch of the orders matching `where`, after the given id (keyset paging). */
  async function idsAfter(
    where: SQL | undefined,
    afterId: string | null,
    limit: number,
  ): Promise<string[]> {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(where, afterId ? sql`${orders.id} > ${afterId}` : undefined))
      .orderBy(asc(orders.id))
      .limit(limit)
    return rows.map((row) => row.id)
  }

  return {
    /** The repo's statements inside the caller's transaction. */
    within: (tx: Executor) => createOrdersRepo(tx, refundsOf),

    /**
     * The order and its items; null when an order for this payment exists already (the unique
     * payment id makes a second one impossible, however many calls race).
     */
    async insert(order: NewOrderRow, items: NewOrderItemRow[]): Promise<OrderWithItems | null> {
      const [created] = await db
        .insert(orders)
        .values(order)
        .onConflictDoNothing({ target: orders.paymentIntentId })
        .returning()
      if (!created) return null
      const createdItems = await db
        .insert(orderItems)
        .values(items.map((item) => ({ ...item, orderId: created.id })))
        .returning()
      const [placed] = await db
        .insert(orderEvents)
        .values({
          orderId: created.id,
          kind: 'placed',
          actor: 'customer',
          summary: 'Order placed',
          newTotal: created.total,
          createdAt: created.createdAt,
        })
        .returning()
      return {
        ...created,
        items: createdItems,
        events: placed ? [placed] : [],
        refunds: [],
        shortfalls: [],
      }
    },

    async findByPayment(paymentIntentId: string): Promise<OrderWithItems | undefined> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.paymentIntentId, paymentIntentId))
        .limit(1)
      return (await withItems(db, rows, refundsOf))[0]
    },

    async ofUser(userId: string): Promise<OrderWithItems[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
      return withItems(db, rows, refundsOf)
    },

    async find(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
      return row
    },

    /** The order with its items, history and refunds. */
    async findWhole(id: string): Promise<OrderWithItems | undefined> {
      const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
      return (await withItems(db, rows, refundsOf))[0]
    },

    itemsOf: (orderId: string): Promise<OrderItemRow[]> => linesOf(db, orderId),

    /** The order and its lines as they are now (no lock: a change is priced from this). */
    async withLines(orderId: string): Promise<OrderWithLines | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
      return order && { ...order, items: await linesOf(db, orderId) }
    },

    /** The order and its lines, locked until the caller's transaction ends. */
    async lockWithLines(orderId: string): Promise<OrderWithLines | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update')
      return order && { ...order, items: await linesOf(db, orderId) }
    },

    /** The order made from this checkout payment (its unique payment id). */
    async byCheckoutPayment(paymentId: string): Promise<OrderRow | undefined> {
      const [order] = await db
        .select()
        .from(orders)
        .where(eq(orders.paymentIntentId, paymentId))
        .limit(1)
      return order
    },

    async update(orderId: string, update: OrderUpdate): Promise<void> {
      await db
        .update(orders)
        .set({ ...update, updatedAt: sql`clock_timestamp()` })
        .where(eq(orders.id, orderId))
    },

    /** Replaces the order's lines (a change rewrites them whole). */
    async replaceItems(orderId: string, items: NewOrderItemRow[]): Promise<void> {
      await db.delete(orderItems).where(eq(orderItems.orderId, orderId))
      if (items.length === 0) return
      await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId })))
    },

    async addEvent(event: NewOrderEvent): Promise<OrderEventRow> {
      const [row] = await db
        .insert(orderEvents)
        .values({ ...event, createdAt: sql`clock_timestamp()` })
        .returning()
      if (!row) throw new Error('order event not stored')
      return row
    },

    /** Delivery instants with authorised orders, up to the given one (the cut-off filters). */
    async deliveriesAwaitingCapture(upTo: Date): Promise<Date[]> {
      const rows = await db
        .selectDistinct({ deliveryDate: orders.deliveryDate })
        .from(orders)
        .where(
          and(
            eq(orders.paymentStatus, 'authorized'),
            ne(orders.status, 'cancelled'),
            lte(orders.deliveryDate, upTo),
          ),
        )
        .orderBy(asc(orders.deliveryDate))
      return rows.map((row) => row.deliveryDate)
    },

    /** A batch of a delivery's authorised orders, after the given id (keyset paging). */
    idsAwaitingCapture: (deliveryDate: Date, afterId: string | null, limit: number) =>
      idsAfter(
        and(
          eq(orders.deliveryDate, deliveryDate),
          eq(orders.paymentStatus, 'authorized'),
          ne(orders.status, 'cancelled'),
        ),
        afterId,
        limit,
      ),

    /** One page, newest first, with items and histories, and how many match: six queries. */
    async page(
      filters: OrderFilters,
      page: { limit: number; offset: number },
    ): Promise<{ orders: OrderWithDetails[]; totalCount: number }> {
      const where = whereOf(filters)
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(...newestFirst(filters))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(orders).where(where),
      ])
      return { orders: await withDetails(db, rows, refundsOf), totalCount: counted?.total ?? 0 }
    },

    /** The order with items, life and status history, as the admin reads it. */
    async withDetailsOf(id: string): Promise<OrderWithDetails[]> {
      const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
      return withDetails(db, rows, refundsOf)
    },

    /** The order, locked until the caller's transaction ends. */
    async lock(orderId: string): Promise<OrderRow | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update')
      return order
    },

    /** Stamps the order packed; run it holding the order's lock. */
    async setPackedAt(orderId: string, at: Date): Promise<Date> {
      const [row] = await db
        .update(orders)
        .set({ packedAt: at, updatedAt: sql`clock_timestamp()` })
        .where(eq(orders.id, orderId))
        .returning({ packedAt: orders.packedAt })
      if (!row?.packedAt) throw new Error(`order ${orderId} vanished while locked`)
      return row.packedAt
    },

    /**
     * The delivery's time and the driver's note, each written once: a time or note the order
     * holds already is kept (a retried tap, a status set again). Run it holding the order's lock.
     */
    async recordDelivered(order: OrderRow, at: Date, note: string | null): Promise<void> {
      const deliveredAt = order.deliveredAt ?? at
      const deliveryNote = order.deliveryNote ?? note
      if (order.deliveredAt && order.deliveryNote === deliveryNote) return
      await db
        .update(orders)
        .set({ deliveredAt, deliveryNote, updatedAt: sql`clock_timestamp()` })
        .where(eq(orders.id, order.id))
    },

    /** The delivery undone: no time, no note. Run it holding the order's lock. */
    async clearDelivered(orderId: string): Promise<void> {
      await db
        .update(orders)
        .set({ deliveredAt: null, deliveryNote: null, updatedAt: sql`clock_timestamp()` })
        .where(eq(orders.id, orderId))
    },

    /** What the order's delivery status was before its latest move to `value`, if recorded. */
    async deliveryStatusBefore(orderId: string, value: string): Promise<string | undefined> {
      const [row] = await db
        .select({ fromValue: orderStatusChanges.fromValue })
        .from(orderStatusChanges)
        .where(
          and(
            eq(orderStatusChanges.orderId, orderId),
            eq(orderStatusChanges.field, 'delivery_status'),
            eq(orderStatusChanges.toValue, value),
          ),
        )
        .orderBy(desc(orderStatusChanges.createdAt), desc(orderStatusChanges.id))
        .limit(1)
      return row?.fromValue
    },

    /**
     * A batch of the orders delivered at or before `upTo` whose customer has not been told yet,
     * after the given id (keyset paging; orders_delivered_email_due_idx finds them).
     */
    deliveredAwaitingEmail: (upTo: Date, afterId: string | null, limit: number) =>
      idsAfter(
        and(
          eq(orders.deliveryStatus, 'delivered'),
          isNull(orders.deliveredEmailAt),
          lte(orders.deliveredAt, upTo),
        ),
        afterId,
        limit,
      ),

    /**
     * A batch of the unpaid orders (payment failed, still pending or confirmed, not delivered)
     * delivered at or before `upTo`, after the given id: the ones the hold may be due for.
     */
    unpaidToHold: (upTo: Date, afterId: string | null, limit: number) =>
      idsAfter(
        and(
          eq(orders.paymentStatus, 'payment_failed'),
          inArray(orders.status, ['pending', 'confirmed']),
          ne(orders.deliveryStatus, 'delivered'),
          lte(orders.deliveryDate, upTo),
        ),
        afterId,
        limit,
      ),

    /** The customer's "delivered" e-mail is written. Run it holding the order's lock. */
    async setDeliveredEmailAt(orderId: string, at: Date): Promise<void> {
      await db
        .update(orders)
        .set({ deliveredEmailAt: at, updatedAt: sql`clock_timestamp()` })
        .where(eq(orders.id, orderId))
    },

    /** See changeStatusField: inside a transaction holding the order's lock. */
    changeStatusField: (
      order: OrderRow,
      change: StatusFieldChange,
      by: { id: string; email: string },
    ) => changeStatusField(db, refundsOf, order, change, by),

    /** Deletes the order; its items and history go by cascade. */
    async remove(orderId: string): Promise<void> {
      await db.delete(orders).where(eq(orders.id, orderId))
    },
  }
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>
