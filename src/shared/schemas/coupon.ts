import { z } from 'zod'
import { COUPON_MESSAGES } from '../domain/coupons.ts'
import { InstantSchema } from './dates.ts'
import { moneyInput, MoneyInputSchema } from './money.ts'
import { PriceStringSchema } from './product.ts'
import { TextSchema } from './text.ts'

/**
 * Coupons (docs/product.md#coupons): the basket's check and the admin's Coupons tab. Amounts
 * come in as a JSON number or a two-decimal string and are read into cents.
 */

/** POST /api/validate-coupon: the code (trimmed) and, optionally, the basket's subtotal. */
export const CouponCheckInputSchema = z.strictObject({
  code: z
    .string({ error: COUPON_MESSAGES.empty })
    .trim()
    .min(1, COUPON_MESSAGES.empty)
    .max(64, COUPON_MESSAGES.unknown),
  subtotal: MoneyInputSchema.optional(),
})
export type CouponCheckInput = z.input<typeof CouponCheckInputSchema>

export const CouponCheckSchema = z.object({
  valid: z.boolean(),
  id: z.uuid().nullable(),
  percentOff: z.number().int().nullable(),
  /** "5.00" */
  amountOff: PriceStringSchema.nullable(),
  message: z.string(),
})
export type CouponCheck = z.infer<typeof CouponCheckSchema>

/* The admin's coupons */

export const CouponCodeSchema = TextSchema.pipe(
  z
    .string()
    .trim()
    .min(1, 'Code is required')
    .max(32, 'Code must be at most 32 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
    .transform((code) => code.toUpperCase()),
)

const PercentOffSchema = z
  .number({ error: 'Percent off must be a number' })
  .int('Percent off must be a whole number')
  .min(1, 'Percent off must be between 1 and 100')
  .max(100, 'Percent off must be between 1 and 100')

const couponFields = {
  percentOff: PercentOffSchema.nullable().optional(),
  /** cents */
  amountOff: moneyInput()
    .refine((cents) => cents > 0, 'Amount must be greater than 0')
    .nullable()
    .optional(),
  /** cents */
  minSubtotal: MoneyInputSchema.nullable().optional(),
  maxRedemptions: z
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .nullable()
    .optional(),
  startsAt: InstantSchema.nullable().optional(),
  endsAt: InstantSchema.nullable().optional(),
  active: z.boolean().optional(),
}

const datesInOrder = (
  coupon: { startsAt?: string | null | undefined; endsAt?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (
    coupon.startsAt &&
    coupon.endsAt &&
    Date.parse(coupon.startsAt) >= Date.parse(coupon.endsAt)
  ) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' })
  }
}

/** `POST /api/admin/coupons`: a code and exactly one of percentOff or amountOff. */
export const CouponCreateInputSchema = z
  .strictObject({ code: CouponCodeSchema, ...couponFields })
  .superRefine((coupon, ctx) => {
    const kinds = (coupon.percentOff == null ? 0 : 1) + (coupon.amountOff == null ? 0 : 1)
    if (kinds !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: 'Give either a percent off or an amount off',
      })
    }
    datesInOrder(coupon, ctx)
  })
export type CouponCreateInput = z.input<typeof CouponCreateInputSchema>

/** `PATCH /api/admin/coupons/:id`: any of the fields; the kind of discount cannot change. */
export const CouponUpdateInputSchema = z
  .strictObject({
    active: couponFields.active,
    minSubtotal: couponFields.minSubtotal,
    maxRedemptions: couponFields.maxRedemptions,
    startsAt: couponFields.startsAt,
    endsAt: couponFields.endsAt,
  })
  .superRefine(datesInOrder)
export type CouponUpdateInput = z.input<typeof CouponUpdateInputSchema>

export const AdminCouponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOff: PriceStringSchema.nullable(),
  minSubtotal: PriceStringSchema.nullable(),
  maxRedemptions: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  timesRedeemed: z.number().int(),
  createdAt: z.string(),
})
export type AdminCoupon = z.infer<typeof AdminCouponSchema>
export const AdminCouponListSchema = z.array(AdminCouponSchema)
