import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createDemoProvider,
  DEMO_CARDS,
  type DemoProvider,
  type PaymentEvent,
} from '#server/adapters/payments/index.ts'
import { orders, pendingCheckouts } from '#server/db/schema/index.ts'
import { transactionRunner } from '#server/db/transaction.ts'
import { signUp } from '#tests/factories/customer.ts'
import { basketOver, createIntent } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { createCouponsFeature } from '../coupons/index.ts'
import { createOrdersFeature } from '../orders/index.ts'
import { pendingChangeLines } from '../order-changes/index.ts'
import { createQuote } from '../quote/index.ts'
import { createWeeklyStock } from '../weekly-stock/index.ts'
import {
  createCheckoutFeature,
  createDemoPaymentStore,
  pendingCheckoutLines,
  type CheckoutService,
} from './index.ts'

/**
 * Checkout's side of the orders' payments (docs/product.md#order-payments): events about a
 * payment that is no pending checkout's go to the orders' side, and the demo card form asks it
 * who may pay a payment no checkout owns. A checkout service is built here with a recording
 * orderPayments, on the test app's database.
 */

const clock = () => new Date('2026-11-24T16:00:00Z')
let shop: TestApp
let checkout: CheckoutService
let demo: DemoProvider
const forwarded: PaymentEvent[] = []
const owners = new Map<string, string>()

beforeAll(async () => {
  shop = await createTestApp({ now: clock })
  const db = shop.database.db
  const transaction = transactionRunner(db)
  const coupons = createCouponsFeature({ db, now: clock })
  demo = createDemoProvider({ store: createDemoPaymentStore(db), now: clock })
  const ordersService = createOrdersFeature({
    db,
    transaction,
    auth: shop.app.auth,
    catalog: shop.catalog,
    coupons: coupons.service,
    log: testLogger,
    now: clock,
    outbox: { enqueueWithin: () => Promise.resolve() },
    publicUrl: 'http://localhost:3000',
  }).service
  checkout = createCheckoutFeature({
    db,
    transaction,
    payments: { kind: 'demo', provider: demo },
    auth: shop.app.auth,
    quote: createQuote({ catalog: shop.catalog, coupons: coupons.service }),
    coupons: coupons.service,
    orders: ordersService,
    stock: createWeeklyStock({
      catalog: shop.catalog,
      orders: ordersService,
      pendingCheckoutLinesOn: pendingCheckoutLines(db),
      pendingChangeLines: pendingChangeLines(db),
    }),
    rateLimits: shop.app.rateLimits,
    log: testLogger,
    now: clock,
    orderPayments: {
      handleEvent: (event) => {
        forwarded.push(event)
        return Promise.resolve()
      },
      ownerOf: (paymentId) => Promise.resolve(owners.get(paymentId) ?? null),
    },
  }).service
})
afterAll(() => shop.close())

const card = { cardNumber: DEMO_CARDS.succeeds, expiry: '12 / 30', cvc: '123', zip: '77008' }

/** a payment of an order's (a change's): made by the orders' side, no checkout has it */
async function orderPayment(userId: string) {
  const { id } = await demo.createPayment({
    amount: 8123,
    currency: 'usd',
    metadata: { orderId: randomUUID(), userId, orderChangeId: randomUUID() },
    idempotencyKey: `change_${randomUUID()}`,
  })
  owners.set(id, userId)
  return id
}

async function startedCheckout() {
  const shopper = await signUp(shop, 'order-payments')
  const intent = await createIntent(shopper, await basketOver(shop))
  return { shopper, id: intent.paymentIntentId }
}

const checkoutStatus = async (paymentIntentId: string) =>
  (
    await shop.database.db
      .select({ status: pendingCheckouts.status })
      .from(pendingCheckouts)
      .where(eq(pendingCheckouts.paymentIntentId, paymentIntentId))
  )[0]?.status

const handled = async (event: PaymentEvent) => {
  forwarded.length = 0
  await checkout.handlePaymentEvent(event)
  return [...forwarded]
}

describe('who may pay a payment with the demo card form', () => {
  test("a checkout's customer, or else the customer the orders' side names", async () => {
    const { shopper, id } = await startedCheckout()
    expect(await checkout.paymentOwner(id)).toBe(shopper.userId)

    const change = await orderPayment(shopper.userId)
    expect(await checkout.paymentOwner(change)).toBe(shopper.userId)
    expect(await checkout.paymentOwner('pi_demo_nobody_has_it')).toBeNull()
  })
})

describe('payment events', () => {
  test("an event about an order's payment goes to the orders' side, as it came", async () => {
    const shopper = await signUp(shop, 'order-payments')
    const change = await orderPayment(shopper.userId)
    const events: PaymentEvent[] = [
      { type: 'succeeded', paymentId: change },
      { type: 'failed', paymentId: change },
      { type: 'canceled', paymentId: change },
      { type: 'refunded', paymentId: change },
    ]
    for (const event of events) expect(await handled(event)).toEqual([event])
    expect(await handled({ type: 'ignored', eventType: 'customer.created' })).toEqual([])
  })

  test("a pending checkout's payment is checkout's: authorised, it gets its order; then the order's events go on", async () => {
    const { id } = await startedCheckout()
    // a refund of a payment that has no order yet concerns nobody
    expect(await handled({ type: 'refunded', paymentId: id })).toEqual([])
    expect(await checkoutStatus(id)).toBe('pending')

    expect(await demo.confirmWithCard(id, card)).toEqual({ status: 'requires_capture' })
    expect(await handled({ type: 'succeeded', paymentId: id })).toEqual([])
    const [order] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.paymentIntentId, id))
    expect(order).toMatchObject({ paymentStatus: 'authorized', currentPaymentId: id })
    expect(await checkoutStatus(id)).toBe('completed')

    // from now on the payment is the order's: its capture, void or refund events go there
    const later: PaymentEvent = { type: 'canceled', paymentId: id }
    expect(await handled(later)).toEqual([later])
  })

  test("a checkout's payment voided before its order closes the checkout as failed", async () => {
    const { id } = await startedCheckout()
    await demo.confirmWithCard(id, card)
    await demo.void({ paymentId: id, idempotencyKey: `void_${randomUUID()}` })
    expect(await handled({ type: 'canceled', paymentId: id })).toEqual([])
    expect(await checkoutStatus(id)).toBe('failed')
    expect(await shop.database.db.$count(orders, eq(orders.paymentIntentId, id))).toBe(0)
  })
})
