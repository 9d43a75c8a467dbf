import { z } from 'zod'
import { COUPON_MESSAGES } from '../domain/coupons.ts'
import { PriceStringSchema } from './product.ts'

/** POST /api/validate-coupon: the code (trimmed) and the basket's subtotal ("64.27"). */
export const CouponCheckInputSchema = z.strictObject({
  code: z
    .string({ error: COUPON_MESSAGES.empty })
    .trim()
    .min(1, COUPON_MESSAGES.empty)
    .max(64, COUPON_MESSAGES.unknown),
  subtotal: PriceStringSchema.optional(),
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
