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
          params: AdminIdParamsSchema,
          body: z.strictObject({}).optional(),
          response: { 200: AdminOrderSchema, ...errors },
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
          params: AdminIdParamsSchema,
          body: ReleaseOrderInputSchema,
          response: { 200: AdminOrderSchema, ...errors },
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
          params: AdminIdParamsSchema,
          headers: z.object({ 'idempotency-key': IdempotencyKeySchema }),
          body: AdminRefundInputSchema.meta({
            examples: [{ amount: '4.50', reason: 'Bruised peaches' }],
          }),
          response: { 201: OrderRefundSchema, ...errors },
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
          params: OrderItemParamsSchema,
          querystring: ItemShortPreviewQuerySchema,
          response: { 200: ItemShortPreviewSchema, ...errors },
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
          params: OrderItemParamsSchema,
          headers: z.object({ 'idempotency-key': IdempotencyKeySchema }),
          body: ItemShortInputSchema,
          response: { 201: ItemShortResultSchema, ...errors },
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
          response: { 200: JobRunListSchema, ...errors },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store')
        return { runs: await runs.recent() }
      },
    )
  }
}
