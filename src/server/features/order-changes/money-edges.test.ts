import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailOutbox } from '#server/db/schema/index.ts'
import { packingClosesOfDelivery } from '#shared/domain/delivery.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { AdminOrder, Order, OrderRefund } from '#shared/schemas/order.ts'
import type { PaymentRequired } from '#shared/schemas/order-changes.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import {
  afterCutoff,
  CARD,
  demoPayment,
  emailsOf,
  getOrder,
  pay,
  placeOrder,
  settleJobs,
} from '#tests/setup/order-week.ts'
import { basketOver, inStockLines, type BasketLine } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * The edges of an order's money on the demo provider (docs/product.md#order-payments): the
 * provider's word applied without the browser, refunds that cannot be made twice, holds given
 * back, payments after their deadline, who hears about an order and what customers read of
 * the staff.
 */

// Tuesday 24 November 2026, 10:00 in Houston: the cut-off is tomorrow 20:00, delivery Saturday 28
const TUESDAY = new Date('2026-11-24T16:00:00Z')
let clock = TUESDAY
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

const asItems = (order: Order) =>
  order.items.map((item) => ({ id: item.productId as string, quantity: item.quantity }))

/** Asks for more than was authorised: a new payment for the new total. */
async function raise(shopper: Shopper, order: Order) {
  const extra = (await inStockLines(shop, 8)).find(
    (line) => !order.items.some((item) => item.productId === line.id),
  ) as BasketLine
  const response = await shopper.call('PATCH', `/api/orders/${order.id}`, {
    version: order.version,
    items: [...asItems(order), { id: extra.id, quantity: 2 }],
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PaymentRequired>().paymentRequired
}

/** A staff refund with its Idempotency-Key header (or none). */
async function refund(
  orderId: string,
  body: { amount: string; reason: string },
  key: string | null,
) {
  const admin = await signUpAdmin(shop, 'refunds')
  return shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie: admin.cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  })
}

/** An order whose capture at the cut-off was declined: the customer may pay again. */
async function failedOrder(shopper: Shopper) {
  clock = TUESDAY
  const order = await placeOrder(shopper, await basketOver(shop), {
    card: CARD.declinesAtCapture,
  })
  clock = afterCutoff(order)
  await shop.app.jobs.runDue()
  const failed = await getOrder(shopper, order.id)
  expect(failed.paymentStatus).toBe('payment_failed')
  return failed
}

describe("the provider's word about an order's own payment", () => {
  test('a paid change is applied once the provider says the card is authorised, without the browser', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'closedtab')
    const order = await placeOrder(shopper, await basketOver(shop))
    const required = await raise(shopper, order)
    await pay(shopper, required.paymentIntentId)
    // the customer closes the tab: no payments/complete call
    await settleJobs(shop)
    const changed = await getOrder(shopper, order.id)
    expect(changed).toMatchObject({ version: 2, total: required.total })
    expect((await demoPayment(shop, order.paymentIntentId))?.status).toBe('canceled')
  })
})

describe('a staff refund carries an Idempotency-Key', () => {
  test('the same key and body refund once; another body is 409; no key or a bad one is 400', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'retried')
    const order = await placeOrder(shopper, await basketOver(shop))
    clock = afterCutoff(order)
    await shop.app.jobs.runDue()
    const key = `refund-${crypto.randomUUID()}`
    const body = { amount: '1.00', reason: 'Bruised peaches' }
    const [first, second] = await Promise.all([
      refund(order.id, body, key),
      refund(order.id, body, key),
    ])
    expect(first.statusCode, first.body).toBe(201)
    expect(second.statusCode, second.body).toBe(201)
    expect(second.json<OrderRefund>().id).toBe(first.json<OrderRefund>().id)
    const again = await refund(order.id, body, key)
    expect(again.json<OrderRefund>().id).toBe(first.json<OrderRefund>().id)

    const other = await refund(order.id, { amount: '2.00', reason: 'Bruised peaches' }, key)
    expect(other.statusCode).toBe(409)
    expect((await refund(order.id, body, null)).statusCode).toBe(400)
    expect((await refund(order.id, body, 'short')).statusCode).toBe(400)
    expect((await refund(order.id, body, 'has spaces in it')).statusCode).toBe(400)

    const final = await getOrder(shopper, order.id)
    expect(final.refunds).toHaveLength(1)
    expect(final.refundedAmount).toBe('1.00')
    expect((await demoPayment(shop, order.paymentIntentId))?.amountRefunded).toBe(100)
  })
})

describe('paying again', () => {
  test('releases the hold the declined capture left on the old card', async () => {
    const shopper = await signUp(shop, 'payagain')
    const failed = await failedOrder(shopper)
    // the declined capture leaves the authorisation on the card until it is released
    expect((await demoPayment(shop, failed.paymentIntentId))?.status).toBe('requires_capture')
    const again = await shopper.call('POST', `/api/orders/${failed.id}/pay-again`, {})
    const { paymentRequired } = again.json<PaymentRequired>()
    await pay(shopper, paymentRequired.paymentIntentId)
    const done = await shopper.call('POST', `/api/orders/${failed.id}/payments/complete`, {
      paymentIntentId: paymentRequired.paymentIntentId,
    })
    expect(done.json<Order>().paymentStatus).toBe('captured')
    await settleJobs(shop)
    expect((await demoPayment(shop, failed.paymentIntentId))?.status).toBe('canceled')
  })

  test('a payment kept past the time packing stops is cancelled at the provider', async () => {
    const shopper = await signUp(shop, 'kept')
    const failed = await failedOrder(shopper)
    const again = await shopper.call('POST', `/api/orders/${failed.id}/pay-again`, {})
    const { paymentRequired } = again.json<PaymentRequired>()
    // the customer keeps the page open over the deadline and the hold, until packing stops
    clock = new Date(packingClosesOfDelivery(new Date(failed.deliveryDate)).getTime() + 60_000)
    expect((await shopper.call('POST', `/api/orders/${failed.id}/pay-again`, {})).statusCode).toBe(
      409,
    )
    await shop.app.jobs.runDue()
    expect((await demoPayment(shop, paymentRequired.paymentIntentId))?.status).toBe('canceled')
    expect((await pay(shopper, paymentRequired.paymentIntentId)).json()).toMatchObject({
      status: 'failed',
    })
    const complete = await shopper.call('POST', `/api/orders/${failed.id}/payments/complete`, {
      paymentIntentId: paymentRequired.paymentIntentId,
    })
    expect(complete.statusCode).toBe(409)
    expect(await getOrder(shopper, failed.id)).toMatchObject({
      status: 'on_hold',
      paymentStatus: 'payment_failed',
    })
  })

  test('a payment confirmed after packing stops is never applied: it is refunded at once', async () => {
    const shopper = await signUp(shop, 'toolate')
    const failed = await failedOrder(shopper)
    const again = await shopper.call('POST', `/api/orders/${failed.id}/pay-again`, {})
    const { paymentRequired } = again.json<PaymentRequired>()
    clock = new Date(packingClosesOfDelivery(new Date(failed.deliveryDate)).getTime() + 60_000)
    // confirmed before the sweep got to it: the card is charged at once
    await pay(shopper, paymentRequired.paymentIntentId)
    const complete = await shopper.call('POST', `/api/orders/${failed.id}/payments/complete`, {
      paymentIntentId: paymentRequired.paymentIntentId,
    })
    expect(complete.statusCode).toBe(409)
    await settleJobs(shop)
    const final = await getOrder(shopper, failed.id)
    expect(final.paymentStatus).toBe('payment_failed')
    expect(final.capturedAmount).toBe('0.00')
    const late = await demoPayment(shop, paymentRequired.paymentIntentId)
    expect(late?.amountReceived).toBeGreaterThan(0)
    expect(late?.amountRefunded).toBe(late?.amountReceived)
    const refunds = await emailsOf(shop, failed.id, 'refund')
    expect(refunds).toHaveLength(1)
    expect(refunds[0]?.textBody).toMatch(/after the deadline/)
  })
})

describe('who hears about an order', () => {
  test('order e-mails go to the account’s address, whatever address the order is given', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'owner')
    const items = await basketOver(shop)
    const delivery = {
      firstName: 'Maria',
      lastName: 'Gonzalez',
      email: 'someone.else@example.com',
      phone: '(713) 555-0199',
      address: '1200 Heights Blvd',
      apt: 'Apt 4',
      city: 'Houston',
      zipCode: '77008',
    }
    const quoted = await shopper.call('POST', '/api/create-payment-intent', {
      amount: 0,
      items,
      deliveryInfo: delivery,
    })
    const amount = quoted.json<{ totals: { total: string } }>().totals.total
    const intent = await shopper.call('POST', '/api/create-payment-intent', {
      amount,
      items,
      deliveryInfo: delivery,
    })
    const { paymentIntentId } = intent.json<{ paymentIntentId: string }>()
    await pay(shopper, paymentIntentId)
    const placed = await shopper.call('POST', '/api/orders', {
      paymentIntentId,
      deliveryInfo: delivery,
    })
    const order = placed.json<Order>()
    expect(order.customerEmail).toBe(shopper.email)

    for (const [index, email] of ['phish1@example.com', 'phish2@example.com'].entries()) {
      const change = await shopper.call('PATCH', `/api/orders/${order.id}`, {
        version: 1 + index,
        deliveryInfo: { ...delivery, email },
        specialInstructions: `Gate ${index}`,
      })
      expect(change.statusCode, change.body).toBe(200)
    }
    // an address alone changes nothing, and nobody is e-mailed about it
    const addressOnly = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: 3,
      deliveryInfo: { ...delivery, email: 'phish3@example.com' },
    })
    expect(addressOnly.json<Order>().version).toBe(3)

    const recipients = await shop.database.db
      .select({ to: emailOutbox.recipient })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, order.id))
    expect(recipients.length).toBe(3)
    expect(new Set(recipients.map((row) => row.to))).toEqual(new Set([shopper.email]))
    expect((await getOrder(shopper, order.id)).customerEmail).toBe(shopper.email)
  })

  test('customers read "by the shop" where the staff read who did it', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'named')
    const order = await placeOrder(shopper, await basketOver(shop))
    const admin = await signUpAdmin(shop, 'named-admin')
    const cancelled = await admin.call('POST', `/api/admin/orders/${order.id}/cancel`, {})
    expect(cancelled.statusCode).toBe(200)
    const staffView = cancelled.json<AdminOrder>().history.at(-1)
    expect(staffView).toMatchObject({ actor: 'staff', actorEmail: admin.email })

    const customerView = await getOrder(shopper, order.id)
    const event = customerView.history.at(-1)
    expect(event?.summary).toBe('Cancelled by the shop')
    expect(event?.actorEmail).toBeNull()
    expect(JSON.stringify(customerView)).not.toContain(admin.email)
  })
})

describe('what a cancelled order tells its customer', () => {
  test('cancelled after the charge: the e-mail says the money is being refunded, and no second e-mail follows', async () => {
    clock = TUESDAY
    const shopper = await signUp(shop, 'refunded')
    const order = await placeOrder(shopper, await basketOver(shop))
    clock = afterCutoff(order)
    await shop.app.jobs.runDue()
    const admin = await signUpAdmin(shop, 'cancel-admin')
    const cancelled = await admin.call('POST', `/api/admin/orders/${order.id}/cancel`, {})
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    await settleJobs(shop)
    const [told, ...more] = await emailsOf(shop, order.id, 'order_cancelled')
    expect(more).toHaveLength(0)
    expect(told?.textBody).toContain(`refunding $${order.total}`)
    expect(await emailsOf(shop, order.id, 'refund')).toHaveLength(0)
    const final = await getOrder(shopper, order.id)
    expect(decimalToCents(final.refundedAmount)).toBe(decimalToCents(order.total))
  })
})
