import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_REFUSALS } from '#server/adapters/payments/index.ts'
import { coupons, demoPaymentOperations, products } from '#server/db/schema/index.ts'
import { orderCutoffFor } from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents } from '#shared/domain/money.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { PaymentRequired } from '#shared/schemas/order-changes.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import {
  afterCutoff,
  CARD,
  demoPayment as demoPaymentOf,
  getOrder,
  pay,
  placeOrder,
} from '#tests/setup/order-week.ts'
import { basketOver, createIntent, inStockLines, type BasketLine } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * An order's week after checkout (docs/product.md#order-changes), on the demo provider: changes
 * and cancellations until the cut-off, the cut-off's capture, payments after a failed capture,
 * and the staff's cancellations and refunds.
 */

// Tuesday 24 November 2026, 10:00 in Houston: the cut-off is tomorrow 20:00, delivery Saturday 28
let clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})

/** A member of staff signed in now (a session ends after 15 idle minutes of the shop's clock). */
const staff = () => signUpAdmin(shop, 'order-money-admin')

/** A staff refund as the admin page sends it: one Idempotency-Key per refund dialog. */
async function staffRefund(orderId: string, body: { amount: string; reason: string }) {
  const admin = await staff()
  return shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie: admin.cookie, 'idempotency-key': `refund-${crypto.randomUUID()}` },
    payload: body,
  })
}
afterAll(() => shop.close())

const asItems = (order: Order) =>
  order.items.map((item) => ({
    id: item.productId as string,
    quantity: item.quantity,
  }))

const demoPayment = (id: string) => demoPaymentOf(shop, id)

async function moneyMoves(paymentId: string) {
  return shop.database.db
    .select()
    .from(demoPaymentOperations)
    .where(eq(demoPaymentOperations.paymentId, paymentId))
}

/** A basket over $80 whose first line has at least two of its product, so one can go. */
async function lowerableBasket() {
  const items = await basketOver(shop, 8000)
  ;(items[0] as BasketLine).quantity += 1
  return items
}

/** The order's lines with one item fewer of a line that has several. */
function oneFewer(order: Order) {
  const items = asItems(order)
  const several = items.find((item) => item.quantity > 1)
  if (!several) throw new Error('no line with several items')
  several.quantity -= 1
  return items
}

describe('an order after checkout', () => {
  test('is authorised, not charged, and editable until its cut-off', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    expect(order).toMatchObject({
      paymentStatus: 'authorized',
      authorizedAmount: order.total,
      capturedAmount: '0.00',
      editable: true,
      version: 1,
      editableUntil: '2026-11-26T02:00:00.000Z',
      payAgainUntil: null,
      refunds: [],
    })
    expect(order.history.map((event) => event.kind)).toEqual(['placed'])
    const payment = await demoPayment(order.paymentIntentId)
    expect(payment).toMatchObject({ status: 'requires_capture', amountReceived: 0 })
  })

  test("another customer's order is not found, to read, change or cancel", async () => {
    const owner = await signUp(shop)
    const order = await placeOrder(owner, await basketOver(shop))
    const stranger = await signUp(shop)
    expect((await stranger.call('GET', `/api/orders/${order.id}`)).statusCode).toBe(404)
    const change = await stranger.call('PATCH', `/api/orders/${order.id}`, {
      version: 1,
      specialInstructions: 'mine now',
    })
    expect(change.statusCode).toBe(404)
    expect((await stranger.call('POST', `/api/orders/${order.id}/cancel`, {})).statusCode).toBe(404)
    expect((await getOrder(owner, order.id)).version).toBe(1)
  })
})

describe('changes below the authorised amount', () => {
  test('a quantity down saves at once, re-priced, recorded and confirmed', async () => {
    const shopper = await signUp(shop)
    const items = await lowerableBasket()
    const order = await placeOrder(shopper, items)
    const first = items[0] as BasketLine
    const lowered = asItems(order).map((item) =>
      item.id === first.id ? { ...item, quantity: item.quantity - 1 } : item,
    )
    expect(first.quantity).toBeGreaterThan(1)
    const response = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: 1,
      items: lowered,
    })
    expect(response.statusCode, response.body).toBe(200)
    const changed = response.json<Order>()
    expect(changed.version).toBe(2)
    expect(decimalToCents(changed.subtotal)).toBe(
      decimalToCents(order.subtotal) - decimalToCents(first.price),
    )
    expect(decimalToCents(changed.total)).toBeLessThan(decimalToCents(order.total))
    // the card stays authorised for the old amount: the cut-off captures the new total
    expect(changed.authorizedAmount).toBe(order.total)
    const event = changed.history.at(-1)
    expect(event).toMatchObject({
      kind: 'changed',
      actor: 'customer',
      oldTotal: order.total,
      newTotal: changed.total,
    })
    expect(event?.summary).toContain(`${first.name} ${first.quantity} → ${first.quantity - 1}`)
  })

  test('delivery instructions given at checkout are kept, and changed later', async () => {
    const shopper = await signUp(shop)
    const items = await basketOver(shop)
    const amount = (await createIntent(shopper, items)).amount
    const intent = await shopper.call('POST', '/api/create-payment-intent', {
      amount,
      items,
      specialInstructions: 'Gate code 4321, leave the box on the porch',
    })
    const { paymentIntentId } = intent.json<{ paymentIntentId: string }>()
    await pay(shopper, paymentIntentId)
    const placed = await shopper.call('POST', '/api/orders', { paymentIntentId })
    const order = await getOrder(shopper, placed.json<{ id: string }>().id)
    expect(order.specialInstructions).toBe('Gate code 4321, leave the box on the porch')

    const tooLong = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: 1,
      specialInstructions: 'x'.repeat(501),
    })
    expect(tooLong.statusCode).toBe(400)
    const changed = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: 1,
      specialInstructions: 'Gate code 9999',
    })
    expect(changed.json<Order>()).toMatchObject({
      specialInstructions: 'Gate code 9999',
      version: 2,
      total: order.total,
    })
  })

  test('bad input is refused with 400 and changes nothing', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const [soldOut] = await shop.database.db
      .update(products)
      .set({ inStock: false })
      .where(eq(products.id, (await inStockLines(shop, 6))[5]?.id ?? ''))
      .returning()
    const attempts = [
      { version: 1, items: [{ id: asItems(order)[0]?.id, quantity: 21 }] },
      { version: 1, items: [{ id: asItems(order)[0]?.id, quantity: 0 }] },
      { version: 1, items: [...asItems(order), { id: crypto.randomUUID(), quantity: 1 }] },
      { version: 1, items: [...asItems(order), { id: soldOut?.id, quantity: 1 }] },
      { version: 1, items: [{ id: asItems(order)[0]?.id, quantity: 1 }] }, // below the minimum
      {
        version: 1,
        deliveryInfo: {
          firstName: 'Maria',
          lastName: 'Gonzalez',
          email: 'maria@example.com',
          phone: '7135550199',
          address: '1 Main Street',
          city: 'Dallas',
          zipCode: '75201',
        },
      },
      { version: 1, items: [] },
      { version: 1, total: '1.00' },
    ]
    for (const body of attempts) {
      const response = await shopper.call('PATCH', `/api/orders/${order.id}`, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json<{ message: string }>().message).toBeTruthy()
    }
    await shop.database.db
      .update(products)
      .set({ inStock: true })
      .where(eq(products.id, soldOut?.id ?? ''))
    const after = await getOrder(shopper, order.id)
    expect(after).toMatchObject({ version: 1, total: order.total })
  })

  test('a stale version is refused with the order as it stands; two tabs: one wins', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await lowerableBasket())
    const [one, two] = await Promise.all(
      ['Tab one', 'Tab two'].map((text) =>
        shopper.call('PATCH', `/api/orders/${order.id}`, { version: 1, specialInstructions: text }),
      ),
    )
    const statuses = [one?.statusCode, two?.statusCode].sort()
    expect(statuses).toEqual([200, 409])
    const loser = one?.statusCode === 409 ? one : two
    const body = loser?.json<{ message: string; order: Order }>()
    expect(body?.message).toMatch(/changed in another window/)
    expect(body?.order.version).toBe(2)
    // an If-Match header with an old version is refused the same way
    const stale = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      headers: { cookie: shopper.cookie, 'if-match': '"1"' },
      payload: { version: 2, specialInstructions: 'late' },
    })
    expect(stale.statusCode).toBe(409)
    expect(
      (await getOrder(shopper, order.id)).history.filter((e) => e.kind === 'changed'),
    ).toHaveLength(1)
  })
})

describe('changes above the authorised amount', () => {
  async function raise(shopper: Shopper, order: Order) {
    const extra = (await inStockLines(shop, 8)).find(
      (line) => !order.items.some((item) => item.productId === line.id),
    ) as BasketLine
    const response = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: order.version,
      items: [...asItems(order), { id: extra.id, quantity: 2 }],
    })
    expect(response.statusCode, response.body).toBe(200)
    return { extra, required: response.json<PaymentRequired>().paymentRequired }
  }

  test('asks for a card payment of the whole new total, applied once it succeeds', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const { extra, required } = await raise(shopper, order)
    expect(decimalToCents(required.total)).toBeGreaterThan(decimalToCents(order.total))
    // nothing changes until the payment succeeds
    expect((await getOrder(shopper, order.id)).version).toBe(1)

    expect((await pay(shopper, required.paymentIntentId)).json()).toEqual({
      status: 'requires_capture',
    })
    const completed = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId: required.paymentIntentId,
    })
    expect(completed.statusCode, completed.body).toBe(200)
    const changed = completed.json<Order>()
    expect(changed).toMatchObject({
      version: 2,
      total: required.total,
      authorizedAmount: required.total,
      paymentStatus: 'authorized',
    })
    expect(changed.items.find((item) => item.productId === extra.id)?.quantity).toBe(2)
    // the old authorisation is voided only now; the new one stands
    expect((await demoPayment(order.paymentIntentId))?.status).toBe('canceled')
    expect((await demoPayment(required.paymentIntentId))?.status).toBe('requires_capture')

    // completing again (a second tab, the webhook) applies nothing twice
    const again = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId: required.paymentIntentId,
    })
    expect(again.json<Order>().version).toBe(2)
    expect(again.json<Order>().history.filter((event) => event.kind === 'changed')).toHaveLength(1)
  })

  test('a declined card leaves the order as it was, still authorised', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const { required } = await raise(shopper, order)
    const declined = await pay(shopper, required.paymentIntentId, CARD.declined)
    expect(declined.json()).toMatchObject({ status: 'failed' })
    const completed = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId: required.paymentIntentId,
    })
    expect(completed.statusCode).toBe(409)
    expect(await getOrder(shopper, order.id)).toMatchObject({
      version: 1,
      total: order.total,
      paymentStatus: 'authorized',
    })
    expect((await demoPayment(order.paymentIntentId))?.status).toBe('requires_capture')
  })

  test('a change paid for after another change landed is refused and its payment voided', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const { required } = await raise(shopper, order)
    await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: 1,
      specialInstructions: 'meanwhile in another tab',
    })
    await pay(shopper, required.paymentIntentId)
    const completed = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId: required.paymentIntentId,
    })
    expect(completed.statusCode).toBe(409)
    expect((await demoPayment(required.paymentIntentId))?.status).toBe('canceled')
    expect((await getOrder(shopper, order.id)).total).toBe(order.total)
  })
})

describe('cancelling', () => {
  test('the customer cancels: the authorisation is voided, no money moves', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const response = await shopper.call('POST', `/api/orders/${order.id}/cancel`, {})
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Order>()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'voided',
      editable: false,
    })
    const payment = await demoPayment(order.paymentIntentId)
    expect(payment).toMatchObject({ status: 'canceled', amountReceived: 0 })
    const again = await shopper.call('POST', `/api/orders/${order.id}/cancel`, {})
    expect(again.statusCode).toBe(409)
    const change = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: 2,
      specialInstructions: 'too late',
    })
    expect(change.statusCode).toBe(409)
    expect(change.json<{ message: string }>().message).toMatch(/cancelled/)
  })

  test("a limited coupon's use is given back", async () => {
    const code = `ONCE${Date.now()}`
    await shop.database.db.insert(coupons).values({ code, amountOff: '5.00', maxRedemptions: 1 })
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop), { promoCode: code })
    const used = await shop.database.db.select().from(coupons).where(eq(coupons.code, code))
    expect(used[0]?.timesRedeemed).toBe(1)
    await shopper.call('POST', `/api/orders/${order.id}/cancel`, {})
    const freed = await shop.database.db.select().from(coupons).where(eq(coupons.code, code))
    expect(freed[0]?.timesRedeemed).toBe(0)
  })
})

describe('the cut-off', () => {
  test('locks the order for its customer: 409 with the deadline', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const saved = clock
    clock = afterCutoff(order)
    try {
      const change = await shopper.call('PATCH', `/api/orders/${order.id}`, {
        version: 1,
        specialInstructions: 'late',
      })
      expect(change.statusCode).toBe(409)
      const body = change.json<{ message: string; order: Order }>()
      expect(body.message).toMatch(/Wednesday, Nov 25 at 8:00 PM|changes closed/)
      expect(body.order.editable).toBe(false)
      expect((await shopper.call('POST', `/api/orders/${order.id}/cancel`, {})).statusCode).toBe(
        409,
      )
    } finally {
      clock = saved
    }
  })

  test('captures each order once, for its total then; the admin sees the run', async () => {
    const shopper = await signUp(shop)
    const items = await lowerableBasket()
    const order = await placeOrder(shopper, items)
    const lowered = oneFewer(order)
    const response = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: 1,
      items: lowered,
    })
    expect(response.statusCode, response.body).toBe(200)
    const changed = response.json<Order>()
    const saved = clock
    clock = afterCutoff(order)
    try {
      await shop.app.jobs.runDue()
      await shop.app.jobs.runDue() // a second tick (or a second process) moves nothing again
      const captured = await getOrder(shopper, order.id)
      expect(captured).toMatchObject({
        paymentStatus: 'captured',
        capturedAmount: changed.total,
        editable: false,
      })
      const payment = await demoPayment(order.paymentIntentId)
      expect(payment?.amountReceived).toBe(decimalToCents(changed.total))
      expect(
        (await moneyMoves(order.paymentIntentId)).filter((m) => m.kind === 'capture'),
      ).toHaveLength(1)
      const runs = await (await staff()).call('GET', '/api/admin/jobs')
      expect(runs.statusCode).toBe(200)
      expect(
        runs.json<{ runs: { runKey: string; status: string; succeeded: number }[] }>().runs,
      ).toContainEqual(expect.objectContaining({ runKey: '2026-11-28', status: 'finished' }))
    } finally {
      clock = saved
    }
  })
})

/** Places an order and moves the clock past its cut-off and runs the due jobs: captured. */
async function capturedOrder(shopper: Shopper, card = CARD.succeeds) {
  const order = await placeOrder(shopper, await basketOver(shop), { card })
  const saved = clock
  clock = afterCutoff(order)
  await shop.app.jobs.runDue()
  const captured = await getOrder(shopper, order.id)
  return { order: captured, restore: () => (clock = saved) }
}

describe('a capture that fails', () => {
  test('marks the order payment_failed, and a payment with another card settles it', async () => {
    const shopper = await signUp(shop)
    const { order, restore } = await capturedOrder(shopper, CARD.declinesAtCapture)
    try {
      expect(order.paymentStatus).toBe('payment_failed')
      expect(order.payAgainUntil).toBe('2026-11-27T18:00:00.000Z') // Friday 12:00 in Houston
      expect(order.history.at(-1)?.kind).toBe('capture_failed')
      const runs = (await (await staff()).call('GET', '/api/admin/jobs')).json<{
        runs: { runKey: string; failed: number }[]
      }>().runs
      expect(runs.some((run) => run.runKey === '2026-11-28' && run.failed === 1)).toBe(true)

      const again = await shopper.call('POST', `/api/orders/${order.id}/pay-again`, {})
      expect(again.statusCode, again.body).toBe(200)
      const { paymentRequired } = again.json<PaymentRequired>()
      expect(paymentRequired.total).toBe(order.total)
      expect((await pay(shopper, paymentRequired.paymentIntentId)).json()).toEqual({
        status: 'succeeded',
      })
      const done = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
        paymentIntentId: paymentRequired.paymentIntentId,
      })
      expect(done.json<Order>()).toMatchObject({
        paymentStatus: 'captured',
        capturedAmount: order.total,
        payAgainUntil: null,
      })
    } finally {
      restore()
    }
  })

  test('a hold the provider let lapse is tried, refused as expired, and the customer pays again', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    // the demo holds a card for 7 days from authorising it: this one was authorised 8 days ago
    await shop.database.db.execute(
      sql`update demo_payments set authorized_at = authorized_at - interval '8 days' where id = ${order.paymentIntentId}`,
    )
    const saved = clock
    clock = afterCutoff(order)
    try {
      await shop.app.jobs.runDue()
      const failed = await getOrder(shopper, order.id)
      expect(failed.paymentStatus).toBe('payment_failed')
      expect(failed.history.at(-1)?.summary).toMatch(/authorization expired/)
      const captures = (await moneyMoves(order.paymentIntentId)).filter((m) => m.kind === 'capture')
      expect(captures).toHaveLength(1)
      expect(captures[0]?.result).toEqual({
        refused: DEMO_REFUSALS.expired,
        code: 'charge_expired_for_capture',
      })
    } finally {
      clock = saved
    }
  })
})

describe('refunds and cancellations by the staff', () => {
  test('before capture a refund is refused; the staff cancel voids instead', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const refund = await staffRefund(order.id, { amount: '5.00', reason: 'Missing eggs' })
    expect(refund.statusCode).toBe(409)
    expect(refund.json<{ message: string }>().message).toMatch(/not been charged yet/)
    const cancelled = await (await staff()).call('POST', `/api/admin/orders/${order.id}/cancel`, {})
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json<Order>()).toMatchObject({ status: 'cancelled', paymentStatus: 'voided' })
    expect((await demoPayment(order.paymentIntentId))?.status).toBe('canceled')
  })

  test('after capture: part refunds up to what is left, shown to the customer', async () => {
    const shopper = await signUp(shop)
    const { order, restore } = await capturedOrder(shopper)
    try {
      expect(order.paymentStatus).toBe('captured')
      const first = await staffRefund(order.id, { amount: '5.00', reason: 'A cracked egg carton' })
      expect(first.statusCode, first.body).toBe(201)
      expect(first.json()).toMatchObject({ amount: '5.00', status: 'succeeded' })
      const left = decimalToCents(order.capturedAmount) - 500
      const tooMuch = await staffRefund(order.id, {
        amount: centsToDecimal(left + 1),
        reason: 'Everything',
      })
      expect(tooMuch.statusCode).toBe(400)
      expect(tooMuch.json<{ message: string }>().message).toContain(`$${centsToDecimal(left)}`)
      const partly = await getOrder(shopper, order.id)
      expect(partly).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: '5.00' })
      expect(partly.refunds).toEqual([
        expect.objectContaining({ amount: '5.00', reason: 'A cracked egg carton' }),
      ])
      // cancelling now gives back the whole rest
      const cancelled = await (
        await staff()
      ).call('POST', `/api/admin/orders/${order.id}/cancel`, {})
      expect(cancelled.json<Order>()).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'refunded',
        refundedAmount: order.capturedAmount,
      })
      const payment = await demoPayment(order.paymentIntentId)
      expect(payment?.amountRefunded).toBe(decimalToCents(order.capturedAmount))
    } finally {
      restore()
    }
  })

  test('customers cannot call the staff routes', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    for (const [method, url] of [
      ['POST', `/api/admin/orders/${order.id}/cancel`],
      ['POST', `/api/admin/orders/${order.id}/refunds`],
      ['GET', '/api/admin/jobs'],
    ] as const) {
      const response = await shopper.call(method, url, method === 'POST' ? {} : undefined)
      expect(response.statusCode).toBe(403)
    }
  })
})

describe('the coupon of a changed order', () => {
  test('is dropped with a message when the new subtotal is below its minimum', async () => {
    const code = `MIN${Date.now()}`
    const items = await lowerableBasket()
    const subtotal = items.reduce(
      (sum, line) => sum + decimalToCents(line.price) * line.quantity,
      0,
    )
    // the coupon's minimum is exactly this basket: one item fewer falls below it
    await shop.database.db
      .insert(coupons)
      .values({ code, amountOff: '5.00', minSubtotal: centsToDecimal(subtotal) })
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, items, { promoCode: code })
    expect(order.discountAmount).toBe('5.00')
    const lowered = oneFewer(order)
    const response = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: 1,
      items: lowered,
    })
    expect(response.statusCode, response.body).toBe(200)
    const changed = response.json<Order>()
    expect(changed).toMatchObject({ promoCode: null, discountAmount: '0.00' })
    expect(changed.history.at(-1)?.summary).toMatch(/coupon .* removed/i)
  })
})

describe('a change racing the cut-off', () => {
  test('lands before the lock and is captured, or is refused: never the old amount after a saved change', async () => {
    for (let round = 0; round < 3; round++) {
      const shopper = await signUp(shop)
      const order = await placeOrder(shopper, await lowerableBasket())
      const lowered = oneFewer(order)
      // the clock one millisecond before the cut-off: the change may pass its check, the tick
      // runs as the cut-off strikes
      const cutoff = orderCutoffFor(new Date(order.deliveryDate)).getTime()
      const saved = clock
      clock = new Date(cutoff - 1)
      const change = shopper.call('PATCH', `/api/orders/${order.id}`, {
        version: 1,
        items: lowered,
      })
      clock = new Date(cutoff + 1)
      const [changed] = await Promise.all([change, shop.app.jobs.tick()])
      await shop.app.jobs.runDue()
      clock = saved
      const final = await getOrder(shopper, order.id)
      expect(final.paymentStatus).toBe('captured')
      if (changed.statusCode === 200) {
        expect(final.capturedAmount).toBe(changed.json<Order>().total)
      } else {
        expect(changed.statusCode).toBe(409)
        expect(final.capturedAmount).toBe(order.total)
      }
    }
  })
})
