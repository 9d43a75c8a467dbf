import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm'
import {
  jobRuns,
  orderChanges,
  orderEvents,
  orderItems,
  orders,
  paymentOperations,
} from '../../db/schema/index.ts'
import type { Executor } from '../../db/transaction.ts'

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>
export type OrderChangeRow = typeof orderChanges.$inferSelect
export type NewOrderChange = typeof orderChanges.$inferInsert
export type PaymentOperationRow = typeof paymentOperations.$inferSelect
export type NewOrderEvent = typeof orderEvents.$inferInsert
export type JobRunRow = typeof jobRuns.$inferSelect
export type OrderUpdate = Partial<
  Omit<typeof orders.$inferInsert, 'id' | 'userId' | 'paymentIntentId' | 'createdAt'>
>

/**
 * The tables of an order's week after checkout (docs/product.md#order-changes): the order's
 * own row and lines as changes rewrite them, its money operations, its pending paid changes,
 * its history and the cut-off's runs. Every statement runs on the executor given.
 */
export function createOrderWeekRepo(db: Executor) {
  return {
    within: (tx: Executor) => createOrderWeekRepo(tx),

    /** The order and its lines, locked until the caller's transaction ends. */
    async lockOrder(orderId: string): Promise<(OrderRow & { items: OrderItemRow[] }) | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update')
      if (!order) return undefined
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
      return { ...order, items }
    },

    /** The order and its lines as they are now (no lock: a change is priced from this). */
    async orderWithItems(
      orderId: string,
    ): Promise<(OrderRow & { items: OrderItemRow[] }) | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
      if (!order) return undefined
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
      return { ...order, items }
    },

    async findOrder(orderId: string): Promise<OrderRow | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
      return order
    },

    async updateOrder(orderId: string, update: OrderUpdate): Promise<void> {
      await db
        .update(orders)
        .set({ ...update, updatedAt: sql`clock_timestamp()` })
        .where(eq(orders.id, orderId))
    },

    /** Replaces the order's lines (items are rewritten whole by a change). */
    async replaceItems(orderId: string, items: NewOrderItem[]): Promise<void> {
      await db.delete(orderItems).where(eq(orderItems.orderId, orderId))
      if (items.length === 0) return
      await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId })))
    },

    async addEvent(event: NewOrderEvent): Promise<void> {
      await db.insert(orderEvents).values({ ...event, createdAt: sql`clock_timestamp()` })
    },

    /* Money operations: stored under their idempotency key before the provider is called */

    /** Stores the operation, or finds the one already stored under its key. */
    async storeOperation(
      operation: typeof paymentOperations.$inferInsert,
    ): Promise<PaymentOperationRow> {
      const [stored] = await db
        .insert(paymentOperations)
        .values(operation)
        .onConflictDoNothing({ target: paymentOperations.idempotencyKey })
        .returning()
      if (stored) return stored
      const [existing] = await db
        .select()
        .from(paymentOperations)
        .where(eq(paymentOperations.idempotencyKey, operation.idempotencyKey))
      if (!existing) throw new Error('payment operation vanished after an idempotent insert')
      return existing
    },

    async findOperation(key: string): Promise<PaymentOperationRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOperations)
        .where(eq(paymentOperations.idempotencyKey, key))
      return row
    },

    async lockOperation(key: string): Promise<PaymentOperationRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOperations)
        .where(eq(paymentOperations.idempotencyKey, key))
        .for('update')
      return row
    },

    async finishOperation(
      key: string,
      outcome: {
        status: 'succeeded' | 'failed'
        error?: string | null
        providerReference?: string | null
        finishedAt: Date
      },
    ): Promise<void> {
      await db
        .update(paymentOperations)
        .set(outcome)
        .where(eq(paymentOperations.idempotencyKey, key))
    },

    async operationsOf(
      orderId: string,
      kind: PaymentOperationRow['kind'],
    ): Promise<PaymentOperationRow[]> {
      return db
        .select()
        .from(paymentOperations)
        .where(and(eq(paymentOperations.orderId, orderId), eq(paymentOperations.kind, kind)))
        .orderBy(asc(paymentOperations.createdAt))
    },

    /* Changes waiting for their payment */

    async insertChange(change: NewOrderChange): Promise<OrderChangeRow> {
      const [row] = await db.insert(orderChanges).values(change).returning()
      if (!row) throw new Error('order change not stored')
      return row
    },

    async attachChangePayment(changeId: string, paymentIntentId: string): Promise<void> {
      await db
        .update(orderChanges)
        .set({ paymentIntentId })
        .where(and(eq(orderChanges.id, changeId), eq(orderChanges.status, 'pending')))
    },

    async findChangeByPayment(paymentIntentId: string): Promise<OrderChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(orderChanges)
        .where(eq(orderChanges.paymentIntentId, paymentIntentId))
        .limit(1)
      return row
    },

    async lockChange(changeId: string): Promise<OrderChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(orderChanges)
        .where(eq(orderChanges.id, changeId))
        .for('update')
      return row
    },

    async closeChange(changeId: string, status: 'applied' | 'refused' | 'abandoned') {
      await db.update(orderChanges).set({ status }).where(eq(orderChanges.id, changeId))
    },

    async removeChange(changeId: string): Promise<void> {
      await db.delete(orderChanges).where(eq(orderChanges.id, changeId))
    },

    /** Changes still waiting for a payment since before the given instant. */
    async staleChanges(before: Date, limit: number): Promise<OrderChangeRow[]> {
      return db
        .select()
        .from(orderChanges)
        .where(and(eq(orderChanges.status, 'pending'), lte(orderChanges.createdAt, before)))
        .orderBy(asc(orderChanges.createdAt))
        .limit(limit)
    },

    /* The cut-off */

    /** Delivery instants with authorised orders, up to the given one (the caller filters). */
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

    /** A batch of a delivery's orders still to capture, after the given id (keyset paging). */
    async ordersToCapture(deliveryDate: Date, afterId: string | null, limit: number) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.deliveryDate, deliveryDate),
            eq(orders.paymentStatus, 'authorized'),
            ne(orders.status, 'cancelled'),
            afterId ? sql`${orders.id} > ${afterId}` : undefined,
          ),
        )
        .orderBy(asc(orders.id))
        .limit(limit)
    },

    async startRun(run: { job: string; runKey: string; startedAt: Date }): Promise<JobRunRow> {
      // a run of the same key left running belonged to a process that stopped mid-way
      await db
        .update(jobRuns)
        .set({ status: 'interrupted' })
        .where(
          and(
            eq(jobRuns.job, run.job),
            eq(jobRuns.runKey, run.runKey),
            eq(jobRuns.status, 'running'),
          ),
        )
      const [row] = await db.insert(jobRuns).values(run).returning()
      if (!row) throw new Error('job run not stored')
      return row
    },

    async finishRun(
      id: string,
      outcome: {
        status: 'finished' | 'failed'
        finishedAt: Date
        succeeded: number
        failed: number
        detail: string | null
      },
    ): Promise<void> {
      await db.update(jobRuns).set(outcome).where(eq(jobRuns.id, id))
    },

    async recentRuns(limit: number): Promise<JobRunRow[]> {
      return db.select().from(jobRuns).orderBy(desc(jobRuns.startedAt)).limit(limit)
    },
  }
}

export type OrderWeekRepo = ReturnType<typeof createOrderWeekRepo>
