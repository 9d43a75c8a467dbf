import { and, eq, gte, lt, ne, sql } from 'drizzle-orm'
import { pendingCheckouts } from '../../db/schema/checkout.ts'
import type { Executor } from '../../db/transaction.ts'

export type CheckoutRow = typeof pendingCheckouts.$inferSelect
export type NewCheckout = typeof pendingCheckouts.$inferInsert

/**
 * Pending checkouts: what the server priced and the customer is paying for, keyed by the
 * payment id. Every statement runs on the executor given, so a checkout and the coupon hold it
 * takes (or the order it becomes) commit together.
 */
export function createCheckoutRepo(db: Executor) {
  return {
    within: (tx: Executor) => createCheckoutRepo(tx),

    async insert(values: NewCheckout): Promise<CheckoutRow> {
      const [row] = await db.insert(pendingCheckouts).values(values).returning()
      if (!row) throw new Error('pending checkout not stored')
      return row
    },

    /** The provider's payment for a stored checkout; false when the checkout was closed meanwhile. */
    async attachPayment(checkoutId: string, paymentIntentId: string): Promise<boolean> {
      const updated = await db
        .update(pendingCheckouts)
        .set({ paymentIntentId })
        .where(and(eq(pendingCheckouts.id, checkoutId), eq(pendingCheckouts.status, 'pending')))
        .returning({ id: pendingCheckouts.id })
      return updated.length === 1
    },

    /**
     * The lines of the checkouts still being paid for, for a Saturday in [start, end), but for one
     * customer's: they hold what they priced of a limited product (docs/product.md#weekly-quantities).
     */
    async pendingLinesOn(
      { start, end }: { start: Date; end: Date },
      exceptUserId?: string,
    ): Promise<unknown[]> {
      const rows = await db
        .select({ items: pendingCheckouts.items })
        .from(pendingCheckouts)
        .where(
          and(
            eq(pendingCheckouts.status, 'pending'),
            gte(pendingCheckouts.deliveryDate, start),
            lt(pendingCheckouts.deliveryDate, end),
            exceptUserId ? ne(pendingCheckouts.userId, exceptUserId) : undefined,
          ),
        )
      return rows.flatMap((row): unknown[] =>
        Array.isArray(row.items) ? (row.items as unknown[]) : [],
      )
    },

    /** Removes a checkout that is still pending; the removed row, if there was one. */
    async removePending(checkoutId: string): Promise<CheckoutRow | undefined> {
      const [removed] = await db
        .delete(pendingCheckouts)
        .where(and(eq(pendingCheckouts.id, checkoutId), eq(pendingCheckouts.status, 'pending')))
        .returning()
      return removed
    },

    async findByPayment(paymentIntentId: string): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .select()
        .from(pendingCheckouts)
        .where(eq(pendingCheckouts.paymentIntentId, paymentIntentId))
        .limit(1)
      return row
    },

    /** The checkout, locked until the caller's transaction ends. */
    async lock(
      where: { id: string } | { paymentIntentId: string },
    ): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .select()
        .from(pendingCheckouts)
        .where(
          'id' in where
            ? eq(pendingCheckouts.id, where.id)
            : eq(pendingCheckouts.paymentIntentId, where.paymentIntentId),
        )
        .for('update')
      return row
    },

    async updateDelivery(id: string, deliveryInfo: unknown): Promise<void> {
      await db
        .update(pendingCheckouts)
        .set({ deliveryInfo })
        .where(and(eq(pendingCheckouts.id, id), sql`${pendingCheckouts.status} <> 'completed'`))
    },

    /** Pending checkouts older than the given instant: their payments are looked up. */
    async stale(olderThan: Date, limit: number): Promise<CheckoutRow[]> {
      return db
        .select()
        .from(pendingCheckouts)
        .where(
          and(eq(pendingCheckouts.status, 'pending'), lt(pendingCheckouts.createdAt, olderThan)),
        )
        .orderBy(pendingCheckouts.createdAt)
        .limit(limit)
    },

    /** Abandoned checkouts older than the given instant: their payments are cancelled. */
    async abandonedBefore(before: Date, limit: number): Promise<CheckoutRow[]> {
      return db
        .select()
        .from(pendingCheckouts)
        .where(
          and(eq(pendingCheckouts.status, 'abandoned'), lt(pendingCheckouts.createdAt, before)),
        )
        .orderBy(pendingCheckouts.createdAt)
        .limit(limit)
    },

    /**
     * Ends a checkout: its order was made, its payment failed or was abandoned, or (expired)
     * its payment was cancelled at the provider.
     */
    async close(
      checkoutId: string,
      status: 'completed' | 'failed' | 'abandoned' | 'expired',
    ): Promise<void> {
      await db
        .update(pendingCheckouts)
        .set({ status, couponReserved: false })
        .where(eq(pendingCheckouts.id, checkoutId))
    },
  }
}

export type CheckoutRepo = ReturnType<typeof createCheckoutRepo>
