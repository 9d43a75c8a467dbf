import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import { orderChanges, paymentOperations } from '../../db/schema/order-money.ts'
import type { Executor } from '../../db/transaction.ts'
import type { RefundView } from '../orders/index.ts'

export type OrderChangeRow = typeof orderChanges.$inferSelect
export type NewOrderChange = typeof orderChanges.$inferInsert
export type PaymentOperationRow = typeof paymentOperations.$inferSelect

/**
 * The order-changes feature's tables (docs/decisions/0012-one-owner-per-table.md): the money
 * operations stored before the provider is called, and the changes waiting for their payment (the
 * cut-off's runs are the job runs' store's). The orders themselves are the orders feature's, changed through it. Every
 * statement runs on the executor given.
 */
export function createOrderMoneyRepo(db: Executor) {
  return {
    within: (tx: Executor) => createOrderMoneyRepo(tx),

    /* Money operations: stored under their idempotency key before the provider is called */

    /** Stores the operation, or finds the one already stored under its key. */
    async storeOperation(
      operation: typeof paymentOperations.$inferInsert,
    ): Promise<{ row: PaymentOperationRow; stored: boolean }> {
      const [stored] = await db
        .insert(paymentOperations)
        .values(operation)
        .onConflictDoNothing({ target: paymentOperations.idempotencyKey })
        .returning()
      if (stored) return { row: stored, stored: true }
      const [existing] = await db
        .select()
        .from(paymentOperations)
        .where(eq(paymentOperations.idempotencyKey, operation.idempotencyKey))
      if (!existing) throw new Error('payment operation vanished after an idempotent insert')
      return { row: existing, stored: false }
    },

    async findOperation(key: string): Promise<PaymentOperationRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOperations)
        .where(eq(paymentOperations.idempotencyKey, key))
      return row
    },

    /** The refund the provider knows by this id (its events name refunds by their own id). */
    async operationOfRefund(providerReference: string): Promise<PaymentOperationRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOperations)
        .where(
          and(
            eq(paymentOperations.kind, 'refund'),
            eq(paymentOperations.providerReference, providerReference),
          ),
        )
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
        status: 'processing' | 'succeeded' | 'failed'
        error?: string | null
        providerReference?: string | null
        finishedAt: Date | null
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

    /** Refunds the provider took and the bank has not answered since before the instant. */
    async processingRefunds(before: Date, limit: number): Promise<PaymentOperationRow[]> {
      return db
        .select()
        .from(paymentOperations)
        .where(
          and(eq(paymentOperations.status, 'processing'), lte(paymentOperations.createdAt, before)),
        )
        .orderBy(asc(paymentOperations.createdAt))
        .limit(limit)
    },

    /** The refunds of some orders as their pages list them, oldest first. */
    async refundsOf(orderIds: readonly string[]): Promise<RefundView[]> {
      if (orderIds.length === 0) return []
      const rows = await db
        .select()
        .from(paymentOperations)
        .where(
          and(
            inArray(paymentOperations.orderId, [...orderIds]),
            eq(paymentOperations.kind, 'refund'),
          ),
        )
        .orderBy(asc(paymentOperations.createdAt))
      return rows.map((row) => ({
        orderId: row.orderId,
        id: row.idempotencyKey,
        amount: row.amount,
        reason: row.reason,
        status: row.status === 'processing' ? 'pending' : row.status,
        createdAt: row.createdAt,
      }))
    },

    /* Changes waiting for their payment */

    /** The lines of every order change still being paid for, by order (a handful at a time). */
    pendingChangeLines(): Promise<Array<{ orderId: string; items: unknown }>> {
      return db
        .select({ orderId: orderChanges.orderId, items: orderChanges.items })
        .from(orderChanges)
        .where(and(eq(orderChanges.status, 'pending'), eq(orderChanges.purpose, 'change')))
    },

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

    /** Payments after a failed capture still waiting for the customer's card. */
    async pendingPayAgains(limit: number): Promise<OrderChangeRow[]> {
      return db
        .select()
        .from(orderChanges)
        .where(and(eq(orderChanges.status, 'pending'), eq(orderChanges.purpose, 'pay_again')))
        .orderBy(asc(orderChanges.createdAt))
        .limit(limit)
    },
  }
}

export type OrderMoneyRepo = ReturnType<typeof createOrderMoneyRepo>
