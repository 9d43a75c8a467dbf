import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBodySchema, SoldOutBodySchema } from '#shared/errors.ts'
import {
  AmountMismatchSchema,
  CreateOrderInputSchema,
  CreatePaymentIntentInputSchema,
  CreatePaymentIntentResultSchema,
  JoinedOrderResultSchema,
  PaymentConfigSchema,
  type CreatePaymentIntentValues,
} from '#shared/schemas/checkout.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import { OrderSchema } from '#shared/schemas/order.ts'
import type { SignedIn } from '../auth/index.ts'
import type { JoinOutcome } from '../order-changes/index.ts'
import type { CheckoutService } from './checkout.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import {
  EXAMPLE_DELIVERY_INFO,
  EXAMPLE_DELIVERY_INSTANT,
  EXAMPLE_IDS,
  EXAMPLE_ORDER,
} from '../../plugins/api-examples.ts'

const orderExample = OrderSchema.meta({ examples: [EXAMPLE_ORDER] })

export const checkoutErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
}

/** Paying for a basket and turning the paid checkout into an order (docs/product.md#payments). */
/** Adds a basket to the customer's open order (docs/product.md#one-order-per-saturday). */
export type JoinOrder = (
  orderId: string,
  userId: string,
  input: { amount: number; items: CreatePaymentIntentValues['items']; paymentMethodId?: string },
) => Promise<JoinOutcome>

export function checkoutRoutes({
  checkout,
  auth,
  joinOrder,
}: {
  checkout: CheckoutService
  auth: SignedIn
  joinOrder?: JoinOrder | undefined
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/payments/config',
      {
        schema: {
          summary: 'Which card form the checkout shows (Stripe or the demo provider)',
          tags: [API_TAG.checkout],
          response: {
            200: PaymentConfigSchema.meta({
              examples: [{ provider: 'stripe', publishableKey: 'pk_test_51QhXk2Lp8Rz4Tw6Yb3Nd' }],
            }),
          },
        },
      },
      () => checkout.paymentConfig(),
    )

    app.post(
      '/api/create-payment-intent',
      {
        schema: {
          summary:
            'Price the basket on the server and start a card payment for it, or add it to an open order (joinOrderId)',
          tags: [API_TAG.checkout],
          body: CreatePaymentIntentInputSchema.meta({
            examples: [
              {
                amount: '64.94',
                items: [
                  { id: EXAMPLE_IDS.tomatoes, quantity: 2 },
                  {
                    id: EXAMPLE_IDS.harvestBox,
                    quantity: 1,
                    // the box's seven items: a repeat is one more of it
                    customSelections: [
                      ...Array<string>(3).fill(EXAMPLE_IDS.tomatoes),
                      ...Array<string>(4).fill(EXAMPLE_IDS.sweetPotatoes),
                    ],
                  },
                  { id: EXAMPLE_IDS.eggs, quantity: 1 },
                ],
                promoCode: 'WELCOME10',
              },
            ],
          }),
          response: {
            200: z.union([CreatePaymentIntentResultSchema, JoinedOrderResultSchema]).meta({
              examples: [
                {
                  clientSecret: `${EXAMPLE_IDS.paymentIntent}_secret_Vx9Qm2Rt5Yw8Zb1C`,
                  paymentIntentId: EXAMPLE_IDS.paymentIntent,
                  amount: '64.94',
                  provider: 'stripe',
                  // $65.50 of food, 10% off, the $5.99 delivery fee; food carries no sales tax
                  totals: {
                    subtotal: '65.50',
                    discountAmount: '6.55',
                    deliveryFee: '5.99',
                    tax: '0.00',
                    total: '64.94',
                    promoCode: 'WELCOME10',
                  },
                  deliveryDate: EXAMPLE_DELIVERY_INSTANT,
                },
                { joinedOrder: EXAMPLE_ORDER },
              ],
            }),
            ...checkoutErrors,
            409: z.union([AmountMismatchSchema, SoldOutBodySchema, ErrorBodySchema]),
          },
        },
      },
      async (request, reply) => {
        const { user } = await auth.signedIn(request)
        const { joinOrderId } = request.body
        if (joinOrderId && joinOrder) {
          const joined = await joinOrder(joinOrderId, user.id, {
            amount: request.body.amount,
            items: request.body.items,
            ...(request.body.paymentMethodId
              ? { paymentMethodId: request.body.paymentMethodId }
              : {}),
          })
          if (joined.kind === 'amount-mismatch') return reply.code(409).send(joined.body)
          if (joined.kind === 'joined') return { joinedOrder: joined.order }
          const { required } = joined
          return {
            clientSecret: required.clientSecret,
            paymentIntentId: required.paymentIntentId,
            amount: required.total,
            provider: required.provider,
            totals: joined.totals,
            deliveryDate: joined.deliveryDate.toISOString(),
            joinOrderId,
            ...(required.savedCard ? { savedCard: required.savedCard } : {}),
          }
        }
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
          body: CreateOrderInputSchema.meta({
            examples: [
              {
                paymentIntentId: EXAMPLE_IDS.paymentIntent,
                deliveryInfo: EXAMPLE_DELIVERY_INFO,
                total: '71.49',
              },
            ],
          }),
          response: { 200: orderExample, 201: orderExample, ...checkoutErrors },
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
