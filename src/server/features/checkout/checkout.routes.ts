import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  AmountMismatchSchema,
  CreateOrderInputSchema,
  CreatePaymentIntentInputSchema,
  CreatePaymentIntentResultSchema,
  PaymentConfigSchema,
} from '#shared/schemas/checkout.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import { OrderSchema } from '#shared/schemas/order.ts'
import type { SignedIn } from '../auth/index.ts'
import type { CheckoutService } from './checkout.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

export const checkoutErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
}

/** Paying for a basket and turning the paid checkout into an order (docs/product.md#payments). */
export function checkoutRoutes({
  checkout,
  auth,
}: {
  checkout: CheckoutService
  auth: SignedIn
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/payments/config',
      {
        schema: {
          summary: 'Which card form the checkout shows (Stripe or the demo provider)',
          tags: [API_TAG.checkout],
          response: { 200: PaymentConfigSchema },
        },
      },
      () => checkout.paymentConfig(),
    )

    app.post(
      '/api/create-payment-intent',
      {
        schema: {
          summary: 'Price the basket on the server and start a card payment for it',
          tags: [API_TAG.checkout],
          body: CreatePaymentIntentInputSchema.meta({
            examples: [
              {
                amount: '64.27',
                items: [
                  { id: '0b6f2c1e-8c1a-4a55-9a8e-2d7f4b1c9e01', quantity: 2 },
                  { id: '5a9d3e7f-1b2c-4d8e-8f6a-7c3b2a1d0e9f', quantity: 1 },
                ],
                promoCode: 'WELCOME10',
              },
            ],
          }),
          response: {
            200: CreatePaymentIntentResultSchema,
            ...checkoutErrors,
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
          summary: 'Make the order from a payment that succeeded (once, whoever asks first)',
          tags: [API_TAG.checkout],
          body: CreateOrderInputSchema,
          response: { 200: OrderSchema, 201: OrderSchema, ...checkoutErrors },
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
        if (clientTotal !== undefined && clientTotal !== decimalToCents(order.total)) {
          // the payment already happened at the server's price: logged, not refused
          request.log.warn(
            { orderId: order.id, clientTotal, total: order.total },
            'client total differs from the order',
          )
        }
        return reply.code(created ? 201 : 200).send(order)
      },
    )
  }
}
