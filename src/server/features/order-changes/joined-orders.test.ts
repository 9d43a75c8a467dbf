import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoPayments } from '#server/db/schema/index.ts'
import { chicagoDayOf, cutoffOfDelivery } from '#shared/domain/delivery.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { Order } from '#shared/schemas/order.ts'
import { ORDER_CHANGE_MESSAGES } from '#shared/schemas/order-changes.ts'
import { signUp, type Shopper } from '#tests/factories/customer.ts'
import { emailsOf, getOrder, pay, placeOrder } from '#tests/setup/order-week.ts'
import { basketOver, inStockLines, type BasketLine } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { createTestDatabase } from '#tests/setup/test-database.ts'

/**
 * One order per household per Saturday (docs/product.md#one-order-per-saturday): a second
 * checkout for a Saturday the customer already has an open order for adds its basket to that
 * order: one order, one delivery fee on the combined subtotal, one e-mail saying what was added.
 */

// Tuesday 24 November 2026, 10:00 in Houston: the cut-off is tomorrow 20:00, delivery Saturday 28
let clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

const saturdayOf = (order: Order) => chicagoDayOf(new Date(order.deliveryDate))

/** Two lines the order does not hold, one of each. */
async function moreLines(order: Order, count = 2): Promise<BasketLine[]> {
  return (await inStockLines(shop, 12))
    .filter((line) => !order.items.some((item) => item.productId === line.id))
    .slice(0, count)
}

/** POST /api/create-payment-intent joining the order, with the amount the page shows. */
const join = (shopper: Shopper, order: Order, items: BasketLine[], amount: string | number) =>
  shopper.call('POST', '/api/create-payment-intent', { amount, items, joinOrderId: order.id })

/** The order's new total as the server prices it: the 409 a first call with 0 answers. */
async function combinedTotals(shopper: Shopper, order: Order, items: BasketLine[]) {
  const priced = await join(shopper, order, items, 0)
  expect(priced.statusCode, priced.body).toBe(409)
  return priced.json<{ totals: Record<string, string> }>().totals
}

/** A customer's order for the coming Saturday, paid with a card they saved at checkout. */
async function orderWithSavedCard(app: TestApp) {
  const shopper = await signUp(app)
  const items = await basketOver(app)
  const amount = (
    await shopper.call('POST', '/api/create-payment-intent', { amount: 0, items })
  ).json<{ totals: { total: string } }>().totals.total
  const intent = await shopper.call('POST', '/api/create-payment-intent', {
    amount,
    items,
    savePaymentMethod: true,
  })
  const { paymentIntentId } = intent.json<{ paymentIntentId: string }>()
  await pay(shopper, paymentIntentId)
  const placed = await shopper.call('POST', '/api/orders', { paymentIntentId })
  const order = await getOrder(shopper, placed.json<{ id: string }>().id)
  const [card] = (await shopper.call('GET', '/api/payment-methods')).json<{ id: string }[]>()
  return { shopper, order, card }
}

describe('the open order for a Saturday', () => {
  test('is the caller’s not-cancelled order still open to changes, else 404', async () => {
    const shopper = await signUp(shop)
    const saturday = chicagoDayOf(cutoffOfDelivery(new Date('2026-11-28T11:00:00Z')))
    expect(saturday).toBe('2026-11-25')
    const none = await shopper.call('GET', '/api/orders/open?saturday=2026-11-28')
    expect(none.statusCode).toBe(404)

    const order = await placeOrder(shopper, await basketOver(shop))
    expect(saturdayOf(order)).toBe('2026-11-28')
    const open = await shopper.call('GET', '/api/orders/open?saturday=2026-11-28')
    expect(open.statusCode, open.body).toBe(200)
    expect(open.json<Order>().id).toBe(order.id)
    expect((await shopper.call('GET', '/api/orders/open?saturday=2026-12-05')).statusCode).toBe(404)

    const stranger = await signUp(shop)
    expect((await stranger.call('GET', '/api/orders/open?saturday=2026-11-28')).statusCode).toBe(
      404,
    )
    const notSaturday = await shopper.call('GET', '/api/orders/open?saturday=2026-11-26')
    expect(notSaturday.statusCode).toBe(400)

    await shopper.call('POST', `/api/orders/${order.id}/cancel`, {})
    expect((await shopper.call('GET', '/api/orders/open?saturday=2026-11-28')).statusCode).toBe(404)
  })
})

describe('adding a basket to the Saturday order', () => {
  test('one order: the lines join, the delivery fee is judged on the combined subtotal, one e-mail says what was added', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop, 6000))
    expect(decimalToCents(order.deliveryFee)).toBeGreaterThan(0)
    const basket = (await moreLines(order)).map((line) => ({ ...line, quantity: 3 }))
    const totals = await combinedTotals(shopper, order, basket)
    // the combined subtotal is over $99: no delivery fee on the joined order
    expect(decimalToCents(totals['subtotal'] ?? '0')).toBeGreaterThanOrEqual(9900)
    expect(totals['deliveryFee']).toBe('0.00')
    expect((await getOrder(shopper, order.id)).version).toBe(1)

    const started = await join(shopper, order, basket, totals['total'] ?? '')
    expect(started.statusCode, started.body).toBe(200)
    const payment = started.json<{ paymentIntentId: string; amount: string; joinOrderId: string }>()
    expect(payment).toMatchObject({ amount: totals['total'], joinOrderId: order.id })
    expect((await pay(shopper, payment.paymentIntentId)).json()).toEqual({
      status: 'requires_capture',
    })
    const completed = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId: payment.paymentIntentId,
    })
    expect(completed.statusCode, completed.body).toBe(200)
    const joined = completed.json<Order>()
    expect(joined).toMatchObject({
      id: order.id,
      version: 2,
      total: totals['total'],
      deliveryFee: '0.00',
      authorizedAmount: totals['total'],
    })
    for (const line of basket) {
      expect(joined.items.find((item) => item.productId === line.id)?.quantity).toBe(3)
    }
    expect(joined.items).toHaveLength(order.items.length + basket.length)
    const orders = (await shopper.call('GET', '/api/orders')).json<Order[]>()
    expect(orders.map((one) => one.id)).toEqual([order.id])
    const [told, ...more] = await emailsOf(shop, order.id, 'order_changed')
    expect(more).toHaveLength(0)
    for (const line of basket)
      expect(told?.textBody.toLowerCase()).toContain(`added ${line.name.toLowerCase()} ×3`)
  })

  test('a product the order holds already is one line of both counts', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const held = order.items[0]
    if (!held?.productId) throw new Error('no line to add to')
    const basket = [
      { id: held.productId, name: held.productName, price: held.productPrice, quantity: 2 },
    ]
    const totals = await combinedTotals(shopper, order, basket)
    const started = await join(shopper, order, basket, totals['total'] ?? '')
    const { paymentIntentId } = started.json<{ paymentIntentId: string }>()
    await pay(shopper, paymentIntentId)
    const completed = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId,
    })
    const joined = completed.json<Order>()
    expect(joined.items).toHaveLength(order.items.length)
    expect(joined.items.find((item) => item.productId === held.productId)?.quantity).toBe(
      held.quantity + 2,
    )
  })

  test('with a saved card the basket joins at once, without the card form', async () => {
    const { shopper, order, card } = await orderWithSavedCard(shop)

    const basket = await moreLines(order, 1)
    const totals = await combinedTotals(shopper, order, basket)
    const joined = await shopper.call('POST', '/api/create-payment-intent', {
      amount: totals['total'],
      items: basket,
      joinOrderId: order.id,
      paymentMethodId: card?.id,
    })
    expect(joined.statusCode, joined.body).toBe(200)
    expect(joined.json<{ joinedOrder: Order }>().joinedOrder).toMatchObject({
      id: order.id,
      version: 2,
      total: totals['total'],
      paymentStatus: 'authorized',
    })
  })

  test('two tabs joining at once: one basket joins, the other is told the order changed, and its hold is released', async () => {
    const { shopper, order, card } = await orderWithSavedCard(shop)
    const basket = await moreLines(order, 1)
    const totals = await combinedTotals(shopper, order, basket)

    const answers = await Promise.all(
      [1, 2].map(() =>
        shopper.call('POST', '/api/create-payment-intent', {
          amount: totals['total'],
          items: basket,
          joinOrderId: order.id,
          paymentMethodId: card?.id,
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([200, 409])
    const after = await getOrder(shopper, order.id)
    expect(after).toMatchObject({ version: 2, total: totals['total'] })
    expect(after.items.find((item) => item.productId === basket[0]?.id)?.quantity).toBe(1)
    // every hold but the order's own is released: the old one and the losing tab's
    const holds = await shop.database.db
      .select()
      .from(demoPayments)
      .where(sql`${demoPayments.metadata} ->> 'orderId' = ${order.id}`)
    expect(holds.filter((hold) => hold.status === 'requires_capture')).toHaveLength(1)
  })

  test('a box the order holds already is refused with what to do instead; the order is unchanged', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    // as if the order's first line were a farm box built with choices: the basket brings another
    const held = order.items[0]
    if (!held?.productId) throw new Error('no line')
    const basket = [
      {
        id: held.productId,
        name: held.productName,
        price: held.productPrice,
        quantity: 1,
        customSelections: Array<string>(7).fill(held.productId),
      },
    ]
    const refused = await join(shopper, order, basket, 0)
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ message: string }>().message).toBe(
      ORDER_CHANGE_MESSAGES.joinBoxTwice(held.productName),
    )
    expect((await getOrder(shopper, order.id)).version).toBe(1)
  })

  test("another customer's order is not found; a cancelled one cannot be joined", async () => {
    const owner = await signUp(shop)
    const order = await placeOrder(owner, await basketOver(shop))
    const stranger = await signUp(shop)
    const basket = await moreLines(order, 1)
    expect((await join(stranger, order, basket, 0)).statusCode).toBe(404)
    await owner.call('POST', `/api/orders/${order.id}/cancel`, {})
    const cancelled = await join(owner, order, basket, 0)
    expect(cancelled.statusCode).toBe(409)
    expect(cancelled.json<{ message: string }>().message).toBe(ORDER_CHANGE_MESSAGES.cancelled)
  })

  test('at the cut-off the basket is refused, naming the Saturday it would go to instead', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const basket = await moreLines(order, 1)
    const saved = clock
    clock = cutoffOfDelivery(new Date(order.deliveryDate))
    try {
      const refused = await join(shopper, order, basket, 0)
      expect(refused.statusCode).toBe(409)
      expect(refused.json<{ message: string }>().message).toBe(
        ORDER_CHANGE_MESSAGES.joinClosed('Saturday, Dec 5'),
      )
      expect((await getOrder(shopper, order.id)).version).toBe(1)
    } finally {
      clock = saved
    }
  })

  test('racing the cut-off on another process: the basket joined before the capture, and the new total is captured, or it is refused naming next Saturday', async () => {
    // two processes on one database: this one a second before the cut-off, the other a minute
    // after it running the capture (docs/product.md#one-order-per-saturday)
    const database = await createTestDatabase()
    const cutoff = cutoffOfDelivery(new Date('2026-11-28T11:00:00Z'))
    const early = await createTestApp({
      database,
      now: () => new Date(cutoff.getTime() - 1000),
    })
    const late = await createTestApp({
      database,
      now: () => new Date(cutoff.getTime() + 60_000),
    })
    try {
      for (let round = 0; round < 8; round++) {
        const { shopper, order, card } = await orderWithSavedCard(early)
        const basket = (await inStockLines(early, 12))
          .filter((line) => !order.items.some((item) => item.productId === line.id))
          .slice(0, 1)
        const priced = await shopper.call('POST', '/api/create-payment-intent', {
          amount: 0,
          items: basket,
          joinOrderId: order.id,
        })
        const newTotal = priced.json<{ totals: { total: string } }>().totals.total

        const [joined] = await Promise.all([
          shopper.call('POST', '/api/create-payment-intent', {
            amount: newTotal,
            items: basket,
            joinOrderId: order.id,
            paymentMethodId: card?.id,
          }),
          // the capture starts a little later each round, so both sides get to win
          new Promise((resolve) => setTimeout(resolve, round * 6)).then(() =>
            late.app.jobs.runDue(),
          ),
        ])
        await late.app.jobs.runDue()
        const after = await getOrder(shopper, order.id)
        // which came first is the race's to decide; each round must be one or the other, whole
        if (joined.statusCode === 200) {
          expect(after).toMatchObject({ version: 2, total: newTotal, capturedAmount: newTotal })
        } else {
          expect(joined.statusCode, joined.body).toBe(409)
          expect(joined.json<{ message: string }>().message).toBe(
            ORDER_CHANGE_MESSAGES.joinClosed('Saturday, Dec 5'),
          )
          expect(after).toMatchObject({ version: 1, capturedAmount: order.total })
        }
        expect(after.paymentStatus).toBe('captured')
        // no hold is left behind: the order's payment was captured, every other one released
        const holds = await database.db
          .select()
          .from(demoPayments)
          .where(sql`${demoPayments.metadata} ->> 'orderId' = ${order.id}`)
        expect(holds.filter((hold) => hold.status === 'requires_capture')).toEqual([])
      }
    } finally {
      await early.close()
      await late.close()
      await database.drop()
    }
  })
})
