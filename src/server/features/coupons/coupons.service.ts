import type { z } from 'zod'
import { decimalToCents, formatCents } from '#shared/domain/money.ts'
import { BUSINESS_TIME_ZONE } from '#shared/domain/delivery.ts'
import { COUPON_MESSAGES } from '#shared/domain/coupons.ts'
import type { CouponCheck, CouponCheckInputSchema } from '#shared/schemas/coupon.ts'
import type { CouponRow, CouponsRepo } from './coupons.repo.ts'

const startDate = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/** Why a coupon cannot be used now on this subtotal, or null when it can. */
export function couponProblem(coupon: CouponRow, subtotalCents: number, now: Date): string | null {
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
  if (coupon.minSubtotal !== null) {
    const minimum = decimalToCents(coupon.minSubtotal)
    if (subtotalCents < minimum) {
      return COUPON_MESSAGES.belowMinimum(
        formatCents(minimum),
        formatCents(minimum - subtotalCents),
      )
    }
  }
  return null
}

function describeDiscount(coupon: CouponRow): string {
  return coupon.percentOff !== null
    ? `${coupon.percentOff}% off`
    : `${formatCents(decimalToCents(coupon.amountOff ?? '0'))} off`
}

const refused = (message: string): CouponCheck => ({
  valid: false,
  id: null,
  percentOff: null,
  amountOff: null,
  message,
})

/** The coupon check of the basket drawer (issue 4 item 4). Checkout checks again. */
export function createCouponsService({
  repo,
  now = () => new Date(),
}: {
  repo: CouponsRepo
  now?: () => Date
}) {
  return {
    async check(input: z.output<typeof CouponCheckInputSchema>): Promise<CouponCheck> {
      const coupon = await repo.findByCode(input.code)
      if (!coupon) return refused(COUPON_MESSAGES.unknown)
      const subtotal = input.subtotal === undefined ? 0 : decimalToCents(input.subtotal)
      const problem = couponProblem(coupon, subtotal, now())
      if (problem) return refused(problem)
      return {
        valid: true,
        id: coupon.id,
        percentOff: coupon.percentOff,
        amountOff: coupon.amountOff,
        message: `${coupon.code} applied: ${describeDiscount(coupon)}`,
      }
    },
  }
}

export type CouponsService = ReturnType<typeof createCouponsService>
