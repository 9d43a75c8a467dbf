import { afterAll, beforeAll, expect, test } from 'vitest'
import { createStripeProvider } from '#server/adapters/payments/index.ts'
import {
  type FakeStripe,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
} from '#tests/setup/fake-stripe.ts'
import { signUp } from '#tests/factories/customer.ts'
import { basketOver, createIntent } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

const SECRET_KEY = 'sk_test_metrics_0123456789'
const WEBHOOK_SECRET = 'whsec_test_metrics_0123456789'
const TOKEN = 'a metrics token of enough length'

let fake: FakeStripe
let shop: TestApp

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY })
  shop = await createTestApp({
    metricsToken: TOKEN,
    payments: {
      kind: 'stripe',
      provider: createStripeProvider({
        secretKey: SECRET_KEY,
        publishableKey: 'pk_test_metrics_0123456789',
        webhookSecret: WEBHOOK_SECRET,
        api: fake.api,
        timeout: 2_000,
      }),
    },
  })
})
afterAll(async () => {
  await shop?.close()
  await fake?.close()
})

async function counter(name: string): Promise<number> {
  const response = await shop.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  const line = response.body.split('\n').find((row) => row.startsWith(`${name} `))
  return Number(line?.slice(name.length + 1))
}

async function deliver(type: string, object: { id: string }) {
  const payload = stripeEvent(type, object)
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET),
    },
    payload,
  })
  expect(response.statusCode, response.body).toBe(200)
}

test('a payment_failed webhook counts a failed payment, then its authorisation an order', async () => {
  const shopper = await signUp(shop, 'stripe-metrics')
  const { paymentIntentId: id } = await createIntent(shopper, await basketOver(shop))
  expect(await counter('payments_failed_total')).toBe(0)

  await deliver('payment_intent.payment_failed', fake.decline(id))
  expect(await counter('payments_failed_total')).toBe(1)
  expect(await counter('orders_created_total')).toBe(0)

  await deliver('payment_intent.amount_capturable_updated', fake.confirm(id))
  expect(await counter('orders_created_total')).toBe(1)
  expect(await counter('payments_failed_total')).toBe(1)
})
