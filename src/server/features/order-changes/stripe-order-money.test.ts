import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { paymentOperations } from '#server/db/schema/index.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { AdminOrder, Order, OrderRefund } from '#shared/schemas/order.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { type FakeStripe, startFakeStripe } from '#tests/setup/fake-stripe.ts'
import { deliverEvent, stripePayments } from '#tests/setup/stripe-shop.ts'
import { afterCutoff, emailsOf, getOrder, orderRow, settleJobs } from '#tests/setup/order-week.ts'
import { basketOver, createIntent } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * An order's money with Stripe configured (docs/product.md#order-payments): the real `stripe`
 * package against the local stand-in, its events signed as Stripe signs them. Capture, void and
 * refund at the cut-off and by the staff; Stripe's own word on a hold (capture_before, a hold
 * it cancelled), on a refund the bank refused, and on a capture it already made.
 */

const KEYS = {
  secretKey: 'sk_test_order_money_0123456789',
  webhookSecret: 'whsec_test_order_money_0123456789',
}

const TUESDAY = new Date('2026-11-24T16:00:00Z')
let clock = TUESDAY
let fake: FakeStripe
let shop: TestApp

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: KEYS.secretKey })
  shop = await createTestApp({ now: () => clock, payments: stripePayments(fake, KEYS) })
})
afterEach(() => fake.clearTroubles())
afterAll(async () => {
  await shop?.close()
  await fake?.close()
})

/** a signed event about an object as the stand-in has it now */
const deliver = (type: string, object: { id: string }) => deliverEvent(shop.app, KEYS, type, object)

/** An order whose card Stripe authorised, made by the browser's call. */
async function authorisedOrder(shopper: Shopper): Promise<Order> {
  const intent = await createIntent(shopper, await basketOver(shop))
  fake.confirm(intent.paymentIntentId)
  const placed = await shopper.call('POST', '/api/orders', {
    paymentIntentId: intent.paymentIntentId,
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return getOrder(shopper, placed.json<{ id: string }>().id)
}

async function staffRefund(orderId: string, amount: string) {
  const admin = await signUpAdmin(shop, 'stripe-refunds')
  return shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie: admin.cookie, 'idempotency-key': `refund-${crypto.randomUUID()}` },
    payload: { amount, reason: 'Bruised peaches' },
  })
}

describe('the cut-off and the staff, through Stripe', () => {
  test("captures at the cut-off, keeps the hold's deadline Stripe gave, refunds part and cancels the rest", async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'stripe-week')
    const order = await authorisedOrder(shopper)
    const charge = fake.charge(fake.intent(order.paymentIntentId).latest_charge ?? '')
    const captureBefore = charge.payment_method_details.card.capture_before
    expect((await orderRow(shop, order.id)).authorizationExpiresAt?.getTime()).toBe(
      (captureBefore ?? 0) * 1000,
    )

    clock = afterCutoff(order)
    await shop.app.jobs.runDue()
    expect(fake.intent(order.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amount_received: decimalToCents(order.total),
    })
    expect((await getOrder(shopper, order.id)).paymentStatus).toBe('captured')

    const refunded = await staffRefund(order.id, '3.00')
    expect(refunded.json<OrderRefund>()).toMatchObject({ amount: '3.00', status: 'succeeded' })
    const admin = await signUpAdmin(shop, 'stripe-cancel')
    const cancelled = await admin.call('POST', `/api/admin/orders/${order.id}/cancel`, {})
    expect(cancelled.json<AdminOrder>()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: order.total,
    })
    expect(fake.refundsOf(order.paymentIntentId).map((made) => made.amount)).toEqual([
      300,
      decimalToCents(order.total) - 300,
    ])
  })

  test('an item short before the cut-off is captured less; one after it is refunded through Stripe', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'stripe-short')
    const order = await authorisedOrder(shopper)
    const [first, second] = order.items as [Order['items'][number], Order['items'][number]]
    const shortOf = async (itemId: string) => {
      const admin = await signUpAdmin(shop, 'stripe-short')
      const response = await shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/items/${itemId}/short`,
        headers: { cookie: admin.cookie, 'idempotency-key': `short-${crypto.randomUUID()}` },
        payload: { quantity: 1, reason: 'out_of_stock' },
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json<{ amount: string; refund?: { status: string; amount: string } }>()
    }
    const before = await shortOf(first.id)
    expect(before.refund).toBeUndefined()
    const lowered = decimalToCents(order.total) - decimalToCents(before.amount)

    clock = afterCutoff(order)
    await shop.app.jobs.runDue()
    expect(fake.intent(order.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amount_received: lowered,
    })
    const after = await shortOf(second.id)
    expect(after.refund).toMatchObject({ status: 'succeeded', amount: after.amount })
    expect(fake.refundsOf(order.paymentIntentId).map((made) => made.amount)).toEqual([
      decimalToCents(after.amount),
    ])
    expect((await getOrder(shopper, order.id)).paymentStatus).toBe('partially_refunded')
  })

  test('a hold Stripe keeps longer than 7 days is captured in the week the clocks go back', async () => {
    // authorised Wednesday 28 October at 20:30 CDT, after that week's cut-off; the next cut-off
    // is 4 November 20:00 CST, 7 days and 30 minutes later
    clock = new Date('2026-10-29T01:30:00Z')
    const shopper = await signUp(shop, 'stripe-dst')
    const order = await authorisedOrder(shopper)
    fake.holdUntil(order.paymentIntentId, new Date('2026-11-06T01:30:00Z'))
    clock = afterCutoff(order)
    await shop.app.jobs.runDue()
    expect((await getOrder(shopper, order.id)).paymentStatus).toBe('captured')
    expect(fake.intent(order.paymentIntentId).status).toBe('succeeded')
  })

  test('a hold Stripe let lapse is refused at capture: the customer is asked to pay again', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'stripe-lapsed')
    const order = await authorisedOrder(shopper)
    clock = afterCutoff(order)
    fake.expire(order.paymentIntentId)
    await shop.app.jobs.runDue()
    const failed = await getOrder(shopper, order.id)
    expect(failed.paymentStatus).toBe('payment_failed')
    expect(failed.history.at(-1)?.summary).toMatch(/expired/)
    expect(await emailsOf(shop, order.id, 'payment_failed')).toHaveLength(1)
  })
})

describe("Stripe's events about an order's own payment", () => {
  test('a hold Stripe cancels before the cut-off asks the customer to pay again at once', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'stripe-canceled')
    const order = await authorisedOrder(shopper)
    await deliver('payment_intent.canceled', fake.expire(order.paymentIntentId))
    const after = await getOrder(shopper, order.id)
    expect(after.paymentStatus).toBe('payment_failed')
    expect(after.payAgainUntil).not.toBeNull()
    expect(await emailsOf(shop, order.id, 'payment_failed')).toHaveLength(1)
    // delivered again, it changes nothing more
    await deliver('payment_intent.canceled', fake.intent(order.paymentIntentId))
    expect(await emailsOf(shop, order.id, 'payment_failed')).toHaveLength(1)
  })

  test('a refund the bank refuses is recorded as failed, and the order keeps its money owed', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'stripe-refund-failed')
    const order = await authorisedOrder(shopper)
    clock = afterCutoff(order)
    await shop.app.jobs.runDue()
    fake.makeRefunds('pending')
    try {
      const asked = await staffRefund(order.id, '4.00')
      expect(asked.statusCode, asked.body).toBe(201)
      expect(asked.json<OrderRefund>().status).toBe('pending')
      expect((await getOrder(shopper, order.id)).refundedAmount).toBe('0.00')

      const [made] = fake.refundsOf(order.paymentIntentId)
      await deliver('charge.refund.updated', fake.failRefund(made?.id ?? ''))
      const after = await getOrder(shopper, order.id)
      expect(after.refundedAmount).toBe('0.00')
      expect(after.paymentStatus).toBe('captured')
      expect(after.refunds).toEqual([expect.objectContaining({ status: 'failed' })])
      const admin = await signUpAdmin(shop, 'stripe-refund-view')
      const staffView = await admin.call('GET', `/api/admin/orders?page=1&pageSize=50`)
      const seen = staffView
        .json<{ orders: AdminOrder[] }>()
        .orders.find((found) => found.id === order.id)
      expect(seen?.history.at(-1)).toMatchObject({ kind: 'refund_failed' })

      // a pending refund that goes through is counted once it does
      const second = await staffRefund(order.id, '2.00')
      expect(second.json<OrderRefund>().status).toBe('pending')
      const pending = fake.refundsOf(order.paymentIntentId).find((r) => r.status === 'pending')
      await deliver('charge.refund.updated', fake.settleRefund(pending?.id ?? ''))
      expect((await getOrder(shopper, order.id)).refundedAmount).toBe('2.00')
    } finally {
      fake.makeRefunds('succeeded')
    }
  })
})

describe('a refused capture is settled by what the payment is', () => {
  test('Stripe\'s "already captured" after its 24-hour window makes the order captured, not failed', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'stripe-already')
    const order = await authorisedOrder(shopper)
    clock = afterCutoff(order)
    // the capture goes through at Stripe, but every answer is lost on the way back
    fake.troubleNext({ kind: 'drop-after-processing' }, 3)
    await shop.app.jobs.runDue()
    expect(fake.intent(order.paymentIntentId).status).toBe('succeeded')
    expect((await getOrder(shopper, order.id)).paymentStatus).toBe('authorized')
    // a day later the retry is a new request to Stripe, which says it was captured already
    fake.forgetIdempotencyKeys()
    await settleJobs(shop)
    const final = await getOrder(shopper, order.id)
    expect(final.paymentStatus).toBe('captured')
    expect(final.capturedAmount).toBe(order.total)
    const [capture] = await shop.database.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.orderId, order.id))
    expect(capture).toMatchObject({ kind: 'capture', status: 'succeeded' })
    expect(await emailsOf(shop, order.id, 'payment_failed')).toHaveLength(0)
  })
})
