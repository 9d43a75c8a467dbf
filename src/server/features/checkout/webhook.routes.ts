import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { PaymentProvider } from '../../adapters/payments/index.ts'
import { WebhookSignatureError } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { CheckoutService } from './checkout.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

/**
 * POST /api/webhooks/stripe: the signature over the raw body is the only proof, so this plugin
 * keeps the body as bytes (a re-serialized JSON body would not verify). Exempt from the
 * same-origin rule: a webhook has no Origin.
 */
export function webhookRoutes({
  checkout,
  provider,
}: {
  checkout: Pick<CheckoutService, 'handlePaymentEvent'>
  provider: PaymentProvider
}): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers()
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    )
    app.post(
      '/api/webhooks/stripe',
      {
        schema: {
          summary: 'Stripe’s payment events, signed (only with Stripe configured)',
          description:
            'Called by Stripe, never by a browser: the `Stripe-Signature` header is checked over ' +
            'the raw body (5 minutes of tolerance). A payment that succeeded makes its order; ' +
            'any other event is acknowledged.',
          tags: [API_TAG.checkout],
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        const header = request.headers['stripe-signature']
        const body = request.body
        if (!Buffer.isBuffer(body) || !provider.parseWebhook) throw new AppError('INVALID_WEBHOOK')
        let event
        try {
          event = provider.parseWebhook(body, typeof header === 'string' ? header : undefined)
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ reason: error.message }, 'webhook refused')
            throw new AppError('INVALID_WEBHOOK')
          }
          throw error
        }
        await checkout.handlePaymentEvent(event)
        return reply.send({ received: true })
      },
    )
  }
}
