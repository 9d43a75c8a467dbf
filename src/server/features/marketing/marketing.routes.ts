import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { ContactMessageInputSchema, ContactMessageSchema } from '#shared/schemas/contact.ts'
import {
  NewsletterEmailInputSchema,
  SignUpResultSchema,
  WaitlistEmailInputSchema,
} from '#shared/schemas/marketing.ts'
import { VISITOR_FORM_RATE_LIMIT } from '../../plugins/rate-limit.ts'
import { NEWSLETTER_MESSAGE, WAITLIST_MESSAGE, type MarketingService } from './marketing.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

const errors = { 400: ErrorBodySchema, 429: ErrorBodySchema }

export function marketingRoutes(marketing: MarketingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/contact-messages',
      {
        schema: {
          summary: 'Send the contact form',
          tags: [API_TAG.visitorForms],
          body: ContactMessageInputSchema.meta({
            examples: [
              {
                firstName: 'Maria',
                lastName: 'Garcia',
                email: 'maria@example.com',
                subject: 'order',
                message: 'Can Saturday’s order be left with the front desk?',
              },
            ],
          }),
          response: {
            201: ContactMessageSchema.meta({
              examples: [
                {
                  id: '1e3a5c7e-9b0d-4f2a-8c4e-6a8c0e2a4c61',
                  firstName: 'Maria',
                  lastName: 'Garcia',
                  email: 'maria@example.com',
                  phone: null,
                  subject: 'order',
                  message: 'Can Saturday’s order be left with the front desk?',
                  createdAt: '2026-11-30T15:20:00.000Z',
                },
              ],
            }),
            ...errors,
          },
        },
        config: { rateLimit: VISITOR_FORM_RATE_LIMIT },
      },
      async (request, reply) =>
        reply.status(201).send(await marketing.sendContactMessage(request.body)),
    )

    app.post(
      '/api/waitlist-emails',
      {
        schema: {
          summary: 'Join the waitlist, with a ZIP code if given',
          tags: [API_TAG.visitorForms],
          body: WaitlistEmailInputSchema.meta({
            examples: [{ email: 'maria@example.com', zipCode: '77494' }],
          }),
          response: {
            200: SignUpResultSchema.meta({ examples: [{ message: WAITLIST_MESSAGE }] }),
            ...errors,
          },
        },
        config: { rateLimit: VISITOR_FORM_RATE_LIMIT },
      },
      (request) => marketing.joinWaitlist(request.body),
    )

    app.post(
      '/api/newsletter-emails',
      {
        schema: {
          summary: 'Sign up for the newsletter',
          tags: [API_TAG.visitorForms],
          body: NewsletterEmailInputSchema.meta({ examples: [{ email: 'maria@example.com' }] }),
          response: {
            200: SignUpResultSchema.meta({ examples: [{ message: NEWSLETTER_MESSAGE }] }),
            ...errors,
          },
        },
        config: { rateLimit: VISITOR_FORM_RATE_LIMIT },
      },
      (request) => marketing.subscribeToNewsletter(request.body),
    )
  }
}
