import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  OrderIdParamsSchema,
  OrderItemSchema,
  OrderListSchema,
  OrderSchema,
} from '#shared/schemas/order.ts'
import { BuyAgainListSchema } from '#shared/schemas/product.ts'
import { SaturdaySchema } from '#shared/schemas/week.ts'
import type { SignedIn } from '../auth/index.ts'
import type { OrdersService } from './orders.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import {
  EXAMPLE_ORDER,
  EXAMPLE_ORDER_ITEMS,
  EXAMPLE_ORDER_PARAMS,
  EXAMPLE_PRODUCT,
  EXAMPLE_SATURDAY,
} from '../../plugins/api-examples.ts'

const orderParams = OrderIdParamsSchema.meta({ examples: [EXAMPLE_ORDER_PARAMS] })

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema }

/** The signed-in customer's orders (docs/product.md#orders). */
export function ordersRoutes({
  orders,
  auth,
}: {
  orders: OrdersService
  auth: SignedIn
}): FastifyPluginAsyncZod {
  return async (app) => {
    // the shop's "Buy again" row (docs/product.md#buy-again): the caller's own orders only
    app.get(
      '/api/orders/buy-again',
      {
        schema: {
          summary: 'Products from the customer’s past orders, for “Buy again”',
          tags: [API_TAG.orders],
          response: {
            200: BuyAgainListSchema.meta({ examples: [[EXAMPLE_PRODUCT]] }),
            401: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const { user } = await auth.signedIn(request)
        return orders.buyAgain(user.id)
      },
    )

    // both paths answer the same list: the pages call one or the other
    for (const [path, summary] of [
      ['/api/orders/my-orders', 'The signed-in customer’s orders, newest first, with their items'],
      ['/api/orders', 'The same list as /api/orders/my-orders'],
    ] as const) {
      app.get(
        path,
        {
          schema: {
            summary,
            tags: [API_TAG.orders],
            response: { 200: OrderListSchema.meta({ examples: [[EXAMPLE_ORDER]] }), ...errors },
          },
        },
        async (request, reply) => {
          void reply.header('cache-control', 'no-store')
          const { user } = await auth.signedIn(request)
          return orders.ordersOf(user.id)
        },
      )
    }

    app.get(
      '/api/orders/open',
      {
        schema: {
          summary: 'The customer’s open order for a Saturday, to add a basket to (404 when none)',
          tags: [API_TAG.orders],
          querystring: z
            .strictObject({ saturday: SaturdaySchema })
            .meta({ examples: [{ saturday: EXAMPLE_SATURDAY }] }),
          response: { 200: OrderSchema.meta({ examples: [EXAMPLE_ORDER] }), ...errors },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const { user } = await auth.signedIn(request)
        return orders.openOrderOn(user.id, request.query.saturday)
      },
    )

    app.get(
      '/api/orders/:id',
      {
        schema: {
          summary: 'One of the customer’s orders (its version as the ETag)',
          tags: [API_TAG.orders],
          params: orderParams,
          response: { 200: OrderSchema.meta({ examples: [EXAMPLE_ORDER] }), ...errors },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const { user } = await auth.signedIn(request)
        const order = await orders.orderOf(request.params.id, user.id)
        void reply.header('etag', `"${order.version}"`)
        return order
      },
    )

    app.get(
      '/api/orders/:id/items',
      {
        schema: {
          summary: 'An order’s items',
          tags: [API_TAG.orders],
          params: orderParams,
          response: {
            200: z.array(OrderItemSchema).meta({ examples: [EXAMPLE_ORDER_ITEMS] }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const { user, isAdmin } = await auth.signedIn(request)
        return orders.itemsOf(request.params.id, { userId: user.id, isAdmin })
      },
    )
  }
}
