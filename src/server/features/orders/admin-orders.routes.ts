import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { AdminDeletedSchema, AdminIdParamsSchema } from '#shared/schemas/admin.ts'
import {
  ADMIN_ORDERS_DEFAULT_PAGE_SIZE,
  AdminOrderListQuerySchema,
  AdminOrderPageSchema,
  AdminOrderSchema,
  DeliveryStatusInputSchema,
  OrderStatusInputSchema,
} from '#shared/schemas/order.ts'
import { adminCallerOf } from '../../plugins/admin-guard.ts'
import type { OrdersService } from './orders.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import {
  EXAMPLE_ADMIN_EMAIL,
  EXAMPLE_ADMIN_ORDER,
  EXAMPLE_ORDER_PARAMS,
  EXAMPLE_SATURDAY,
} from '../../plugins/api-examples.ts'
import { ORDER_DELETED_MESSAGE } from './orders.service.ts'

const orderParams = AdminIdParamsSchema.meta({ examples: [EXAMPLE_ORDER_PARAMS] })

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
          querystring: AdminOrderListQuerySchema.meta({
            examples: [{ deliveryDate: EXAMPLE_SATURDAY, paymentStatus: 'authorized', page: 1 }],
          }),
          response: {
            200: AdminOrderPageSchema.meta({
              examples: [
                {
                  orders: [EXAMPLE_ADMIN_ORDER],
                  totalCount: 1,
                  page: 1,
                  pageSize: ADMIN_ORDERS_DEFAULT_PAGE_SIZE,
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
        return orders.list(request.query)
      },
    )

    app.patch(
      '/api/admin/orders/:id/status',
      {
        schema: {
          summary: 'Set an order’s status (the change is recorded)',
          tags: [API_TAG.adminOrders],
          params: orderParams,
          body: OrderStatusInputSchema.meta({ examples: [{ status: 'completed' }] }),
          response: {
            200: AdminOrderSchema.meta({
              examples: [
                {
                  ...EXAMPLE_ADMIN_ORDER,
                  status: 'completed',
                  statusHistory: [
                    ...EXAMPLE_ADMIN_ORDER.statusHistory,
                    {
                      id: '6a8c0e2b-4d1f-4b3a-8c5e-9d1f3b5d7a28',
                      field: 'status',
                      fromValue: 'confirmed',
                      toValue: 'completed',
                      changedByEmail: EXAMPLE_ADMIN_EMAIL,
                      createdAt: '2026-12-05T20:40:00.000Z',
                    },
                  ],
                },
              ],
            }),
            ...errors,
          },
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
          params: orderParams,
          body: DeliveryStatusInputSchema.meta({ examples: [{ deliveryStatus: 'preparing' }] }),
          response: {
            200: AdminOrderSchema.meta({
              examples: [
                {
                  ...EXAMPLE_ADMIN_ORDER,
                  deliveryStatus: 'preparing',
                  statusHistory: [
                    ...EXAMPLE_ADMIN_ORDER.statusHistory,
                    {
                      id: '2c4e6a8d-0b1f-4d3c-a5e7-1b3d5f7a9c40',
                      field: 'delivery_status',
                      fromValue: 'order_placed',
                      toValue: 'preparing',
                      changedByEmail: EXAMPLE_ADMIN_EMAIL,
                      createdAt: '2026-12-04T14:10:00.000Z',
                    },
                  ],
                },
              ],
            }),
            ...errors,
          },
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
          params: orderParams,
          response: {
            200: AdminDeletedSchema.meta({ examples: [{ message: ORDER_DELETED_MESSAGE }] }),
            ...errors,
          },
        },
      },
      (request) => orders.remove(request.params.id, adminCallerOf(request)),
    )
  }
}
