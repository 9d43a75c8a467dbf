import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { coupons, orders, products } from '#server/db/schema/index.ts'
import { centsToDecimal, decimalToCents } from '#shared/domain/money.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { signUp, type Shopper } from '#tests/factories/customer.ts'
import { basketOver, createIntent, quote, type BasketLine } from '#tests/setup/shopper.ts'

let clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

const CARD = {
  succeeds: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', zip: '77008' },
  declined: { cardNumber: '4000 0000 0000 0002', expiry: '12 / 30', cvc: '123', zip: '77008' },
  authenticate: { cardNumber: '4000 0025 0000 3155', expiry: '12/30', cvc: '123', zip: '77008' },
  declinesAtCapture: {
    cardNumber: '4000 0000 0000 0341',
    expiry: '12 / 30',
    cvc: '123',
    zip: '77008',
  },
}

const pay = (shopper: Shopper, paymentIntentId: string, card = CARD.succeeds) =>
  shopper.call('POST', `/api/demo-payments/${paymentIntentId}/confirm`, card)

const placeOrder = (shopper: Shopper, paymentIntentId: string, extra: object = {}) =>
  shopper.call('POST', '/api/orders', { paymentIntentId, ...extra })

async function ordersFor(paymentIntentId: string) {
  return shop.database.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId))
}

describe('pricing on the server', () => {
  test('the demo provider is announced to the page', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/payments/config' })
    expect(response.json()).toEqual({ provider: 'demo', publishableKey: null })
  })

  test('signed out: 401 and no payment', async () => {
    const items = await basketOver(shop)
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 100, items },
    })
    expect(response.statusCode).toBe(401)
  })

  test('a client amount lower than the real one answers 409 with the totals and charges nothing', async () => {
    const shopper = await signUp(shop)
    const items = await basketOver(shop)
    const real = await quote(shopper, items)
    const lower = await shopper.call('POST', '/api/create-payment-intent', {
      amount: centsToDecimal(decimalToCents(real) - 1000),
      items,
    })
    expect(lower.statusCode).toBe(409)
    expect(lower.json()).toMatchObject({
      message: 'Your basket total has changed. Please review the updated prices.',
      totals: { total: real },
    })
    // the right amount: the payment is created for the server's total (docs/product.md#pricing)
    const intent = await createIntent(shopper, items)
    expect(intent.amount).toBe(real)
    expect(intent.paymentIntentId).toMatch(/^pi_demo_/)
    const subtotal = items.reduce(
      (sum, line) => sum + decimalToCents(line.price) * line.quantity,
      0,
    )
    // the test catalogue's products are food, exempt from sales tax (docs/product.md#tax)
    const fee = subtotal >= 9900 ? 0 : 599
    expect(decimalToCents(real)).toBe(subtotal + fee)
  })

  test('a price changed since the basket: 409 with the current price, then charged at it', async () => {
    const shopper = await signUp(shop)
    const items = await basketOver(shop)
    const line = items[0] as BasketLine
    const oldTotal = await quote(shopper, items)
    await shop.database.db
      .update(products)
      .set({ price: sql`${products.price} + 1` })
      .where(eq(products.id, line.id))
    try {
      const stale = await shopper.call('POST', '/api/create-payment-intent', {
        amount: oldTotal,
        items,
      })
      expect(stale.statusCode).toBe(409)
      const body = stale.json<{
        items: { id: string; price: string }[]
        totals: { total: string }
      }>()
      expect(body.items.find((item) => item.id === line.id)?.price).toBe(
        centsToDecimal(decimalToCents(line.price) + 100),
      )
      expect(decimalToCents(body.totals.total)).toBeGreaterThan(decimalToCents(oldTotal))
      const intent = await createIntent(shopper, items)
      expect(intent.amount).toBe(body.totals.total)
    } finally {
      await shop.database.db
        .update(products)
        .set({ price: sql`${products.price} - 1` })
        .where(eq(products.id, line.id))
    }
  })

  test('an out-of-stock item is refused with a clear message', async () => {
    const shopper = await signUp(shop)
    const [soldOut] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.inStock, false))
      .limit(1)
    if (!soldOut) throw new Error('the demo catalogue has out-of-stock products')
    const items = [
      ...(await basketOver(shop)),
      { id: soldOut.id, name: soldOut.name, price: 1, quantity: 1 },
    ]
    const response = await shopper.call('POST', '/api/create-payment-intent', { amount: 1, items })
    expect(response.statusCode).toBe(409)
    expect(response.json<{ message: string }>().message).toBe(
      `Sorry, ${soldOut.name} is out of stock. Please remove it from your cart.`,
    )
  })

  test('below the $60 minimum: 400 saying how much more is needed', async () => {
    const shopper = await signUp(shop)
    const [first] = await basketOver(shop)
    const line = { ...(first as BasketLine), quantity: 1 }
    const response = await shopper.call('POST', '/api/create-payment-intent', {
      amount: 1,
      items: [line],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(
      /^The minimum order is \$60\.00\. Add \$\d+\.\d\d more/,
    )
  })

  test('bad input: 400 with field messages, nothing created', async () => {
    const shopper = await signUp(shop)
    const response = await shopper.call('POST', '/api/create-payment-intent', {
      amount: 10,
      items: [{ id: 'not-a-uuid', quantity: 0 }],
    })
    expect(response.statusCode).toBe(400)
  })
})

describe('paying with the demo provider', () => {
  test('4242 authorises the card: the order is created once (201, then 200 with the same order), authorised for its total', async () => {
    const shopper = await signUp(shop)
    const items = await basketOver(shop)
    const intent = await createIntent(shopper, items, 'WELCOME10')
    // before paying, a forged return creates nothing
    expect((await placeOrder(shopper, intent.paymentIntentId)).statusCode).toBe(409)
    expect(await ordersFor(intent.paymentIntentId)).toHaveLength(0)

    // the card is authorised only: the cut-off captures it (docs/product.md#order-payments)
    expect((await pay(shopper, intent.paymentIntentId)).json()).toEqual({
      status: 'requires_capture',
    })
    const first = await placeOrder(shopper, intent.paymentIntentId, {
      deliveryInfo: {
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: shopper.email,
        phone: '713 555 0100',
        address: '42 Westheimer Rd',
        apt: '',
        city: 'Houston',
        zipCode: '77006',
      },
      total: '0.01',
    })
    expect(first.statusCode, first.body).toBe(201)
    const order = first.json<{ id: string; items: unknown[] }>()
    expect(order).toMatchObject({
      customerName: 'Rosa Diaz',
      deliveryAddress: '42 Westheimer Rd, Houston, TX 77006',
      total: intent.amount,
      promoCode: 'WELCOME10',
      status: 'pending',
      deliveryStatus: 'order_placed',
      // Tuesday 10:00 in Houston: this Saturday, 5:00 AM Central
      deliveryDate: '2026-11-28T11:00:00.000Z',
    })
    expect(order.items).toHaveLength(items.length)
    // the money stands authorised for the total, on the checkout's payment, as of checkout
    const [row] = await ordersFor(intent.paymentIntentId)
    expect(row).toMatchObject({
      paymentStatus: 'authorized',
      authorizedAmount: intent.amount,
      authorizedAt: clock,
      capturedAmount: '0.00',
      capturedAt: null,
      refundedAmount: '0.00',
      currentPaymentId: intent.paymentIntentId,
    })
    const again = await placeOrder(shopper, intent.paymentIntentId)
    expect(again.statusCode).toBe(200)
    expect(again.json<{ id: string }>().id).toBe(order.id)

    const mine = await shopper.call('GET', '/api/orders/my-orders')
    expect(mine.json<{ id: string }[]>().map((o) => o.id)).toEqual([order.id])
    const listed = await shopper.call('GET', '/api/orders')
    expect(listed.json()).toEqual(mine.json())
    const lines = await shopper.call('GET', `/api/orders/${order.id}/items`)
    expect(lines.statusCode).toBe(200)
    expect(lines.json()).toHaveLength(items.length)

    await shop.app.jobs.runDue() // the outbox sends the confirmation
    const mail = shop.sentMail.find((message) => message.to === shopper.email)
    expect(mail?.subject).toMatch(/^Your Houston Farm to Door order #/)
    expect(mail?.text).toContain('Saturday, November 28')
    expect(mail?.text).toContain(`Total: $${intent.amount}`)
  })

  test("another customer can neither pay, order nor read someone else's payment or order", async () => {
    const owner = await signUp(shop)
    const stranger = await signUp(shop)
    const intent = await createIntent(owner, await basketOver(shop))
    expect((await pay(stranger, intent.paymentIntentId)).statusCode).toBe(404)
    expect((await pay(owner, intent.paymentIntentId)).json<{ status: string }>().status).toBe(
      'requires_capture',
    )
    expect((await placeOrder(stranger, intent.paymentIntentId)).statusCode).toBe(404)
    const order = (await placeOrder(owner, intent.paymentIntentId)).json<{ id: string }>()
    expect((await stranger.call('GET', `/api/orders/${order.id}/items`)).statusCode).toBe(404)
    expect((await stranger.call('GET', '/api/orders/my-orders')).json()).toEqual([])
  })

  test('a declined card says so, and no order can be made', async () => {
    const shopper = await signUp(shop)
    const intent = await createIntent(shopper, await basketOver(shop))
    expect((await pay(shopper, intent.paymentIntentId, CARD.declined)).json()).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    })
    expect((await placeOrder(shopper, intent.paymentIntentId)).statusCode).toBe(409)
    // the same payment can then be paid with another card, as with Stripe
    expect((await pay(shopper, intent.paymentIntentId)).json<{ status: string }>().status).toBe(
      'requires_capture',
    )
    expect((await placeOrder(shopper, intent.paymentIntentId)).statusCode).toBe(201)
  })

  test('the authentication card goes to the demo bank and back, ending with one order', async () => {
    const shopper = await signUp(shop)
    const intent = await createIntent(shopper, await basketOver(shop))
    const id = intent.paymentIntentId
    const confirmed = await pay(shopper, id, CARD.authenticate)
    expect(confirmed.json()).toEqual({
      status: 'requires_action',
      redirectUrl: `/checkout/authenticate?payment_intent=${id}`,
    })
    expect((await placeOrder(shopper, id)).statusCode).toBe(409)
    const back = await shopper.call('POST', `/api/demo-payments/${id}/authenticate`, {
      outcome: 'succeeded',
    })
    expect(back.json()).toEqual({
      returnUrl: `/checkout?payment_intent=${id}&redirect_status=succeeded`,
    })
    expect((await placeOrder(shopper, id)).statusCode).toBe(201)
    expect(await ordersFor(id)).toHaveLength(1)
  })

  test('failing the authentication returns with redirect_status=failed and no order', async () => {
    const shopper = await signUp(shop)
    const { paymentIntentId: id } = await createIntent(shopper, await basketOver(shop))
    await pay(shopper, id, CARD.authenticate)
    const back = await shopper.call('POST', `/api/demo-payments/${id}/authenticate`, {
      outcome: 'failed',
    })
    expect(back.json<{ returnUrl: string }>().returnUrl).toBe(
      `/checkout?payment_intent=${id}&redirect_status=failed`,
    )
    expect((await placeOrder(shopper, id)).statusCode).toBe(409)
  })

  test('the card that declines only at capture is authorised at checkout: the order is made', async () => {
    const shopper = await signUp(shop)
    const { paymentIntentId: id, amount } = await createIntent(shopper, await basketOver(shop))
    expect((await pay(shopper, id, CARD.declinesAtCapture)).json()).toEqual({
      status: 'requires_capture',
    })
    expect((await placeOrder(shopper, id)).statusCode).toBe(201)
    expect(await ordersFor(id)).toMatchObject([
      { paymentStatus: 'authorized', authorizedAmount: amount, capturedAmount: '0.00' },
    ])
  })

  test('an expired card or a wrong number is refused', async () => {
    const shopper = await signUp(shop)
    const { paymentIntentId: id } = await createIntent(shopper, await basketOver(shop))
    expect((await pay(shopper, id, { ...CARD.succeeds, expiry: '10/26' })).json()).toEqual({
      status: 'failed',
      message: 'Your card has expired.',
    })
    expect(
      (await pay(shopper, id, { ...CARD.succeeds, cardNumber: '4242 4242 4242 4241' })).json(),
    ).toEqual({ status: 'failed', message: 'Your card number is incorrect.' })
    expect((await pay(shopper, id, { ...CARD.succeeds, cvc: 'x' })).statusCode).toBe(400)
  })
})

test('card testing stops: after 10 declined cards the account gets 429', async () => {
  const shopper = await signUp(shop)
  const { paymentIntentId: id } = await createIntent(shopper, await basketOver(shop))
  for (let attempt = 0; attempt < 10; attempt++) {
    expect((await pay(shopper, id, CARD.declined)).statusCode).toBe(200)
  }
  const blocked = await pay(shopper, id, CARD.succeeds)
  expect(blocked.statusCode).toBe(429)
  expect(blocked.json<{ message: string }>().message).toMatch(
    /^Too many declined cards for this account/,
  )
})

describe('exactly once', () => {
  test('20 concurrent POST /api/orders for one payment yield one order', async () => {
    const shopper = await signUp(shop)
    const { paymentIntentId: id } = await createIntent(shopper, await basketOver(shop))
    await pay(shopper, id)
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(shopper, id)))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 200)).toHaveLength(19)
    expect(new Set(answers.map((answer) => answer.json<{ id: string }>().id)).size).toBe(1)
    expect(await ordersFor(id)).toHaveLength(1)
  })

  test('a coupon with a limit of 1 raced by 10 checkouts is redeemed once', async () => {
    const code = `ONCE${Date.now()}`
    const [coupon] = await shop.database.db
      .insert(coupons)
      .values({ code, amountOff: '5.00', maxRedemptions: 1 })
      .returning()
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => signUp(shop)))
    const items = await basketOver(shop)
    const amount = await quote(shoppers[0] as Shopper, items, code)
    const answers = await Promise.all(
      shoppers.map((shopper) =>
        shopper.call('POST', '/api/create-payment-intent', { amount, items, promoCode: code }),
      ),
    )
    const winners = answers.flatMap((answer, index) =>
      answer.statusCode === 200 ? [{ shopper: shoppers[index] as Shopper, answer }] : [],
    )
    expect(winners).toHaveLength(1)
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409)
      expect(answer.json<{ message: string }>().message).toMatch(
        /used up|no longer available|limit/i,
      )
    }
    const winner = winners[0] as {
      shopper: Shopper
      answer: { json(): { paymentIntentId: string } }
    }
    const id = winner.answer.json().paymentIntentId
    await pay(winner.shopper, id)
    await Promise.all(Array.from({ length: 5 }, () => placeOrder(winner.shopper, id)))
    const [after] = await shop.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.id, (coupon as { id: string }).id))
    expect(after).toMatchObject({ timesRedeemed: 1, timesReserved: 0 })
  })
})

describe('the safety net behind the webhook', () => {
  test('a paid checkout whose browser never came back gets its order; an unpaid one expires', async () => {
    const code = `HOLD${Date.now()}`
    await shop.database.db.insert(coupons).values({ code, percentOff: 5, maxRedemptions: 10 })
    const paid = await signUp(shop)
    const walkedAway = await signUp(shop)
    const items = await basketOver(shop)
    const paidIntent = await createIntent(paid, items)
    const unpaidIntent = await createIntent(walkedAway, items, code)
    await pay(paid, paidIntent.paymentIntentId)

    const start = clock
    try {
      clock = new Date(start.getTime() + 3 * 60_000)
      const soon = await shop.app.checkout.settleStaleCheckouts(500)
      expect(soon.ordered).toBeGreaterThanOrEqual(1)
      expect(await ordersFor(paidIntent.paymentIntentId)).toHaveLength(1)
      expect(await ordersFor(unpaidIntent.paymentIntentId)).toHaveLength(0)
      const held = await shop.database.db.select().from(coupons).where(eq(coupons.code, code))
      expect(held[0]?.timesReserved).toBe(1)

      clock = new Date(start.getTime() + 61 * 60_000)
      const later = await shop.app.checkout.settleStaleCheckouts(500)
      expect(later.abandoned).toBeGreaterThanOrEqual(1)
      const released = await shop.database.db.select().from(coupons).where(eq(coupons.code, code))
      expect(released[0]).toMatchObject({ timesReserved: 0, timesRedeemed: 0 })
      // the browser's later call finds the order the sweep made
      expect((await placeOrder(paid, paidIntent.paymentIntentId)).statusCode).toBe(200)
    } finally {
      clock = start
    }
  })
})
