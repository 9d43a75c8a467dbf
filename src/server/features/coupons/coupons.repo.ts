import { and, eq, sql } from 'drizzle-orm'
import { couponRedemptions, coupons } from '../../db/schema/coupons.ts'
import type { Executor } from '../../db/transaction.ts'

export type CouponRow = typeof coupons.$inferSelect

/** there is a use left: redeemed and held together stay under the limit */
const USE_LEFT = sql`(${coupons.maxRedemptions} is null or ${coupons.timesRedeemed} + ${coupons.timesReserved} < ${coupons.maxRedemptions})`

/**
 * The coupons the shop reads at checkout, and the counts its payments and orders change. Each
 * count changes in one conditional statement, so a coupon with a limit of N is never held or
 * redeemed more than N times however many checkouts race (docs/product.md#coupons).
 */
export function createCouponsRepo(db: Executor) {
  return {
    within: (tx: Executor) => createCouponsRepo(tx),

    /** codes are unique ignoring case */
    async findByCode(code: string): Promise<CouponRow | undefined> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(sql`lower(${coupons.code}) = lower(${code})`)
        .limit(1)
      return row
    },

    /** Holds one use of a limited coupon; false when none is left. */
    async hold(couponId: string): Promise<boolean> {
      const held = await db
        .update(coupons)
        .set({ timesReserved: sql`${coupons.timesReserved} + 1` })
        .where(and(eq(coupons.id, couponId), USE_LEFT))
        .returning({ id: coupons.id })
      return held.length === 1
    },

    async releaseHold(couponId: string): Promise<void> {
      await db
        .update(coupons)
        .set({ timesReserved: sql`greatest(${coupons.timesReserved} - 1, 0)` })
        .where(eq(coupons.id, couponId))
    },

    /**
     * Counts an order's use: a held use turns into a redemption; without a hold, only while a
     * use is left. False when the coupon was used up meanwhile (nothing is written then).
     */
    async redeem(redemption: {
      couponId: string
      held: boolean
      orderId: string
      userId: string
      discountAmount: string
    }): Promise<boolean> {
      const counted = await db
        .update(coupons)
        .set(
          redemption.held
            ? {
                timesRedeemed: sql`${coupons.timesRedeemed} + 1`,
                timesReserved: sql`greatest(${coupons.timesReserved} - 1, 0)`,
              }
            : { timesRedeemed: sql`${coupons.timesRedeemed} + 1` },
        )
        .where(
          redemption.held
            ? eq(coupons.id, redemption.couponId)
            : and(eq(coupons.id, redemption.couponId), USE_LEFT),
        )
        .returning({ id: coupons.id })
      if (counted.length === 0) return false
      await db.insert(couponRedemptions).values({
        couponId: redemption.couponId,
        orderId: redemption.orderId,
        userId: redemption.userId,
        discountAmount: redemption.discountAmount,
      })
      return true
    },

    /**
     * An order's redemption no longer counts (the order is cancelled, deleted, or changed so its
     * coupon no longer applies). The row goes with it, so a second call gives nothing back.
     */
    async giveBack(orderId: string): Promise<void> {
      const [redemption] = await db
        .delete(couponRedemptions)
        .where(eq(couponRedemptions.orderId, orderId))
        .returning({ couponId: couponRedemptions.couponId })
      if (!redemption) return
      await db
        .update(coupons)
        .set({ timesRedeemed: sql`greatest(${coupons.timesRedeemed} - 1, 0)` })
        .where(eq(coupons.id, redemption.couponId))
    },

    /** The discount a changed order now gets from its coupon. */
    async updateRedemption(orderId: string, discountAmount: string): Promise<void> {
      await db
        .update(couponRedemptions)
        .set({ discountAmount })
        .where(eq(couponRedemptions.orderId, orderId))
    },
  }
}

export type CouponsRepo = ReturnType<typeof createCouponsRepo>
