import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  DemoAuthenticateInputSchema,
  DemoAuthenticateResultSchema,
  DemoCardSchema,
  DemoConfirmResultSchema,
  DemoConfirmParamsSchema,
} from '#shared/schemas/checkout.ts'
import type { DemoProvider } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { SignedIn } from '../auth/index.ts'
import type { RateLimitsService } from '../rate-limits/index.ts'
import { checkoutErrors } from './checkout.routes.ts'
import type { CheckoutService } from './checkout.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import { EXAMPLE_IDS } from '../../plugins/api-examples.ts'

const demoPaymentParams = DemoConfirmParamsSchema.meta({
  examples: [{ paymentIntentId: EXAMPLE_IDS.demoPaymentIntent }],
})

/** Declined cards per customer: plenty for typos, too few for card testing. */
const DECLINED_CARDS = { max: 10, windowMs: 15 * 60_000 }

/**
 * The demo provider's card form and bank check (docs/product.md#payments). Only the payment's
 * own customer (its checkout's, or its order's) may confirm it; a card setup (the profile's
 * "Add a card") only by the customer it keeps the card for.
 */
export function demoPaymentsRoutes({
  checkout,
  auth,
  demo,
  rateLimits,
  cardSetupOwner,
}: {
  checkout: Pick<CheckoutService, 'paymentOwner'>
  auth: SignedIn
  demo: DemoProvider
  rateLimits: Pick<RateLimitsService, 'attemptLimiter'>
  /** whose card setup (seti_…) this is: a saved card's, confirmed by the same form */
  cardSetupOwner: (setupId: string) => Promise<string | null>
}): FastifyPluginAsyncZod {
  const declinedCards = rateLimits.attemptLimiter({
    name: 'card-declined',
    ...DECLINED_CARDS,
    what: 'declined cards',
    per: 'account',
  })

  const ownPayment = async (
    request: Parameters<SignedIn['signedIn']>[0],
    paymentIntentId: string,
  ) => {
    const { user } = await auth.signedIn(request)
    const owner = paymentIntentId.startsWith('seti_')
      ? await cardSetupOwner(paymentIntentId)
      : await checkout.paymentOwner(paymentIntentId)
    if (owner !== user.id) {
      throw new AppError('PAYMENT_NOT_FOUND')
    }
    return user.id
  }

  return async (app) => {
    app.post(
      '/api/demo-payments/:paymentIntentId/confirm',
      {
        schema: {
          summary: 'Pay with one of the demo provider’s test cards',
          tags: [API_TAG.checkout],
          params: demoPaymentParams,
          body: DemoCardSchema.meta({
            examples: [
              { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', zip: '77008' },
            ],
          }),
          response: {
            200: DemoConfirmResultSchema.meta({
              examples: [
                { status: 'requires_capture' },
                {
                  status: 'requires_action',
                  redirectUrl: `/checkout/authenticate?payment_intent=${EXAMPLE_IDS.demoPaymentIntent}`,
                },
              ],
            }),
            ...checkoutErrors,
          },
        },
      },
      async (request) => {
        const userId = await ownPayment(request, request.params.paymentIntentId)
        // only a declined card counts, so a paying customer's confirmation costs one read; this
        // card form exists only with the demo provider (Stripe guards its own)
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
          summary: 'Finish the demo bank’s verification of a card',
          tags: [API_TAG.checkout],
          params: demoPaymentParams,
          body: DemoAuthenticateInputSchema.meta({ examples: [{ outcome: 'succeeded' }] }),
          response: {
            200: DemoAuthenticateResultSchema.meta({
              examples: [
                {
                  returnUrl: `/checkout?payment_intent=${EXAMPLE_IDS.demoPaymentIntent}&redirect_status=succeeded`,
                },
              ],
            }),
            ...checkoutErrors,
          },
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
