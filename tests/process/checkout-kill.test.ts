import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import {
  type FakeStripe,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
} from '#tests/setup/fake-stripe.ts'
import {
  type Checkout,
  createPaymentIntent,
  type Customer,
  demoBasket,
  orderInconsistencies,
  postOrder,
  quote,
  signUp,
} from './shop-client.ts'
import { startShop, type ShopProcess } from './shop-process.ts'
import {
  embeddedDatabase,
  machineDatabase,
  machineServerUrl,
  type TestDatabase,
} from './test-databases.ts'

/**
 * Faults (docs/testing.md#faults): the app is SIGKILLed in the middle of a burst of Stripe
 * checkouts (payments created, paid, orders posted by customers and by webhooks at once) and
 * restarted on the same database. Once the provider's webhooks are replayed, every authorised
 * payment has exactly one whole order and nothing is left half-written. The database survives the
 * kill: the embedded server the test owns, or a fresh database on the machine's server.
 */

const SECRET_KEY = 'sk_test_faults_0123456789'
const PUBLISHABLE_KEY = 'pk_test_faults_0123456789'
const WEBHOOK_SECRET = 'whsec_test_faults_0123456789'
const CUSTOMERS = 20
/** the kill comes once this many orders are confirmed: mid-burst, with checkouts in flight */
const KILL_AFTER_ORDERS = 12

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function killMidBurstThenReplay(openDatabase: () => Promise<TestDatabase>) {
  const fake: FakeStripe = await startFakeStripe({ secretKey: SECRET_KEY })
  cleanups.push(() => fake.close())
  const database = await openDatabase()
  cleanups.push(() => database.drop())
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-faults-app-'))
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }))
  const env = {
    DATABASE_URL: database.url,
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${fake.api.port}`,
  }
  let shop: ShopProcess | undefined = await startShop({ dataDir, env })
  cleanups.push(async () => shop?.stop())
  expect(shop.output()).toContain(
    `STRIPE_API_URL is set: payments go to http://127.0.0.1:${fake.api.port}, not to Stripe`,
  )
  const url = shop.url
  const customers: Customer[] = []
  // a few at a time: the burst is the checkouts, not the password hashing
  for (let index = 0; index < CUSTOMERS; index += 4) {
    const batch = [0, 1, 2, 3].map((offset) => signUp(() => url, `burst-${index + offset}`))
    customers.push(...(await Promise.all(batch)))
  }
  const items = await demoBasket(url)
  const plain: Checkout = { items, amount: await quote(customers[0]!, items) }
  const withCoupon: Checkout = {
    items,
    promoCode: 'WELCOME10',
    amount: await quote(customers[0]!, items, 'WELCOME10'),
  }

  /** POST /api/webhooks/stripe as Stripe delivers it, for the payment as it stands at the fake */
  const deliverAuthorised = (shopUrl: string, paymentIntentId: string) => {
    const payload = stripeEvent(
      'payment_intent.amount_capturable_updated',
      fake.intent(paymentIntentId),
    )
    return fetch(`${shopUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET),
      },
      body: payload,
      signal: AbortSignal.timeout(30_000),
    })
  }

  // a coupon with a limit: its uses are held while a checkout is unpaid
  await database.query(
    "insert into coupons (code, percent_off, max_redemptions) values ('HARVEST5', 5, 1000)",
  )
  const withLimitedCoupon: Checkout = {
    items,
    promoCode: 'HARVEST5',
    amount: await quote(customers[0]!, items, 'HARVEST5'),
  }
  const checkouts = [plain, withCoupon, withLimitedCoupon]

  const confirmedOrders = new Map<string, string>() // payment → order id, answered 2xx
  let killed = false
  let failed = false
  const checkoutUntilKilled = async (customer: Customer, index: number) => {
    const checkout = checkouts[index % checkouts.length]!
    while (!killed) {
      try {
        const paymentIntentId = await createPaymentIntent(customer, checkout)
        if (!paymentIntentId) continue // 503, busy: tries again
        fake.confirm(paymentIntentId) // the customer's bank authorises the card
        // the customer's page and the provider's webhook race to make the order
        const [order, webhook] = await Promise.all([
          postOrder(customer, paymentIntentId),
          deliverAuthorised(url, paymentIntentId),
        ])
        // 503 (busy) is allowed: the order is then the replayed webhook's to make
        expect([200, 201, 503], JSON.stringify(order.body)).toContain(order.status)
        expect([200, 503]).toContain(webhook.status)
        if (order.status !== 503) confirmedOrders.set(paymentIntentId, order.body.id)
      } catch (error) {
        if (killed) return // a call cut short by the kill
        failed = true
        throw error
      }
    }
  }
  const burst = customers.map((customer, index) => checkoutUntilKilled(customer, index))
  const kill = (async () => {
    while (confirmedOrders.size < KILL_AFTER_ORDERS) {
      if (failed) return
      await sleep(5)
    }
    killed = true
    await shop?.killApp()
    shop = undefined
  })()
  await Promise.all([...burst, kill])

  const restarted = await startShop({ dataDir, env })
  shop = restarted
  const authorised = fake
    .intents()
    .filter((intent) => intent.status === 'requires_capture')
    .map((intent) => intent.id)
  expect(authorised.length).toBeGreaterThanOrEqual(KILL_AFTER_ORDERS)
  // Stripe retries until it gets a 2xx, and may deliver an event more than once
  for (const paymentIntentId of authorised) {
    for (const delivery of [1, 2]) {
      const response = await deliverAuthorised(restarted.url, paymentIntentId)
      expect(response.status, `delivery ${delivery} for ${paymentIntentId}`).toBe(200)
    }
  }

  const orders = await database.query<{ payment_intent_id: string; id: string }>(
    'select payment_intent_id, id from orders order by payment_intent_id',
  )
  expect(orders.map((order) => order.payment_intent_id)).toEqual([...authorised].sort())
  // every order a customer was told about is the one kept
  const kept = new Map(orders.map((order) => [order.payment_intent_id, order.id]))
  for (const [paymentIntentId, orderId] of confirmedOrders) {
    expect(kept.get(paymentIntentId)).toBe(orderId)
  }
  expect(await orderInconsistencies((text) => database.query(text))).toEqual([])
  // the coupon checks above were not vacuous
  const coupons = await database.query<{ code: string; times_redeemed: number }>(
    "select code, times_redeemed from coupons where code in ('WELCOME10', 'HARVEST5')",
  )
  for (const coupon of coupons) expect(coupon.times_redeemed, coupon.code).toBeGreaterThan(0)
  expect(coupons).toHaveLength(2)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('SIGKILL of the app mid-burst of Stripe checkouts, restart, webhooks replayed', () => {
  test('on an embedded PostgreSQL: every authorised payment has exactly one whole order', () =>
    killMidBurstThenReplay(embeddedDatabase))

  // the machine's server is used only where TEST_DATABASE_URL names it (npm test on CI)
  test.runIf(machineServerUrl)(
    "on the machine's PostgreSQL (TEST_DATABASE_URL): every authorised payment has exactly one whole order",
    () => killMidBurstThenReplay(() => machineDatabase(machineServerUrl!)),
  )
})
