import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoSavedCards, orderChanges } from '#server/db/schema/index.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { PaymentRequired } from '#shared/schemas/order-changes.ts'
import { SAVED_CARD_MESSAGES, type SavedCard } from '#shared/schemas/saved-cards.ts'
import { signUp, type Shopper } from '#tests/factories/customer.ts'
import {
  CARD,
  demoPayment as demoPaymentOf,
  getOrder,
  pay,
  settleJobs,
  type Card,
} from '#tests/setup/order-week.ts'
import { basketOver, inStockLines, quote, type BasketLine } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { createTestDatabase } from '#tests/setup/test-database.ts'
import { createDemoProvider } from '#server/adapters/payments/index.ts'
import { createDemoPaymentStore } from '#server/features/checkout/index.ts'

/**
 * Saved cards on the demo provider (docs/product.md#saved-cards): kept at checkout or from the
 * profile, listed and removed, and charged without the customer when a change raises an order
 * above its hold; only a card the bank wants confirmed, or one it refuses, brings the card form
 * back, for the same change.
 */

// Tuesday 24 November 2026, 10:00 in Houston: the cut-off is tomorrow 20:00
let clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

const CARDS = {
  ...CARD,
  alwaysAuthenticates: {
    cardNumber: '4000 0027 6000 3184',
    expiry: '12 / 30',
    cvc: '123',
    zip: '77008',
  },
} satisfies Record<string, Card>

const demoPayment = (id: string) => demoPaymentOf(shop, id)

async function savedCards(shopper: Shopper): Promise<SavedCard[]> {
  const response = await shopper.call('GET', '/api/payment-methods')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<SavedCard[]>()
}

/** An order placed with the card kept (or not) for changes. */
async function placeOrder(
  shopper: Shopper,
  items: BasketLine[],
  { card = CARDS.succeeds, save = true }: { card?: Card; save?: boolean } = {},
): Promise<Order> {
  const amount = await quote(shopper, items)
  const intent = await shopper.call('POST', '/api/create-payment-intent', {
    amount,
    items,
    ...(save ? { savePaymentMethod: true } : {}),
  })
  expect(intent.statusCode, intent.body).toBe(200)
  const { paymentIntentId } = intent.json<{ paymentIntentId: string }>()
  expect((await pay(shopper, paymentIntentId, card)).json()).toEqual({ status: 'requires_capture' })
  const placed = await shopper.call('POST', '/api/orders', { paymentIntentId })
  expect(placed.statusCode, placed.body).toBeLessThan(300)
  return getOrder(shopper, placed.json<{ id: string }>().id)
}

/** A card kept from the profile's "Add a card", through the demo card form. */
async function addCard(shopper: Shopper, card: Card) {
  const setup = await shopper.call('POST', '/api/payment-methods/setup', {})
  expect(setup.statusCode, setup.body).toBe(200)
  const { setupIntentId, clientSecret } = setup.json<{
    setupIntentId: string
    clientSecret: string
  }>()
  expect(clientSecret).toMatch(new RegExp(`^${setupIntentId}_secret_`))
  return { setupIntentId, confirmed: await pay(shopper, setupIntentId, card) }
}

/** The order with two more of a product it does not hold: above what the card authorised. */
async function raised(order: Order, app: TestApp = shop) {
  const extra = (await inStockLines(app, 8)).find(
    (line) => !order.items.some((item) => item.productId === line.id),
  ) as BasketLine
  return {
    extra,
    body: {
      version: order.version,
      items: [
        ...order.items.map((item) => ({ id: item.productId as string, quantity: item.quantity })),
        { id: extra.id, quantity: 2 },
      ],
    },
  }
}

describe('keeping a card', () => {
  test('a card paid with at checkout, asked to be saved, is listed; without asking it is not', async () => {
    const shopper = await signUp(shop)
    expect(await savedCards(shopper)).toEqual([])
    await placeOrder(shopper, await basketOver(shop), { save: false })
    expect(await savedCards(shopper)).toEqual([])

    await placeOrder(shopper, await basketOver(shop))
    const cards = await savedCards(shopper)
    expect(cards).toEqual([
      {
        id: expect.stringMatching(/^pm_demo_/) as string,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      },
    ])
    // the number itself is never kept
    const [row] = await shop.database.db
      .select()
      .from(demoSavedCards)
      .where(eq(demoSavedCards.id, cards[0]?.id ?? ''))
    expect(JSON.stringify(row)).not.toContain('4242424242424242')
  })

  test('"Add a card" keeps a card without a payment; one needing the bank\'s check only once it passes', async () => {
    const shopper = await signUp(shop)
    const first = await addCard(shopper, CARDS.succeeds)
    expect(first.confirmed.json()).toEqual({ status: 'succeeded' })
    expect((await savedCards(shopper)).map((card) => card.last4)).toEqual(['4242'])

    const checked = await addCard(shopper, CARDS.alwaysAuthenticates)
    expect(checked.confirmed.json()).toEqual({
      status: 'requires_action',
      redirectUrl: `/checkout/authenticate?payment_intent=${checked.setupIntentId}`,
    })
    expect((await savedCards(shopper)).map((card) => card.last4)).toEqual(['4242'])
    const passed = await shopper.call(
      'POST',
      `/api/demo-payments/${checked.setupIntentId}/authenticate`,
      { outcome: 'succeeded' },
    )
    expect(passed.json()).toEqual({
      returnUrl: `/profile?setup_intent=${checked.setupIntentId}&redirect_status=succeeded`,
    })
    expect((await savedCards(shopper)).map((card) => card.last4).sort()).toEqual(['3184', '4242'])

    const declined = await addCard(shopper, CARDS.declined)
    expect(declined.confirmed.json()).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    })
    expect(await savedCards(shopper)).toHaveLength(2)
  })

  test("another customer's card setup cannot be confirmed, nor their card removed or used", async () => {
    const owner = await signUp(shop)
    const stranger = await signUp(shop)
    const setup = await owner.call('POST', '/api/payment-methods/setup', {})
    const { setupIntentId } = setup.json<{ setupIntentId: string }>()
    const confirmed = await pay(stranger, setupIntentId, CARDS.succeeds)
    expect(confirmed.statusCode).toBe(404)
    expect(await savedCards(owner)).toEqual([])

    await pay(owner, setupIntentId, CARDS.succeeds)
    const [card] = await savedCards(owner)
    const removed = await stranger.call('DELETE', `/api/payment-methods/${card?.id}`)
    expect(removed.statusCode).toBe(404)
    expect(removed.json()).toMatchObject({ message: SAVED_CARD_MESSAGES.notFound })
    expect(await savedCards(owner)).toHaveLength(1)

    const order = await placeOrder(stranger, await basketOver(shop), { save: false })
    const { body } = await raised(order)
    const used = await stranger.call('PATCH', `/api/orders/${order.id}`, {
      ...body,
      paymentMethodId: card?.id,
    })
    expect(used.statusCode).toBe(404)
    expect(used.json()).toMatchObject({ message: SAVED_CARD_MESSAGES.notFound })
    expect((await getOrder(stranger, order.id)).version).toBe(1)
  })

  test('a removed card is off the list and cannot pay; the hold it made stays', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const [card] = await savedCards(shopper)
    const removed = await shopper.call('DELETE', `/api/payment-methods/${card?.id}`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json()).toEqual({ message: SAVED_CARD_MESSAGES.removed })
    expect(await savedCards(shopper)).toEqual([])
    expect((await shopper.call('DELETE', `/api/payment-methods/${card?.id}`)).statusCode).toBe(404)
    expect((await demoPayment(order.paymentIntentId))?.status).toBe('requires_capture')
    expect(await getOrder(shopper, order.id)).toMatchObject({ paymentStatus: 'authorized' })

    const { body } = await raised(order)
    const used = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      ...body,
      paymentMethodId: card?.id,
    })
    expect(used.statusCode).toBe(404)
  })

  test('signed out, the calls answer 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/payment-methods'],
      ['POST', '/api/payment-methods/setup'],
      ['DELETE', '/api/payment-methods/pm_demo_0123456789abcdef01234567'],
    ] as const) {
      const response = await shop.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      })
      expect(response.statusCode, url).toBe(401)
    }
  })
})

describe('a change above the hold, paid with a saved card', () => {
  test('is authorised in the background and applied at once; the old hold is released', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop))
    const [card] = await savedCards(shopper)
    const { extra, body } = await raised(order)
    const response = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      ...body,
      paymentMethodId: card?.id,
    })
    expect(response.statusCode, response.body).toBe(200)
    const changed = response.json<Order>()
    expect(changed).not.toHaveProperty('paymentRequired')
    expect(changed).toMatchObject({ version: 2, paymentStatus: 'authorized' })
    expect(changed.authorizedAmount).toBe(changed.total)
    expect(decimalToCents(changed.total)).toBeGreaterThan(decimalToCents(order.total))
    expect(changed.items.find((item) => item.productId === extra.id)?.quantity).toBe(2)
    const [applied] = await shop.database.db
      .select()
      .from(orderChanges)
      .where(eq(orderChanges.orderId, order.id))
    expect(applied).toMatchObject({ status: 'applied', savedCardId: card?.id })
    expect(await demoPayment(applied?.paymentIntentId ?? '')).toMatchObject({
      status: 'requires_capture',
      amount: decimalToCents(changed.total),
    })
    expect((await demoPayment(order.paymentIntentId))?.status).toBe('canceled')

    // the provider's event about the same payment applies nothing twice
    await settleJobs(shop)
    const after = await getOrder(shopper, order.id)
    expect(after.version).toBe(2)
    expect(after.history.filter((event) => event.kind === 'changed')).toHaveLength(1)
  })

  test('a change the hold covers charges nothing, saved card or not', async () => {
    const shopper = await signUp(shop)
    const items = await basketOver(shop, 8000)
    ;(items[0] as BasketLine).quantity += 1
    const order = await placeOrder(shopper, items)
    const [card] = await savedCards(shopper)
    const several = order.items.find((item) => item.quantity > 1)
    const lowered = order.items.map((item) => ({
      id: item.productId as string,
      quantity: item === several ? item.quantity - 1 : item.quantity,
    }))
    const response = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: 1,
      items: lowered,
      paymentMethodId: card?.id,
    })
    expect(response.json<Order>()).toMatchObject({ version: 2, authorizedAmount: order.total })
    const changes = await shop.database.db
      .select()
      .from(orderChanges)
      .where(eq(orderChanges.orderId, order.id))
    expect(changes).toEqual([])
  })

  test('a card declined later brings the card form back for the same change, saying it replaces the hold', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop), {
      card: CARDS.declinesAtCapture,
    })
    const [card] = await savedCards(shopper)
    expect(card?.last4).toBe('0341')
    const { body } = await raised(order)
    const response = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      ...body,
      paymentMethodId: card?.id,
    })
    expect(response.statusCode, response.body).toBe(200)
    const required = response.json<PaymentRequired>().paymentRequired
    expect(required.savedCard).toEqual({
      status: 'declined',
      code: 'card_declined',
      message: SAVED_CARD_MESSAGES.savedCardDeclined('Your card was declined.'),
    })
    expect((await getOrder(shopper, order.id)).version).toBe(1)

    // the same payment, paid with another card on the form, applies the change
    expect((await pay(shopper, required.paymentIntentId, CARDS.succeeds)).json()).toEqual({
      status: 'requires_capture',
    })
    const completed = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId: required.paymentIntentId,
    })
    expect(completed.statusCode, completed.body).toBe(200)
    expect(completed.json<Order>()).toMatchObject({ version: 2, total: required.total })
    expect((await demoPayment(required.paymentIntentId))?.status).toBe('requires_capture')
    expect((await demoPayment(order.paymentIntentId))?.status).toBe('canceled')
  })

  test('a card whose bank wants the customer asks them to confirm the same payment', async () => {
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketOver(shop), { save: false })
    await addCard(shopper, CARDS.alwaysAuthenticates).then(({ setupIntentId }) =>
      shopper.call('POST', `/api/demo-payments/${setupIntentId}/authenticate`, {
        outcome: 'succeeded',
      }),
    )
    const [card] = await savedCards(shopper)
    const { body } = await raised(order)
    const response = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      ...body,
      paymentMethodId: card?.id,
    })
    const required = response.json<PaymentRequired>().paymentRequired
    expect(required.savedCard).toEqual({
      status: 'requires_authentication',
      code: null,
      message: SAVED_CARD_MESSAGES.savedCardNeedsYou,
    })
    expect((await demoPayment(required.paymentIntentId))?.status).toBe('requires_action')
    const passed = await shopper.call(
      'POST',
      `/api/demo-payments/${required.paymentIntentId}/authenticate`,
      { outcome: 'succeeded' },
    )
    expect(passed.json<{ returnUrl: string }>().returnUrl).toContain(`/orders/${order.id}?`)
    const completed = await shopper.call('POST', `/api/orders/${order.id}/payments/complete`, {
      paymentIntentId: required.paymentIntentId,
    })
    expect(completed.json<Order>()).toMatchObject({ version: 2, total: required.total })
  })

  test('a charge whose answer was lost is found by the sweep under the same key and applied once', async () => {
    // a shop of its own, whose provider can lose the answer of one charge
    const database = await createTestDatabase()
    const provider = createDemoProvider({
      store: createDemoPaymentStore(database.db),
      now: () => clock,
    })
    const lossy = await createTestApp({
      database,
      now: () => clock,
      payments: { kind: 'demo', provider },
    })
    try {
      const shopper = await signUp(lossy)
      const order = await placeOrder(shopper, await basketOver(lossy))
      const [card] = await savedCards(shopper)
      const { body } = await raised(order, lossy)
      // the request dies after the change is stored and before the provider is reached: as if
      // the process stopped there, the change is left waiting with its saved card
      const charge = provider.chargeOffSession.bind(provider)
      provider.chargeOffSession = () => Promise.resolve({ status: 'error', message: 'timed out' })
      const failed = await shopper.call('PATCH', `/api/orders/${order.id}`, {
        ...body,
        paymentMethodId: card?.id,
      })
      provider.chargeOffSession = charge
      expect(failed.statusCode).toBe(503)
      const [waiting] = await database.db
        .select()
        .from(orderChanges)
        .where(eq(orderChanges.orderId, order.id))
      expect(waiting).toMatchObject({ status: 'pending', savedCardId: card?.id })
      expect((await getOrder(shopper, order.id)).version).toBe(1)

      clock = new Date(clock.getTime() + 3 * 60_000)
      await lossy.app.jobs.runDue()
      const after = await getOrder(shopper, order.id)
      expect(after).toMatchObject({ version: 2, paymentStatus: 'authorized' })
      expect(after.authorizedAmount).toBe(after.total)
      expect((await demoPaymentOf(lossy, order.paymentIntentId))?.status).toBe('canceled')
      // asked again, the same key makes no second payment and changes nothing
      await lossy.app.jobs.runDue()
      expect((await getOrder(shopper, order.id)).version).toBe(2)
      expect(
        await provider.chargeOffSession({
          customer: 'cus_demo_other',
          paymentMethod: card?.id ?? '',
          amount: 100,
          currency: 'usd',
          capture: 'manual',
          metadata: {},
          idempotencyKey: `order_change_saved_card_${waiting?.id}`,
        }),
      ).toMatchObject({ status: 'declined', code: 'resource_missing' })
    } finally {
      await lossy.close()
      await database.drop()
    }
  })
})
