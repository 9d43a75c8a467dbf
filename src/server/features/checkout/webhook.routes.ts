import type { FastifyPluginAsync } from 'fastify'
import type { PaymentProvider } from '../../adapters/payments/index.ts'
import { WebhookSignatureError } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { CheckoutService } from './checkout.service.ts'

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
    app.post('/api/webhooks/stripe', async (request, reply) => {
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
    })
  }
}
