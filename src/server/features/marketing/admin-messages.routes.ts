import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  AdminContactMessagesSchema,
  AdminDeletedSchema,
  AdminEmailsSchema,
  AdminIdParamsSchema,
} from '#shared/schemas/admin.ts'
import type { AdminMessagesService } from './admin-messages.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema }

/** Contact messages and the mailing lists; the admin guard covers every /api/admin route. */
export function adminMessagesRoutes(messages: AdminMessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/contact-messages',
      {
        schema: {
          summary: 'Contact messages, newest first',
          tags: [API_TAG.adminMessages],
          response: { 200: AdminContactMessagesSchema, ...guarded },
        },
      },
      () => messages.listContactMessages(),
    )

    app.delete(
      '/api/admin/contact-messages/:id',
      {
        schema: {
          summary: 'Delete a contact message',
          tags: [API_TAG.adminMessages],
          params: AdminIdParamsSchema,
          response: {
            200: AdminDeletedSchema,
            400: ErrorBodySchema,
            404: ErrorBodySchema,
            ...guarded,
          },
        },
      },
      (request) => messages.deleteContactMessage(request.params.id),
    )

    app.get(
      '/api/admin/emails',
      {
        schema: {
          summary: 'The waitlist and newsletter addresses',
          tags: [API_TAG.adminMessages],
          response: { 200: AdminEmailsSchema, ...guarded },
        },
      },
      () => messages.listEmails(),
    )

    app.get(
      '/api/admin/emails.csv',
      {
        schema: {
          summary: 'The waitlist and newsletter addresses as a CSV file',
          tags: [API_TAG.adminMessages],
          response: { 200: z.string(), ...guarded },
        },
      },
      async (_request, reply) => {
        const csv = await messages.emailsCsv()
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${csv.fileName}"`)
            // a list of people's addresses: no shared or browser cache keeps a copy
            .header('cache-control', 'no-store')
            .send(csv.body)
        )
      },
    )
  }
}
