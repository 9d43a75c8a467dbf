import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { AdminIdParamsSchema } from '#shared/schemas/admin.ts'
import {
  OutboxEmailSchema,
  OutboxListQuerySchema,
  OutboxListSchema,
} from '#shared/schemas/order-changes.ts'
import type { OutboxService } from './outbox.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema }

/**
 * The e-mails that failed to send, and sending one again (docs/product.md#order-emails); the
 * admin guard covers every /api/admin route.
 */
export function adminOutboxRoutes(
  outbox: Pick<OutboxService, 'list' | 'retry'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/outbox',
      {
        schema: {
          summary: 'Order e-mails that failed to send',
          tags: [API_TAG.adminEmails],
          querystring: OutboxListQuerySchema,
          response: { 200: OutboxListSchema, 400: ErrorBodySchema, ...guarded },
        },
      },
      (request) => outbox.list(request.query.status),
    )

    app.post(
      '/api/admin/outbox/:id/retry',
      {
        schema: {
          summary: 'Send a failed e-mail again',
          tags: [API_TAG.adminEmails],
          params: AdminIdParamsSchema,
          response: {
            200: OutboxEmailSchema,
            400: ErrorBodySchema,
            404: ErrorBodySchema,
            ...guarded,
          },
        },
      },
      (request) => outbox.retry(request.params.id),
    )
  }
}
