import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  DeliveredInputSchema,
  DriverDaySchema,
  DriverRouteSchema,
  DriverStopSchema,
  OutForDeliveryInputSchema,
  RouteIdParamsSchema,
  SaturdayParamsSchema,
  StopParamsSchema,
} from '#shared/schemas/routes.ts'
import { AppError } from '../../app-error.ts'
import type { SignedIn } from '../auth/index.ts'
import type { DriverService, StaffCaller } from './driver.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import {
  EXAMPLE_IDS,
  EXAMPLE_ROUTE,
  EXAMPLE_SATURDAY,
  EXAMPLE_STOP,
} from '../../plugins/api-examples.ts'

const stop = {
  ...EXAMPLE_STOP,
  bags: 2,
  orders: EXAMPLE_STOP.orders.map((order) => ({ ...order, bags: 2 })),
}
const route = { ...EXAMPLE_ROUTE, stops: [stop] }
const deliveredNow = {
  deliveryStatus: 'delivered' as const,
  deliveredAt: '2026-12-05T09:42:00-06:00',
  deliveryNote: 'Left on the porch swing',
}
const delivered = {
  ...stop,
  ...deliveredNow,
  orders: stop.orders.map((order) => ({ ...order, ...deliveredNow })),
}
const stopParams = StopParamsSchema.meta({ examples: [{ orderId: EXAMPLE_IDS.order }] })

/** Everything under this path is the driver's API: drivers and admins only. */
export const DRIVER_API_PREFIX = '/api/driver'

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
}

/**
 * The driver's phone view (docs/product.md#routes). One hook guards every route of this plugin
 * before the body is read: 401 signed out, 403 for a user who is neither a driver nor an admin.
 * Which route's stops a driver may mark is the service's check.
 */
export function driverRoutes({
  driver,
  auth,
}: {
  driver: DriverService
  auth: SignedIn
}): FastifyPluginAsyncZod {
  return async (app) => {
    const callers = new WeakMap<FastifyRequest, StaffCaller>()
    app.addHook('onRequest', async (request) => {
      const { user, isAdmin, isDriver } = await auth.signedIn(request)
      if (!isAdmin && !isDriver) throw new AppError('FORBIDDEN')
      callers.set(request, { id: user.id, email: user.email, isAdmin })
    })
    const callerOf = (request: FastifyRequest) => {
      const caller = callers.get(request)
      if (!caller) throw new AppError('UNAUTHORIZED')
      return caller
    }

    app.get(
      `${DRIVER_API_PREFIX}/:saturday`,
      {
        schema: {
          summary: 'The driver’s Saturday: their routes and stops',
          tags: [API_TAG.drivers],
          params: SaturdayParamsSchema.meta({ examples: [{ saturday: EXAMPLE_SATURDAY }] }),
          response: {
            200: DriverDaySchema.meta({
              examples: [{ saturday: EXAMPLE_SATURDAY, markable: true, routes: [route] }],
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        return driver.day(request.params.saturday, callerOf(request))
      },
    )

    app.post(
      `${DRIVER_API_PREFIX}/routes/:id/out-for-delivery`,
      {
        schema: {
          summary: 'Mark a route out for delivery (each customer is e-mailed once)',
          tags: [API_TAG.drivers],
          params: RouteIdParamsSchema.meta({ examples: [{ id: EXAMPLE_ROUTE.id }] }),
          body: OutForDeliveryInputSchema.meta({ examples: [{ saturday: EXAMPLE_SATURDAY }] }),
          response: { 200: DriverRouteSchema.meta({ examples: [route] }), ...errors },
        },
      },
      (request) =>
        driver.outForDelivery(request.params.id, callerOf(request), request.body?.saturday),
    )

    app.post(
      `${DRIVER_API_PREFIX}/stops/:orderId/delivered`,
      {
        schema: {
          summary: 'Mark a stop delivered: each of its orders',
          tags: [API_TAG.drivers],
          params: stopParams,
          body: DeliveredInputSchema.meta({ examples: [{ note: 'Left on the porch swing' }] }),
          response: { 200: DriverStopSchema.meta({ examples: [delivered] }), ...errors },
        },
      },
      (request) =>
        driver.delivered(request.params.orderId, callerOf(request), request.body?.note || null),
    )

    // within the undo window only (docs/product.md#routes); 409 after it or when not delivered
    app.post(
      `${DRIVER_API_PREFIX}/stops/:orderId/delivered/undo`,
      {
        schema: {
          summary: 'Undo a “delivered” tap within 5 minutes',
          tags: [API_TAG.drivers],
          params: stopParams,
          response: { 200: DriverStopSchema.meta({ examples: [stop] }), ...errors },
        },
      },
      (request) => driver.undoDelivered(request.params.orderId, callerOf(request)),
    )
  }
}
