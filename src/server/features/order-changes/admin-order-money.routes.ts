import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { AdminIdParamsSchema } from '#shared/schemas/admin.ts'
import { AdminOrderSchema, OrderConflictSchema, OrderRefundSchema } from '#shared/schemas/order.ts'
import {
  AdminRefundInputSchema,
  IdempotencyKeySchema,
  JobRunListSchema,
  ReleaseOrderInputSchema,
} from '#shared/schemas/order-changes.ts'
import {
  ItemShortInputSchema,
  ItemShortPreviewQuerySchema,
  ItemShortPreviewSchema,
  ItemShortResultSchema,
  OrderItemParamsSchema,
} from '#shared/schemas/shortfalls.ts'
import { z } from 'zod'
import { adminCallerOf, adminWithFreshPasswordOf } from '../../plugins/admin-guard.ts'
import type { OrderChangesService } from './order-changes.service.ts'
import type { JobRunsView } from './job-runs.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import {
  EXAMPLE_ADMIN_EMAIL,
  EXAMPLE_ADMIN_ORDER,
  EXAMPLE_CANCELLED_ORDER,
  EXAMPLE_ORDER_ITEM_PARAMS,
  EXAMPLE_ORDER_PARAMS,
  EXAMPLE_SATURDAY,
} from '../../plugins/api-examples.ts'
import { CUTOFF_JOB } from './cutoff.ts'

const orderParams = AdminIdParamsSchema.meta({ examples: [EXAMPLE_ORDER_PARAMS] })
const itemParams = OrderItemParamsSchema.meta({ examples: [EXAMPLE_ORDER_ITEM_PARAMS] })
const shortQuantity = ItemShortPreviewQuerySchema.meta({ examples: [{ quantity: 1 }] })
const RELEASE_NOTE = 'Paid by Zelle on Friday'

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: z.union([OrderConflictSchema, ErrorBodySchema]),
  503: ErrorBodySchema,
}

/** The staff's money actions and the cut-off's runs (docs/product.md#order-payments). */
export function adminOrderMoneyRoutes({
  changes,
  runs,
}: {
  changes: OrderChangesService
  runs: JobRunsView
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/orders/:id/cancel',
      {
        schema: {
          summary: 'Cancel an order: its card is voided, or refunded in full once captured',
          tags: [API_TAG.adminOrders],
          params: orderParams,
          body: z
            .strictObject({})
            .optional()
            .meta({ examples: [{}] }),
          response: {
            200: AdminOrderSchema.meta({
              examples: [
                {
                  ...EXAMPLE_ADMIN_ORDER,
                  ...EXAMPLE_CANCELLED_ORDER,
                  history: [
                    ...EXAMPLE_ADMIN_ORDER.history,
                    {
                      ...EXAMPLE_CANCELLED_ORDER.history[1]!,
                      actor: 'staff',
                      actorEmail: EXAMPLE_ADMIN_EMAIL,
                    },
                  ],
                },
              ],
            }),
            ...errors,
          },
        },
      },
      (request) => changes.cancelByStaff(request.params.id, adminWithFreshPasswordOf(request)),
    )

    // an order on hold marked paid outside the card (docs/product.md#order-payments)
    app.post(
      '/api/admin/orders/:id/release',
      {
        schema: {
          summary: 'Release an order on hold that was paid outside the card',
          tags: [API_TAG.adminOrders],
          params: orderParams,
          body: ReleaseOrderInputSchema.meta({ examples: [{ note: RELEASE_NOTE }] }),
          response: {
            200: AdminOrderSchema.meta({
              examples: [
                {
                  ...EXAMPLE_ADMIN_ORDER,
                  statusHistory: [
                    ...EXAMPLE_ADMIN_ORDER.statusHistory,
                    {
                      id: '9b1d3f5a-7c2e-4e6b-a8d0-4f6b8d0a2c57',
                      field: 'status',
                      fromValue: 'on_hold',
                      toValue: 'confirmed',
                      changedByEmail: EXAMPLE_ADMIN_EMAIL,
                      createdAt: '2026-12-04T16:30:00.000Z',
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
        changes.releaseByStaff(
          request.params.id,
          adminWithFreshPasswordOf(request),
          request.body.note,
        ),
    )

    // one refund per Idempotency-Key: a retried request answers the first refund again
    app.post(
      '/api/admin/orders/:id/refunds',
      {
        schema: {
          summary: 'Refund part of a captured order (one refund per Idempotency-Key)',
          tags: [API_TAG.adminOrders],
          params: orderParams,
          headers: z.object({ 'idempotency-key': IdempotencyKeySchema }),
          body: AdminRefundInputSchema.meta({
            examples: [{ amount: '4.50', reason: 'Bruised peaches' }],
          }),
          response: {
            201: OrderRefundSchema.meta({
              examples: [
                {
                  id: 're_3QiBn4Pr6Tx8Vz2A',
                  amount: '4.50',
                  reason: 'Bruised peaches',
                  status: 'succeeded',
                  createdAt: '2026-12-05T21:15:00.000Z',
                },
              ],
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const admin = adminWithFreshPasswordOf(request)
        const { refund, replayed } = await changes.refund(
          request.params.id,
          {
            amount: request.body.amount,
            reason: request.body.reason,
            idempotencyKey: request.headers['idempotency-key'],
          },
          admin,
        )
        if (replayed) void reply.header('idempotent-replayed', 'true')
        return reply.status(201).send(refund)
      },
    )

    // what an item short would take off, computed as the shortfall will be (docs/product.md#refunds)
    app.get(
      '/api/admin/orders/:id/items/:itemId/short',
      {
        schema: {
          summary: 'What marking an item short would refund',
          tags: [API_TAG.adminOrders],
          params: itemParams,
          querystring: shortQuantity,
          response: {
            200: ItemShortPreviewSchema.meta({ examples: [{ amount: '6.50', left: 2 }] }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        return changes.previewShort(
          request.params.id,
          request.params.itemId,
          request.query.quantity,
        )
      },
    )

    // one shortfall per Idempotency-Key: a retried request answers the first one again
    app.post(
      '/api/admin/orders/:id/items/:itemId/short',
      {
        schema: {
          summary: 'Mark an item short and refund it (once per Idempotency-Key)',
          tags: [API_TAG.adminOrders],
          params: itemParams,
          headers: z.object({ 'idempotency-key': IdempotencyKeySchema }),
          body: ItemShortInputSchema.meta({ examples: [{ quantity: 1, reason: 'out_of_stock' }] }),
          response: {
            201: ItemShortResultSchema.meta({
              examples: [
                { amount: '6.50' },
                {
                  amount: '6.50',
                  refund: { id: 're_3QiCp6Rt8Vz0Xb4C', status: 'succeeded', amount: '6.50' },
                },
              ],
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { result, replayed } = await changes.shortItem(
          request.params.id,
          request.params.itemId,
          { ...request.body, idempotencyKey: request.headers['idempotency-key'] },
          adminCallerOf(request),
        )
        if (replayed) void reply.header('idempotent-replayed', 'true')
        return reply.status(201).send(result)
      },
    )

    app.get(
      '/api/admin/jobs',
      {
        schema: {
          summary: 'The cut-off job’s latest runs',
          tags: [API_TAG.adminEmails],
          response: {
            200: JobRunListSchema.meta({
              examples: [
                {
                  runs: [
                    {
                      id: '4e6a8c0d-2f1b-4d3e-b5a7-9c1e3a5d7f82',
                      job: CUTOFF_JOB,
                      runKey: EXAMPLE_SATURDAY,
                      status: 'finished',
                      startedAt: '2026-12-03T02:00:00.000Z',
                      finishedAt: '2026-12-03T02:00:41.000Z',
                      succeeded: 38,
                      failed: 1,
                      detail: null,
                    },
                  ],
                },
              ],
            }),
            ...errors,
          },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store')
        return { runs: await runs.recent() }
      },
    )
  }
}
