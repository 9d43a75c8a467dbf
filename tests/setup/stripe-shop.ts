import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { createStripeProvider } from '#server/adapters/payments/index.ts'
import type { Payments } from '#server/features/checkout/index.ts'
import { type FakeStripe, signStripePayload, stripeEvent } from './fake-stripe.ts'

/**
 * A test app's payments through the real `stripe` package and the local stand-in, and events
 * delivered to its webhook signed as Stripe signs them (docs/product.md#payments).
 */

export interface StripeKeys {
  readonly secretKey: string
  readonly webhookSecret: string
}

export function stripePayments(fake: FakeStripe, keys: StripeKeys): Payments {
  return {
    kind: 'stripe',
    provider: createStripeProvider({
      secretKey: keys.secretKey,
      publishableKey: `pk_test_${keys.secretKey.slice('sk_test_'.length)}`,
      webhookSecret: keys.webhookSecret,
      api: fake.api,
      timeout: 2_000,
    }),
  }
}

/** POST /api/webhooks/stripe with a signed event about the object; the shop must answer 200. */
export async function deliverEvent(
  app: FastifyInstance,
  keys: StripeKeys,
  type: string,
  object: { readonly id: string },
) {
  const payload = stripeEvent(type, object)
  const response = await app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signStripePayload(payload, keys.webhookSecret),
    },
    payload,
  })
  expect(response.statusCode, response.body).toBe(200)
}
