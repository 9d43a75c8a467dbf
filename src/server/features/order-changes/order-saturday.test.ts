import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paymentOperations, pendingCheckouts } from '#server/db/schema/index.ts'
import { orderCutoffFor } from '#shared/domain/delivery.ts'
import type { Order } from '#shared/schemas/order.ts'
import { signUp } from '#tests/factories/customer.ts'
import {
  afterCutoff,
  demoPayment,
  emailsOf,
  getOrder,
  pay,
  placeOrder,
} from '#tests/setup/order-week.ts'
import { basketOver, createIntent } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * An order's Saturday is the first whose cut-off has not passed when the order is made, and a
 * card's hold is judged by the provider alone (docs/product.md#order-payments), on the demo
 * provider with the shop's clock moved across cut-offs and the week the clocks go back.
 */

let clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

/** Houston wall-clock time in November and December 2026 (CST, UTC−6) as an instant */
const cst = (isoLocal: string) => new Date(`${isoLocal}-06:00`)
/** Houston wall-clock time until 1 November 2026 (CDT, UTC−5) as an instant */
const cdt = (isoLocal: string) => new Date(`${isoLocal}-05:00`)

const saturdayOf = (order: Order) => order.deliveryDate.slice(0, 10)

async function orderOfPayment(
  paymentIntentId: string,
  shopper: Awaited<ReturnType<typeof signUp>>,
) {
  const placed = await shopper.call('POST', '/api/orders', { paymentIntentId })
  expect(placed.statusCode, placed.body).toBeLessThan(300)
  return getOrder(shopper, placed.json<{ id: string }>().id)
}

describe('the Saturday is fixed when the order is made, not when checkout began', () => {
  test('a payment made at 19:59 on the cut-off day and confirmed at 20:10 goes to the next Saturday, and says so', async () => {
    clock = cst('2026-11-25T19:59:00')
    const shopper = await signUp(shop, 'late')
    const intent = await createIntent(shopper, await basketOver(shop))
    clock = cst('2026-11-25T20:10:00')
    expect((await pay(shopper, intent.paymentIntentId)).json()).toEqual({
      status: 'requires_capture',
    })
    const order = await orderOfPayment(intent.paymentIntentId, shopper)
    expect(saturdayOf(order)).toBe('2026-12-05')
    expect(order.editable).toBe(true)
    expect(order.editableUntil).toBe(cst('2026-12-02T20:00:00').toISOString())
    const moved = order.history.find((event) => event.kind === 'moved')
    expect(moved?.summary).toMatch(/Saturday, Dec 5/)
    expect(moved?.summary).toMatch(/Saturday, Nov 28/)

    const [confirmation] = await emailsOf(shop, order.id, 'order_confirmed')
    expect(confirmation?.textBody).toMatch(/Saturday, Dec 5/)
    expect(confirmation?.textBody).toMatch(/not Saturday, Nov 28/)
    expect(confirmation?.textBody).toMatch(/Wednesday, Dec 2 at 8:00 PM/)

    // the cut-off of Saturday 28 November leaves it alone
    await shop.app.jobs.runDue()
    expect((await getOrder(shopper, order.id)).paymentStatus).toBe('authorized')
  })

  test('a payment made on Monday 14 December and confirmed on Sunday 20 December is for Saturday 26 December', async () => {
    clock = cst('2026-12-14T10:00:00')
    const shopper = await signUp(shop, 'weeklate')
    const intent = await createIntent(shopper, await basketOver(shop))
    clock = cst('2026-12-14T18:00:00')
    await pay(shopper, intent.paymentIntentId)
    clock = cst('2026-12-20T10:00:00')
    const order = await orderOfPayment(intent.paymentIntentId, shopper)
    expect(saturdayOf(order)).toBe('2026-12-26')
    expect(order.history.some((event) => event.kind === 'moved')).toBe(true)
  })

  test('an order made before its cut-off keeps the Saturday checkout showed, without a note', async () => {
    clock = cst('2026-11-23T09:00:00')
    const shopper = await signUp(shop, 'ontime')
    const order = await placeOrder(shopper, await basketOver(shop))
    expect(saturdayOf(order)).toBe('2026-11-28')
    expect(order.history.map((event) => event.kind)).toEqual(['placed'])
  })

  test('a payment left unconfirmed for 24 hours is cancelled at the provider and can no longer be paid', async () => {
    clock = cst('2026-11-23T09:00:00')
    const shopper = await signUp(shop, 'forgotten')
    const intent = await createIntent(shopper, await basketOver(shop))
    clock = cst('2026-11-24T09:05:00')
    await shop.app.jobs.runDue()
    expect((await demoPayment(shop, intent.paymentIntentId))?.status).toBe('canceled')
    const [checkout] = await shop.database.db
      .select()
      .from(pendingCheckouts)
      .where(eq(pendingCheckouts.paymentIntentId, intent.paymentIntentId))
    expect(checkout?.status).toBe('expired')
    expect((await pay(shopper, intent.paymentIntentId)).json()).toMatchObject({ status: 'failed' })
    expect(
      (await shopper.call('POST', '/api/orders', { paymentIntentId: intent.paymentIntentId }))
        .statusCode,
    ).toBe(409)
  })
})

describe('a hold is judged by the provider, never by the age of the checkout', () => {
  test('a checkout begun just after a cut-off and paid a few minutes later is captured at the next one', async () => {
    clock = cst('2026-11-25T20:00:05')
    const shopper = await signUp(shop, 'firstseconds')
    const intent = await createIntent(shopper, await basketOver(shop))
    // the customer takes a minute and a half over the card form
    clock = cst('2026-11-25T20:01:35')
    await pay(shopper, intent.paymentIntentId)
    const order = await orderOfPayment(intent.paymentIntentId, shopper)
    expect(saturdayOf(order)).toBe('2026-12-05')
    // the next cut-off's run reaches it 20 s in: 7 days less 75 s after the card was authorised
    clock = new Date(orderCutoffFor(new Date(order.deliveryDate)).getTime() + 20_000)
    await shop.app.jobs.runDue()
    const final = await getOrder(shopper, order.id)
    expect(final.paymentStatus).toBe('captured')
    expect(final.capturedAmount).toBe(order.total)
  })

  test('the week the clocks go back: every order is tried at the provider, which alone says a hold lapsed', async () => {
    // Wednesday 28 October 2026: the cut-off at 20:00 CDT; the next is 4 November 20:00 CST,
    // 7 days and 1 hour later
    const shopper = await signUp(shop, 'dst')
    clock = cdt('2026-10-28T20:30:00')
    const early = await placeOrder(shopper, await basketOver(shop))
    clock = cdt('2026-10-28T21:30:00')
    const later = await placeOrder(shopper, await basketOver(shop))
    expect(saturdayOf(early)).toBe('2026-11-07')
    expect(saturdayOf(later)).toBe('2026-11-07')

    clock = afterCutoff(early)
    await shop.app.jobs.runDue()

    // authorised 7 days and 30 minutes before: the provider refuses, the customer pays again
    const lapsed = await getOrder(shopper, early.id)
    expect(lapsed.paymentStatus).toBe('payment_failed')
    expect(lapsed.history.at(-1)?.summary).toMatch(/expired/)
    const tried = await shop.database.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.orderId, early.id))
    expect(tried).toEqual([expect.objectContaining({ kind: 'capture', status: 'failed' })])
    expect(await emailsOf(shop, early.id, 'payment_failed')).toHaveLength(1)
    // authorised 6 days and 23½ hours before: captured
    expect((await getOrder(shopper, later.id)).paymentStatus).toBe('captured')
  })
})
