import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  AdminCouponListSchema,
  AdminCouponSchema,
  AdminIdParamsSchema,
  CouponCreateInputSchema,
  CouponUpdateInputSchema,
} from '#shared/schemas/admin.ts'
import type { AdminDeps } from '../index.ts'
import { adminCouponsServiceFor } from './index.ts'

const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema }

/** Coupons (decisions §9); the admin guard covers every /api/admin route. */
export function adminCouponsRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const coupons = adminCouponsServiceFor(deps)
  return async (app) => {
    app.get(
      '/api/admin/coupons',
      { schema: { response: { 200: AdminCouponListSchema, ...guarded } } },
      () => coupons.list(),
    )

    app.post(
      '/api/admin/coupons',
      {
        schema: {
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
