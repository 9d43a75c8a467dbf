import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  DeliveryRouteSchema,
  RouteIdParamsSchema,
  RouteInputSchema,
  RouteListSchema,
  RouteWithStopsSchema,
  SaturdayParamsSchema,
  StopOrderInputSchema,
  WeekRouteParamsSchema,
  WeekRoutesSchema,
} from '#shared/schemas/routes.ts'
import type { RoutesService } from './routes.service.ts'
import { API_TAG, textAnswer } from '../../plugins/api-reference.ts'
import {
  EXAMPLE_IDS,
  EXAMPLE_ROUTE,
  EXAMPLE_SATURDAY,
  EXAMPLE_STOP,
} from '../../plugins/api-examples.ts'

const routeParams = RouteIdParamsSchema.meta({ examples: [{ id: EXAMPLE_ROUTE.id }] })
const saturdayParams = SaturdayParamsSchema.meta({ examples: [{ saturday: EXAMPLE_SATURDAY }] })
const routeInput = RouteInputSchema.meta({
  examples: [
    {
      name: EXAMPLE_ROUTE.name,
      zips: EXAMPLE_ROUTE.zips,
      driverUserId: EXAMPLE_ROUTE.driver?.id ?? null,
    },
  ],
})
const deliveryRoute = DeliveryRouteSchema.meta({ examples: [EXAMPLE_ROUTE] })
/** packed, not yet on its way: the admin orders the stops on Saturday morning */
const packedStop = {
  ...EXAMPLE_STOP,
  deliveryStatus: 'preparing' as const,
  orders: EXAMPLE_STOP.orders.map((order) => ({ ...order, deliveryStatus: 'preparing' as const })),
}
/** a household that checked out twice: one stop, both orders (docs/product.md#routes-and-deliveries) */
const neighbourOrder = {
  orderId: '7b9d1f3a-5c2e-4a8b-9d0f-1a3c5e7b9d26',
  orderNumber: '#7B9D1F3A',
  customerName: 'Priya Shah',
  itemsCount: 6,
  specialInstructions: null,
  deliveryStatus: 'preparing' as const,
  deliveredAt: null,
  deliveryNote: null,
  paymentPending: false,
}
const neighbourStop = {
  ...packedStop,
  orderId: neighbourOrder.orderId,
  orderNumber: neighbourOrder.orderNumber,
  customerName: neighbourOrder.customerName,
  phone: '832-555-0187',
  street: '1510 Westheimer Rd, Apt 2',
  zip: '77006',
  address: '1510 Westheimer Rd, Apt 2, Houston, TX 77006',
  specialInstructions: null,
  itemsCount: 8,
  orders: [
    neighbourOrder,
    {
      ...neighbourOrder,
      orderId: '8c0e2a4b-6d3f-4b9c-8e1a-2b4d6f8a0c37',
      orderNumber: '#8C0E2A4B',
      itemsCount: 2,
    },
  ],
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
}

/** The admin's routes and the Saturday's stops (docs/product.md#routes); the admin guard covers /api/admin. */
export function adminRoutesRoutes(routes: RoutesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/routes',
      {
        schema: {
          summary: 'The delivery routes, their ZIP prefixes and drivers',
          tags: [API_TAG.adminRoutes],
          response: {
            200: RouteListSchema.meta({
              examples: [
                {
                  routes: [EXAMPLE_ROUTE],
                  drivers: EXAMPLE_ROUTE.driver ? [EXAMPLE_ROUTE.driver] : [],
                },
              ],
            }),
            ...errors,
          },
        },
      },
      () => routes.list(),
    )

    app.post(
      '/api/admin/routes',
      {
        schema: {
          summary: 'Draw a delivery route',
          tags: [API_TAG.adminRoutes],
          body: routeInput,
          response: { 201: deliveryRoute, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await routes.create(request.body)),
    )

    app.put(
      '/api/admin/routes/:id',
      {
        schema: {
          summary: 'Change a delivery route',
          tags: [API_TAG.adminRoutes],
          params: routeParams,
          body: routeInput,
          response: { 200: deliveryRoute, ...errors },
        },
      },
      (request) => routes.update(request.params.id, request.body),
    )

    app.delete(
      '/api/admin/routes/:id',
      {
        schema: {
          summary: 'Delete a delivery route',
          tags: [API_TAG.adminRoutes],
          params: routeParams,
          response: {
            200: z
              .object({ message: z.string() })
              .meta({ examples: [{ message: 'Route deleted' }] }),
            ...errors,
          },
        },
      },
      (request) => routes.remove(request.params.id),
    )

    app.get(
      '/api/admin/week/:saturday/routes',
      {
        schema: {
          summary: 'The Saturday’s routes with their stops in order',
          tags: [API_TAG.adminRoutes],
          params: saturdayParams,
          response: {
            200: WeekRoutesSchema.meta({
              examples: [
                {
                  saturday: EXAMPLE_SATURDAY,
                  routes: [{ ...EXAMPLE_ROUTE, stops: [packedStop, neighbourStop] }],
                  unassigned: [],
                },
              ],
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        // customers' names and addresses: no shared or browser cache keeps a copy
        void reply.header('cache-control', 'no-store')
        return routes.week(request.params.saturday)
      },
    )

    app.put(
      '/api/admin/week/:saturday/routes/:id/stops',
      {
        schema: {
          summary: 'Set the order of a route’s stops for the Saturday',
          tags: [API_TAG.adminRoutes],
          params: WeekRouteParamsSchema.meta({
            examples: [{ saturday: EXAMPLE_SATURDAY, id: EXAMPLE_ROUTE.id }],
          }),
          body: StopOrderInputSchema.meta({
            examples: [
              {
                orderIds: [
                  ...neighbourStop.orders.map(({ orderId }) => orderId),
                  EXAMPLE_IDS.order,
                ],
              },
            ],
          }),
          response: {
            200: RouteWithStopsSchema.meta({
              examples: [{ ...EXAMPLE_ROUTE, stops: [neighbourStop, packedStop] }],
            }),
            ...errors,
          },
        },
      },
      (request) =>
        routes.saveStops(request.params.saturday, request.params.id, request.body.orderIds),
    )

    app.get(
      '/api/admin/week/:saturday/routes.csv',
      {
        schema: {
          summary: 'The Saturday’s routes as a CSV file for route planners',
          tags: [API_TAG.adminRoutes],
          params: saturdayParams,
          response: {
            200: textAnswer(
              'text/csv',
              'The stops, one row each (its orders’ numbers in the last column), route by route in their order',
            ),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const csv = await routes.weekCsv(request.params.saturday)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.fileName}"`)
          .header('cache-control', 'no-store')
          .send(csv.body)
      },
    )
  }
}
