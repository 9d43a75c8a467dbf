import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  AdminContactMessagesSchema,
  AdminDeletedSchema,
  AdminEmailsSchema,
  AdminIdParamsSchema,
} from '#shared/schemas/admin.ts'
import type { AdminMessagesService } from './admin-messages.service.ts'
import { API_TAG, textAnswer } from '../../plugins/api-reference.ts'
import { MESSAGE_DELETED } from './admin-messages.service.ts'

const CONTACT_MESSAGE_ID = '6e8a0c2d-4f1b-4d3e-a5c7-9b1d3f5a7c62'

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
          response: {
            200: AdminContactMessagesSchema.meta({
              examples: [
                {
                  contactMessages: [
                    {
                      id: CONTACT_MESSAGE_ID,
                      firstName: 'Maria',
                      lastName: 'Garcia',
                      email: 'maria@example.com',
                      phone: '713-555-0142',
                      subject: 'Delivery question',
                      message: 'Do you deliver to Montrose on Saturdays? I am at 77006.',
                      createdAt: '2026-11-26T17:20:00.000Z',
                    },
                  ],
                  totalCount: 1,
                },
              ],
            }),
            ...guarded,
          },
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
          params: AdminIdParamsSchema.meta({ examples: [{ id: CONTACT_MESSAGE_ID }] }),
          response: {
            200: AdminDeletedSchema.meta({ examples: [{ message: MESSAGE_DELETED }] }),
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
          response: {
            200: AdminEmailsSchema.meta({
              examples: [
                {
                  waitlist: [
                    {
                      id: '1b3d5f7a-9c2e-4a6b-8d0f-2a4c6e8b0d35',
                      email: 'sam.brenham@example.com',
                      created_at: '2026-11-25T21:10:00.000Z',
                      zipCode: '77833',
                    },
                  ],
                  newsletter: [
                    {
                      id: '7d9f1b3c-5e2a-4c8d-9a1e-3b5d7f9a1c46',
                      email: 'maria@example.com',
                      created_at: '2026-11-24T03:00:00.000Z',
                    },
                  ],
                  totalCount: 2,
                  outsideServiceArea: [{ zipCode: '77833', signUps: 1 }],
                },
              ],
            }),
            ...guarded,
          },
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
          response: {
            200: textAnswer('text/csv', 'The addresses, one row each (Email, Type, Date, ZIP)'),
            ...guarded,
          },
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
