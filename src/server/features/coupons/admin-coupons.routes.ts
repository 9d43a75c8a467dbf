import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { AdminIdParamsSchema } from '#shared/schemas/admin.ts'
import {
  AdminCouponListSchema,
  AdminCouponSchema,
  CouponCreateInputSchema,
  CouponUpdateInputSchema,
} from '#shared/schemas/coupon.ts'
import type { AdminCouponsService } from './admin-coupons.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema }

/** The Coupons tab (docs/product.md#coupons); the admin guard covers every /api/admin route. */
export function adminCouponsRoutes(coupons: AdminCouponsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/coupons',
      {
        schema: {
          summary: 'Every coupon, with the times it was redeemed',
          tags: [API_TAG.adminCoupons],
          response: { 200: AdminCouponListSchema, ...guarded },
        },
      },
      () => coupons.list(),
    )

    app.post(
      '/api/admin/coupons',
      {
        schema: {
          summary: 'Create a coupon (percent or amount off)',
          tags: [API_TAG.adminCoupons],
          body: CouponCreateInputSchema,
          response: {
            201: AdminCouponSchema,
            400: ErrorBodySchema,
            409: ErrorBodySchema,
            ...guarded,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await coupons.create(request.body)),
    )

    app.patch(
      '/api/admin/coupons/:id',
      {
        schema: {
          summary: 'Change a coupon’s active state, dates, limit or minimum',
          tags: [API_TAG.adminCoupons],
          params: AdminIdParamsSchema,
          body: CouponUpdateInputSchema,
          response: {
            200: AdminCouponSchema,
            400: ErrorBodySchema,
            404: ErrorBodySchema,
            ...guarded,
          },
        },
      },
      (request) => coupons.update(request.params.id, request.body),
    )
  }
}
