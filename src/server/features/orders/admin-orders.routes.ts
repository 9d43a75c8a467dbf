import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { AdminDeletedSchema, AdminIdParamsSchema } from '#shared/schemas/admin.ts'
import {
  AdminOrderListQuerySchema,
  AdminOrderPageSchema,
  AdminOrderSchema,
  DeliveryStatusInputSchema,
  OrderStatusInputSchema,
} from '#shared/schemas/order.ts'
import { adminCallerOf } from '../../plugins/admin-guard.ts'
import type { OrdersService } from './orders.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
}

/** The dashboard's Orders tab (docs/product.md#admin); the admin guard covers /api/admin. */
export function adminOrdersRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/orders',
      {
        schema: {
          summary: 'Orders by delivery day and statuses, newest first, a page at a time',
          tags: [API_TAG.adminOrders],
          querystring: AdminOrderListQuerySchema,
          response: { 200: AdminOrderPageSchema, ...errors },
        },
      },
      async (request, reply) => {
        // customers' names and addresses: no shared or browser cache keeps a copy
        void reply.header('cache-control', 'no-store')
        return orders.list(request.query)
      },
    )

    app.patch(
      '/api/admin/orders/:id/status',
      {
        schema: {
          summary: 'Set an order’s status (the change is recorded)',
          tags: [API_TAG.adminOrders],
          params: AdminIdParamsSchema,
          body: OrderStatusInputSchema,
          response: { 200: AdminOrderSchema, ...errors },
        },
      },
      (request) => orders.setStatus(request.params.id, request.body.status, adminCallerOf(request)),
    )

    app.patch(
      '/api/admin/orders/:id/delivery-status',
      {
        schema: {
          summary: 'Set an order’s delivery status (the change is recorded)',
          tags: [API_TAG.adminOrders],
          params: AdminIdParamsSchema,
          body: DeliveryStatusInputSchema,
          response: { 200: AdminOrderSchema, ...errors },
        },
      },
      (request) =>
        orders.setDeliveryStatus(
          request.params.id,
          request.body.deliveryStatus,
          adminCallerOf(request),
        ),
    )

    app.delete(
      '/api/admin/orders/:id',
      {
        schema: {
          summary: 'Delete an order, its items and history',
          tags: [API_TAG.adminOrders],
          params: AdminIdParamsSchema,
          response: { 200: AdminDeletedSchema, ...errors },
        },
      },
      (request) => orders.remove(request.params.id, adminCallerOf(request)),
    )
  }
}
