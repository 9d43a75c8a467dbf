import { afterAll, beforeAll, expect, test } from 'vitest'
import { type FakeStripe, startFakeStripe } from '#tests/setup/fake-stripe.ts'
import { deliverEvent, stripePayments } from '#tests/setup/stripe-shop.ts'
import { signUp } from '#tests/factories/customer.ts'
import { basketOver, createIntent } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

const KEYS = {
  secretKey: 'sk_test_metrics_0123456789',
  webhookSecret: 'whsec_test_metrics_0123456789',
}
const TOKEN = 'a metrics token of enough length'

let fake: FakeStripe
let shop: TestApp

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: KEYS.secretKey })
  shop = await createTestApp({ metricsToken: TOKEN, payments: stripePayments(fake, KEYS) })
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

const deliver = (type: string, object: { id: string }) => deliverEvent(shop.app, KEYS, type, object)

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
