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

const welcome10 = {
  id: '3a5c7e9b-1d2f-4e6a-8c0b-4d6f8a0c2e71',
  code: 'WELCOME10',
  percentOff: 10,
  amountOff: null,
  minSubtotal: null,
  maxRedemptions: null,
  startsAt: null,
  endsAt: null,
  active: true,
  timesRedeemed: 14,
  createdAt: '2026-09-01T14:00:00.000Z',
}
const farm5 = {
  ...welcome10,
  id: '8f1b3d5a-7c9e-4b2d-a4f6-0e2c4a6b8d93',
  code: 'FARM5',
  percentOff: null,
  amountOff: '5.00',
  minSubtotal: '60.00',
  timesRedeemed: 6,
}
const holiday = {
  ...welcome10,
  id: 'e5a7c9b1-3f2d-4a6c-8e0b-6d8f0a2c4e19',
  code: 'HOLIDAY15',
  percentOff: 15,
  maxRedemptions: 200,
  startsAt: '2026-12-01T06:00:00.000Z',
  endsAt: '2026-12-25T06:00:00.000Z',
  timesRedeemed: 0,
  createdAt: '2026-11-27T16:00:00.000Z',
}

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
          response: {
            200: AdminCouponListSchema.meta({ examples: [[welcome10, farm5]] }),
            ...guarded,
          },
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
          body: CouponCreateInputSchema.meta({
            examples: [
              {
                code: 'HOLIDAY15',
                percentOff: 15,
                maxRedemptions: 200,
                startsAt: holiday.startsAt,
                endsAt: holiday.endsAt,
              },
            ],
          }),
          response: {
            201: AdminCouponSchema.meta({ examples: [holiday] }),
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
          params: AdminIdParamsSchema.meta({ examples: [{ id: farm5.id }] }),
          body: CouponUpdateInputSchema.meta({ examples: [{ minSubtotal: '50.00' }] }),
          response: {
            200: AdminCouponSchema.meta({ examples: [{ ...farm5, minSubtotal: '50.00' }] }),
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
