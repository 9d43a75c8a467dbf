import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import { COUPON_MESSAGES } from '#shared/domain/coupons.ts'
import { centsToDecimal, decimalToCents, formatCents, type Cents } from '#shared/domain/money.ts'
import type { Discount } from '#shared/domain/pricing.ts'
import type { CouponCheck, CouponCheckInput } from '#shared/schemas/coupon.ts'
import type { Transaction } from '../../db/transaction.ts'
import type { CouponRow, CouponsRepo } from './coupons.repo.ts'

const startDate = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/** A coupon checkout applies: what pricing needs, and whether its uses are limited. */
export interface AppliedCoupon {
  readonly id: string
  readonly code: string
  readonly discount: Discount
  /** a limited coupon holds a use from payment to order */
  readonly limited: boolean
}

/** Why the code itself cannot be used now (inactive, not started, ended, used up), or null. */
function codeProblem(coupon: CouponRow, now: Date): string | null {
  if (!coupon.active) return COUPON_MESSAGES.inactive
  if (coupon.startsAt && coupon.startsAt > now) {
    return COUPON_MESSAGES.notStarted(startDate.format(coupon.startsAt))
  }
  if (coupon.endsAt && coupon.endsAt <= now) return COUPON_MESSAGES.ended
  if (
    coupon.maxRedemptions !== null &&
    coupon.timesRedeemed + coupon.timesReserved >= coupon.maxRedemptions
  ) {
    return COUPON_MESSAGES.exhausted
  }
  return null
}

/** Why the coupon cannot be used on this subtotal (its minimum), or null. */
function subtotalProblem(coupon: CouponRow, subtotal: Cents): string | null {
  if (coupon.minSubtotal === null) return null
  const minimum = decimalToCents(coupon.minSubtotal)
  return subtotal < minimum
    ? COUPON_MESSAGES.belowMinimum(formatCents(minimum), formatCents(minimum - subtotal))
    : null
}

const discountOf = (coupon: CouponRow): Discount =>
  coupon.percentOff !== null
    ? { percentOff: coupon.percentOff }
    : { amountOff: decimalToCents(coupon.amountOff ?? '0') }

const describeDiscount = (coupon: CouponRow): string =>
  coupon.percentOff !== null
    ? `${coupon.percentOff}% off`
    : `${formatCents(decimalToCents(coupon.amountOff ?? '0'))} off`

/** "FARM5 applied: $5.00 off"; judged without a subtotal, the minimum is told as well. */
function appliedMessage(coupon: CouponRow, subtotalKnown: boolean): string {
  if (subtotalKnown || coupon.minSubtotal === null) {
    return `${coupon.code} applied: ${describeDiscount(coupon)}`
  }
  const minimum = formatCents(decimalToCents(coupon.minSubtotal))
  return `${coupon.code}: ${describeDiscount(coupon)} orders of ${minimum} or more`
}

const refused = (message: string): CouponCheck => ({
  valid: false,
  id: null,
  percentOff: null,
  amountOff: null,
  message,
})

/**
 * Coupons (docs/product.md#coupons): the basket's check, checkout's judgement, and the counts
 * a payment holds and an order redeems, inside the caller's transaction.
 */
export function createCouponsService({
  repo,
  now = () => new Date(),
}: {
  repo: CouponsRepo
  now?: () => Date
}) {
  return {
    /**
     * The basket's check. With only a code, the code itself is judged (a minimum subtotal is
     * told in the message); with a subtotal, the minimum is enforced too. Checkout checks again.
     */
    async check(input: CouponCheckInput & { subtotal?: Cents | undefined }): Promise<CouponCheck> {
      const coupon = await repo.findByCode(input.code)
      if (!coupon) return refused(COUPON_MESSAGES.unknown)
      const problem =
        codeProblem(coupon, now()) ??
        (input.subtotal === undefined ? null : subtotalProblem(coupon, input.subtotal))
      if (problem) return refused(problem)
      return {
        valid: true,
        id: coupon.id,
        percentOff: coupon.percentOff,
        amountOff: coupon.amountOff,
        message: appliedMessage(coupon, input.subtotal !== undefined),
      }
    },

    /** Checkout's judgement of a code on a subtotal: the coupon to apply, or why not. */
    async judge(
      code: string,
      subtotal: Cents,
      at: Date,
    ): Promise<{ coupon: AppliedCoupon } | { problem: string }> {
      const coupon = await repo.findByCode(code)
      if (!coupon) return { problem: COUPON_MESSAGES.unknown }
      const problem = codeProblem(coupon, at) ?? subtotalProblem(coupon, subtotal)
      if (problem) return { problem }
      return {
        coupon: {
          id: coupon.id,
          code: coupon.code,
          discount: discountOf(coupon),
          limited: coupon.maxRedemptions !== null,
        },
      }
    },

    /**
     * A changed order's coupon, judged again (docs/product.md#order-changes): the use it holds
     * is its own, so a used-up coupon still applies, and its dates are judged when the order was
     * placed; a coupon switched off since, or a subtotal now below its minimum, drops it.
     */
    async judgeForOrder(
      code: string,
      subtotal: Cents,
      placedAt: Date,
    ): Promise<{ coupon: AppliedCoupon } | { problem: string }> {
      const coupon = await repo.findByCode(code)
      if (!coupon) return { problem: COUPON_MESSAGES.unknown }
      const unlimited = { ...coupon, maxRedemptions: null }
      const problem = codeProblem(unlimited, placedAt) ?? subtotalProblem(coupon, subtotal)
      if (problem) return { problem }
      return {
        coupon: {
          id: coupon.id,
          code: coupon.code,
          discount: discountOf(coupon),
          limited: coupon.maxRedemptions !== null,
        },
      }
    },

    /** A changed order's new discount, kept on its redemption. */
    updateRedemptionWithin: (tx: Transaction, orderId: string, discount: Cents) =>
      repo.within(tx).updateRedemption(orderId, centsToDecimal(discount)),

    /** Holds a use of a limited coupon for a payment; false when none is left. */
    holdWithin: (tx: Transaction, couponId: string) => repo.within(tx).hold(couponId),

    /** A payment that failed or was abandoned gives its held use back. */
    releaseHoldWithin: (tx: Transaction, couponId: string) => repo.within(tx).releaseHold(couponId),

    /** Counts an order's use (false: used up meanwhile, nothing counted). */
    redeemWithin: (
      tx: Transaction,
      redemption: {
        couponId: string
        held: boolean
        orderId: string
        userId: string
        discount: Cents
      },
    ) =>
      repo.within(tx).redeem({
        couponId: redemption.couponId,
        held: redemption.held,
        orderId: redemption.orderId,
        userId: redemption.userId,
        discountAmount: centsToDecimal(redemption.discount),
      }),

    /** A cancelled or deleted order's use counts no more (once, however often it is called). */
    giveBackWithin: (tx: Transaction, orderId: string) => repo.within(tx).giveBack(orderId),
  }
}

export type CouponsService = ReturnType<typeof createCouponsService>
