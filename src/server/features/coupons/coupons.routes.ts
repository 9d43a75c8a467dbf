import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { CouponCheckInputSchema, CouponCheckSchema } from '#shared/schemas/coupon.ts'
import { COUPON_CHECK_RATE_LIMIT } from '../../plugins/rate-limit.ts'
import type { CouponsService } from './coupons.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

export function couponsRoutes(coupons: CouponsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/validate-coupon',
      {
        schema: {
          summary: 'Check a promo code, against a subtotal when given',
          tags: [API_TAG.coupons],
          body: CouponCheckInputSchema.meta({ examples: [{ code: 'FARM5', subtotal: '64.50' }] }),
          response: {
            200: CouponCheckSchema.meta({
              examples: [
                {
                  valid: true,
                  id: '3f0e8f5c-5b8e-4d0e-9a55-2f4c1f0f6a11',
                  percentOff: null,
                  amountOff: '5.00',
                  message: 'FARM5: $5.00 off orders of $60.00 or more',
                },
              ],
            }),
            400: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
        config: { rateLimit: COUPON_CHECK_RATE_LIMIT },
      },
      (request) => coupons.check(request.body),
    )
  }
}
