import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import { ContactMessageInputSchema, ContactMessageSchema } from '#shared/schemas/contact.ts'
import {
  NewsletterEmailInputSchema,
  SignUpResultSchema,
  WaitlistEmailInputSchema,
} from '#shared/schemas/marketing.ts'
import { VISITOR_FORM_RATE_LIMIT } from '../../plugins/rate-limit.ts'
import type { MarketingService } from './marketing.service.ts'
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
          response: { 201: ContactMessageSchema, ...errors },
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
          response: { 200: SignUpResultSchema, ...errors },
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
          response: { 200: SignUpResultSchema, ...errors },
        },
        config: { rateLimit: VISITOR_FORM_RATE_LIMIT },
      },
      (request) => marketing.subscribeToNewsletter(request.body),
    )
  }
}
