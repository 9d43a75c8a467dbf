import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  AmountMismatchSchema,
  CreateOrderInputSchema,
  CreatePaymentIntentInputSchema,
  CreatePaymentIntentResultSchema,
  DemoAuthenticateInputSchema,
  DemoAuthenticateResultSchema,
  DemoCardSchema,
  DemoConfirmResultSchema,
  OrderIdParamsSchema,
  OrderItemSchema,
  OrderListSchema,
  OrderSchema,
  PaymentConfigSchema,
  PaymentIntentParamsSchema,
} from '#shared/schemas/checkout.ts'
import { z } from 'zod'
import type { DemoProvider, PaymentProvider } from '../../adapters/payments/index.ts'
import { WebhookSignatureError } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { RateLimitsService } from '../rate-limits/index.ts'
import type { CheckoutService } from './checkout.service.ts'

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
}

/** Declined cards per customer: plenty for typos, too few for card testing. */
const DECLINED_CARDS = { max: 10, windowMs: 15 * 60_000 }

export function checkoutRoutes({
  checkout,
  auth,
  demo,
  rateLimits,
}: {
  checkout: CheckoutService
  auth: AuthService
  demo: DemoProvider | null
  rateLimits: Pick<RateLimitsService, 'attemptLimiter'>
}): FastifyPluginAsyncZod {
  const declinedCards = rateLimits.attemptLimiter({
    name: 'card-declined',
    ...DECLINED_CARDS,
    what: 'declined cards',
    per: 'account',
  })
  return async (app) => {
    app.get('/api/payments/config', { schema: { response: { 200: PaymentConfigSchema } } }, () =>
      checkout.paymentConfig(),
    )

    app.post(
      '/api/create-payment-intent',
      {
        schema: {
          body: CreatePaymentIntentInputSchema,
          response: {
            200: CreatePaymentIntentResultSchema,
            ...errors,
            409: z.union([AmountMismatchSchema, ErrorBodySchema]),
          },
        },
      },
      async (request, reply) => {
        const { user } = await auth.signedIn(request)
        const outcome = await checkout.createPaymentIntent(user, request.body)
        if (outcome.kind === 'amount-mismatch') return reply.code(409).send(outcome.body)
        return outcome.result
      },
    )

    app.post(
      '/api/orders',
      {
        schema: {
          body: CreateOrderInputSchema,
          response: { 200: OrderSchema, 201: OrderSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await auth.signedIn(request)
        const { order, created } = await checkout.placeOrder(
          user.id,
          request.body.paymentIntentId,
          request.body.deliveryInfo,
        )
        const clientTotal = request.body.total
        if (clientTotal !== undefined && Number(clientTotal) !== Number(order.total)) {
          // the payment already happened at the server's price: logged, not refused (decisions §9)
          request.log.warn(
            { orderId: order.id, clientTotal, total: order.total },
            'client total differs from the order',
          )
        }
        return reply.code(created ? 201 : 200).send(order)
      },
    )

    for (const path of ['/api/orders/my-orders', '/api/orders']) {
      app.get(
        path,
        { schema: { response: { 200: OrderListSchema, ...errors } } },
        async (request, reply) => {
          void reply.header('cache-control', 'no-store')
          const { user } = await auth.signedIn(request)
          return checkout.ordersOf(user.id)
        },
      )
    }

    app.get(
      '/api/orders/:id/items',
      {
        schema: {
          params: OrderIdParamsSchema,
          response: { 200: z.array(OrderItemSchema), ...errors },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const { user, isAdmin } = await auth.signedIn(request)
        return checkout.itemsOf(request.params.id, { userId: user.id, isAdmin })
      },
    )

    if (demo) {
      /** only the payment's own customer may confirm it (decisions §9) */
      const ownPayment = async (
        request: Parameters<typeof auth.signedIn>[0],
        paymentIntentId: string,
      ) => {
        const { user } = await auth.signedIn(request)
        if ((await checkout.checkoutOwner(paymentIntentId)) !== user.id) {
          throw new AppError('PAYMENT_NOT_FOUND')
        }
        return user.id
      }

      app.post(
        '/api/demo-payments/:paymentIntentId/confirm',
        {
          schema: {
            params: PaymentIntentParamsSchema,
            body: DemoCardSchema,
            response: { 200: DemoConfirmResultSchema, ...errors },
          },
        },
        async (request) => {
          const userId = await ownPayment(request, request.params.paymentIntentId)
          await declinedCards.check(userId)
          const result = await demo.confirmWithCard(request.params.paymentIntentId, request.body)
          if (!result) throw new AppError('PAYMENT_NOT_FOUND')
          if (result.status === 'failed') await declinedCards.record(userId)
          return result
        },
      )

      app.post(
        '/api/demo-payments/:paymentIntentId/authenticate',
        {
          schema: {
            params: PaymentIntentParamsSchema,
            body: DemoAuthenticateInputSchema,
            response: { 200: DemoAuthenticateResultSchema, ...errors },
          },
        },
        async (request) => {
          await ownPayment(request, request.params.paymentIntentId)
          const result = await demo.completeAuthentication(
            request.params.paymentIntentId,
            request.body.outcome,
          )
          if (!result) throw new AppError('PAYMENT_NOT_FOUND')
          return result
        },
      )
    }
  }
}

/**
 * POST /api/webhooks/stripe: the signature over the raw body is the only proof, so this plugin
 * keeps the body as bytes (a re-serialized JSON body would not verify). Exempt from the
 * same-origin rule: a webhook has no Origin.
 */
export function webhookRoutes({
  checkout,
  provider,
}: {
  checkout: CheckoutService
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
