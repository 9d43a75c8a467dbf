import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { decimalToCents } from '#shared/domain/money.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { PaymentRequired } from '#shared/schemas/order-changes.ts'
import { SAVED_CARD_MESSAGES, type SavedCard } from '#shared/schemas/saved-cards.ts'
import { signUp, type Shopper } from '#tests/factories/customer.ts'
import { type FakeStripe, startFakeStripe } from '#tests/setup/fake-stripe.ts'
import { getOrder } from '#tests/setup/order-week.ts'
import { basketOver, inStockLines, quote, type BasketLine } from '#tests/setup/shopper.ts'
import { stripePayments } from '#tests/setup/stripe-shop.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * Saved cards with Stripe configured (docs/product.md#saved-cards): the real `stripe` package
 * against the local stand-in. A card kept at checkout for the customer's Stripe customer, then
 * charged off-session when a change raises the order, or refused and handed to the card form.
 */

const KEYS = {
  secretKey: 'sk_test_saved_cards_0123456789',
  webhookSecret: 'whsec_test_saved_cards_0123456789',
}

const clock = new Date('2026-11-24T16:00:00Z')
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

/** An order paid at checkout with the card kept for changes. */
async function orderWithSavedCard(shopper: Shopper): Promise<Order> {
  const items = await basketOver(shop)
  const intent = await shopper.call('POST', '/api/create-payment-intent', {
    amount: await quote(shopper, items),
    items,
    savePaymentMethod: true,
  })
  expect(intent.statusCode, intent.body).toBe(200)
  const { paymentIntentId } = intent.json<{ paymentIntentId: string }>()
  expect(fake.intent(paymentIntentId)).toMatchObject({ setup_future_usage: 'off_session' })
  fake.confirm(paymentIntentId)
  const placed = await shopper.call('POST', '/api/orders', { paymentIntentId })
  expect(placed.statusCode, placed.body).toBe(201)
  return getOrder(shopper, placed.json<{ id: string }>().id)
}

async function raise(shopper: Shopper, order: Order, paymentMethodId: string) {
  const extra = (await inStockLines(shop, 8)).find(
    (line) => !order.items.some((item) => item.productId === line.id),
  ) as BasketLine
  return shopper.call('PATCH', `/api/orders/${order.id}`, {
    version: order.version,
    items: [
      ...order.items.map((item) => ({ id: item.productId as string, quantity: item.quantity })),
      { id: extra.id, quantity: 2 },
    ],
    paymentMethodId,
  })
}

describe('saved cards through Stripe', () => {
  test('a card kept at checkout is listed and pays a raised change off-session; the old hold is cancelled', async () => {
    const shopper = await signUp(shop, 'stripe-saved')
    const order = await orderWithSavedCard(shopper)
    const cards = (await shopper.call('GET', '/api/payment-methods')).json<SavedCard[]>()
    expect(cards).toEqual([
      {
        id: expect.stringMatching(/^pm_/) as string,
        brand: 'visa',
        last4: '4242',
        expMonth: expect.any(Number) as number,
        expYear: expect.any(Number) as number,
      },
    ])
    const customer = fake.intent(order.paymentIntentId).customer
    expect(customer).toMatch(/^cus_/)

    const response = await raise(shopper, order, cards[0]?.id ?? '')
    expect(response.statusCode, response.body).toBe(200)
    const changed = response.json<Order>()
    expect(changed).toMatchObject({ version: 2, paymentStatus: 'authorized' })
    const charged = fake
      .intents()
      .find(
        (intent) => intent.metadata['orderId'] === order.id && intent.id !== order.paymentIntentId,
      )
    expect(charged).toMatchObject({
      status: 'requires_capture',
      amount: decimalToCents(changed.total),
      customer,
      payment_method: cards[0]?.id,
      capture_method: 'manual',
    })
    expect(fake.intent(order.paymentIntentId).status).toBe('canceled')
  })

  test('a card Stripe declines off-session hands the same payment to the card form', async () => {
    const shopper = await signUp(shop, 'stripe-declined')
    const order = await orderWithSavedCard(shopper)
    const customer = fake.intent(order.paymentIntentId).customer ?? ''
    const declining = fake.attachCard(customer, { number: '4000000000000341' })
    const response = await raise(shopper, order, declining.id)
    expect(response.statusCode, response.body).toBe(200)
    const required = response.json<PaymentRequired>().paymentRequired
    expect(required.savedCard).toEqual({
      status: 'declined',
      code: 'card_declined',
      message: SAVED_CARD_MESSAGES.savedCardDeclined('Your card was declined.'),
    })
    expect(fake.intent(required.paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      client_secret: required.clientSecret,
    })
    expect((await getOrder(shopper, order.id)).version).toBe(1)
  })

  test("another customer's Stripe card is not found", async () => {
    const owner = await signUp(shop, 'stripe-owner')
    const ownerOrder = await orderWithSavedCard(owner)
    const ownerCard = fake.intent(ownerOrder.paymentIntentId).payment_method ?? ''
    const stranger = await signUp(shop, 'stripe-stranger')
    const order = await orderWithSavedCard(stranger)
    const response = await raise(stranger, order, ownerCard)
    expect(response.statusCode).toBe(404)
    expect((await stranger.call('DELETE', `/api/payment-methods/${ownerCard}`)).statusCode).toBe(
      404,
    )
  })
})
