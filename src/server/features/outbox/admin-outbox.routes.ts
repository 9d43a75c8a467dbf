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
import { EXAMPLE_IDS } from '../../plugins/api-examples.ts'

const failedEmail = {
  id: 'c4e6a8b0-2d1f-4c3e-9a5b-7d9f1b3e5a80',
  kind: 'order_confirmed',
  orderId: EXAMPLE_IDS.order,
  recipient: 'maria@example.com',
  subject: 'Your Houston Farm to Door order #9A4E6B2C',
  status: 'failed' as const,
  attempts: 10,
  lastError: 'connect ETIMEDOUT 203.0.113.25:587',
  createdAt: '2026-11-29T18:05:12.000Z',
  sentAt: null,
}
const failedEmailParams = AdminIdParamsSchema.meta({ examples: [{ id: failedEmail.id }] })

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
          querystring: OutboxListQuerySchema.meta({ examples: [{ status: 'failed' }] }),
          response: {
            200: OutboxListSchema.meta({ examples: [{ emails: [failedEmail] }] }),
            400: ErrorBodySchema,
            ...guarded,
          },
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
          params: failedEmailParams,
          response: {
            200: OutboxEmailSchema.meta({
              examples: [
                {
                  ...failedEmail,
                  status: 'sent',
                  attempts: 11,
                  lastError: null,
                  sentAt: '2026-11-30T08:15:02.000Z',
                },
              ],
            }),
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
