import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  couponRedemptions,
  coupons,
  orderItems,
  orders,
  pendingCheckouts,
  producers,
  products,
} from '../../db/schema/index.ts'

export type CheckoutRow = typeof pendingCheckouts.$inferSelect
export type NewCheckout = typeof pendingCheckouts.$inferInsert
export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
export type NewOrder = typeof orders.$inferInsert
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>
export type OrderWithItems = OrderRow & { items: OrderItemRow[] }

export interface ProductForCheckout {
  id: string
  name: string
  price: string
  inStock: boolean
  farmSource: string
  imageUrl: string | null
}

export function createCheckoutRepo(db: Database) {
  async function withItems(rows: OrderRow[]): Promise<OrderWithItems[]> {
    if (rows.length === 0) return []
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(orderItems.createdAt, orderItems.id)
    return rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) }))
  }

  return {
    async findProducts(ids: readonly string[]): Promise<ProductForCheckout[]> {
      if (ids.length === 0) return []
      return db
        .select({
          id: products.id,
          name: products.name,
          price: products.price,
          inStock: products.inStock,
          // the producer's name as it is now; the order item keeps this copy
          farmSource: producers.name,
          imageUrl: products.imageUrl,
        })
        .from(products)
        .innerJoin(producers, eq(products.producerId, producers.id))
        .where(inArray(products.id, [...new Set(ids)]))
    },

    /**
     * Stores a checkout before its payment exists, under a stand-in payment id, in one transaction
     * with the hold on a limited coupon it takes: a crash while the provider is called leaves a
     * checkout the sweep abandons (giving the hold back), never a hold that no checkout owns.
     * The hold is one conditional update, so a coupon with a limit of N is never held or redeemed
     * more than N times however many race. Null when the coupon's last use is gone.
     */
    async insertCheckout(values: NewCheckout): Promise<CheckoutRow | null> {
      return db.transaction(async (tx) => {
        if (values.couponReserved && values.couponId) {
          const held = await tx
            .update(coupons)
            .set({ timesReserved: sql`${coupons.timesReserved} + 1` })
            .where(
              and(
                eq(coupons.id, values.couponId),
                sql`(${coupons.maxRedemptions} is null or ${coupons.timesRedeemed} + ${coupons.timesReserved} < ${coupons.maxRedemptions})`,
              ),
            )
            .returning({ id: coupons.id })
          if (held.length === 0) return null
        }
        const [row] = await tx.insert(pendingCheckouts).values(values).returning()
        if (!row) throw new Error('pending checkout not stored')
        return row
      })
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

    /** The provider made no payment: the checkout goes, and its coupon hold with it. */
    async discardCheckout(checkoutId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(pendingCheckouts)
          .where(and(eq(pendingCheckouts.id, checkoutId), eq(pendingCheckouts.status, 'pending')))
          .returning()
        if (removed?.couponReserved && removed.couponId) {
          await tx
            .update(coupons)
            .set({ timesReserved: sql`greatest(${coupons.timesReserved} - 1, 0)` })
            .where(eq(coupons.id, removed.couponId))
        }
      })
    },

    async findCheckout(paymentIntentId: string): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .select()
        .from(pendingCheckouts)
        .where(eq(pendingCheckouts.paymentIntentId, paymentIntentId))
        .limit(1)
      return row
    },

    async updateCheckoutDelivery(id: string, deliveryInfo: unknown): Promise<void> {
      await db
        .update(pendingCheckouts)
        .set({ deliveryInfo })
        .where(and(eq(pendingCheckouts.id, id), sql`${pendingCheckouts.status} <> 'completed'`))
    },

    /** Pending checkouts older than the cut-off: their payments are looked up and settled. */
    async staleCheckouts(olderThan: Date, limit: number): Promise<CheckoutRow[]> {
      return db
        .select()
        .from(pendingCheckouts)
        .where(
          and(eq(pendingCheckouts.status, 'pending'), lt(pendingCheckouts.createdAt, olderThan)),
        )
        .orderBy(pendingCheckouts.createdAt)
        .limit(limit)
    },

    /**
     * A checkout whose payment failed or was abandoned gives back its coupon hold. Only a
     * pending checkout changes: one that already has its order stays completed.
     */
    async closeCheckout(paymentIntentId: string, status: 'failed' | 'abandoned'): Promise<void> {
      await db.transaction(async (tx) => {
        const [checkout] = await tx
          .select()
          .from(pendingCheckouts)
          .where(eq(pendingCheckouts.paymentIntentId, paymentIntentId))
          .for('update')
        if (!checkout || checkout.status !== 'pending') return
        await tx
          .update(pendingCheckouts)
          .set({ status, couponReserved: false })
          .where(eq(pendingCheckouts.id, checkout.id))
        if (checkout.couponReserved && checkout.couponId) {
          await tx
            .update(coupons)
            .set({ timesReserved: sql`greatest(${coupons.timesReserved} - 1, 0)` })
            .where(eq(coupons.id, checkout.couponId))
        }
      })
    },

    /**
     * The order, its items and the coupon redemption in one transaction. The locked checkout
     * and the unique payment id make a second order impossible: a racing call gets null and
     * reads the first one. A checkout that is already completed never makes another.
     */
    async createOrder(
      checkoutId: string,
      order: NewOrder,
      items: NewOrderItem[],
      discountCents: number,
    ): Promise<{ order: OrderWithItems; couponOverLimit: boolean } | null> {
      return db.transaction(async (tx) => {
        const [checkout] = await tx
          .select()
          .from(pendingCheckouts)
          .where(eq(pendingCheckouts.id, checkoutId))
          .for('update')
        if (!checkout) throw new Error(`checkout ${checkoutId} vanished`)
        // completed while we waited for the lock (a racing call), or long ago with its order
        // deleted by an admin since: either way no order is made here
        if (checkout.status === 'completed') return null
        const [created] = await tx
          .insert(orders)
          .values(order)
          .onConflictDoNothing({ target: orders.paymentIntentId })
          .returning()
        if (!created) return null
        const createdItems = await tx
          .insert(orderItems)
          .values(items.map((item) => ({ ...item, orderId: created.id })))
          .returning()
        let couponOverLimit = false
        if (checkout.couponId) {
          const redeemed = await tx
            .update(coupons)
            .set(
              checkout.couponReserved
                ? {
                    timesRedeemed: sql`${coupons.timesRedeemed} + 1`,
                    timesReserved: sql`greatest(${coupons.timesReserved} - 1, 0)`,
                  }
                : { timesRedeemed: sql`${coupons.timesRedeemed} + 1` },
            )
            .where(
              checkout.couponReserved
                ? eq(coupons.id, checkout.couponId)
                : and(
                    eq(coupons.id, checkout.couponId),
                    sql`(${coupons.maxRedemptions} is null or ${coupons.timesRedeemed} + ${coupons.timesReserved} < ${coupons.maxRedemptions})`,
                  ),
            )
            .returning({ id: coupons.id })
          // a hold released (payment failed, then paid after all) on a coupon used up since:
          // the customer paid the discounted price, so the order stands and the count stays
          couponOverLimit = redeemed.length === 0
          if (!couponOverLimit) {
            await tx.insert(couponRedemptions).values({
              couponId: checkout.couponId,
              orderId: created.id,
              userId: created.userId,
              discountAmount: (discountCents / 100).toFixed(2),
            })
          }
        }
        await tx
          .update(pendingCheckouts)
          .set({ status: 'completed', couponReserved: false })
          .where(eq(pendingCheckouts.id, checkoutId))
        return { order: { ...created, items: createdItems }, couponOverLimit }
      })
    },

    async findOrderByPayment(paymentIntentId: string): Promise<OrderWithItems | undefined> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.paymentIntentId, paymentIntentId))
        .limit(1)
      return (await withItems(rows))[0]
    },

    async ordersOfUser(userId: string): Promise<OrderWithItems[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
      return withItems(rows)
    },

    async findOrder(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
      return row
    },

    async itemsOfOrder(orderId: string): Promise<OrderItemRow[]> {
      return db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(orderItems.createdAt, orderItems.id)
    },
  }
}

export type CheckoutRepo = ReturnType<typeof createCheckoutRepo>
