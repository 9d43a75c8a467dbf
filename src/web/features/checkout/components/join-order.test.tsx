import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { priceBasket } from '#shared/domain/pricing.ts'
import type { AmountMismatch, CreatePaymentIntentResult } from '#shared/schemas/checkout.ts'
import { ORDER_CHANGE_MESSAGES } from '#shared/schemas/order-changes.ts'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import { makeOrder, makeOrderItem, makeUser, ORDER_ID } from '#tests/support/web-fixtures.ts'
import { fakeApi, renderWeb, type Answer, type ApiCall } from '#tests/support/render-web.tsx'
import type { CheckoutBasket, CheckoutLine } from '../checkout-basket.ts'
import { Checkout } from './checkout.tsx'

/**
 * One order per Saturday at checkout (docs/product.md#one-order-per-saturday): a customer with an
 * open order for the checkout's Saturday is offered to add the basket to it (the default) or to
 * make a separate order; adding pays the order's new total with the newest saved card, or the
 * card form, and opens the order.
 */

const user = makeUser()

const TOMATOES = '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e01'
const HONEY = '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e02'
const EGGS = '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e03'
const lines: CheckoutLine[] = [
  {
    id: TOMATOES,
    name: 'Heirloom Tomatoes',
    category: 'produce',
    priceCents: 1250,
    quantity: 4,
    image: '/illustrations/tomatoes.svg',
    farmSource: 'Bluebonnet Farm',
  },
  {
    id: HONEY,
    name: 'Wildflower Honey',
    category: 'pantry',
    priceCents: 1500,
    quantity: 1,
    image: '/illustrations/honey.svg',
    farmSource: 'Brazos Apiary',
  },
]
const sentItems = [
  { id: TOMATOES, name: 'Heirloom Tomatoes', price: '12.50', quantity: 4 },
  { id: HONEY, name: 'Wildflower Honey', price: '15.00', quantity: 1 },
]

function makeBasket() {
  const basket = {
    lines,
    estimate: priceBasket(
      lines.map((line) => ({ price: line.priceCents, quantity: line.quantity, taxable: false })),
    ),
    promoCode: undefined,
    productName: () => undefined,
    takePrices: vi.fn<CheckoutBasket['takePrices']>(),
    clear: vi.fn<CheckoutBasket['clear']>(),
  }
  return basket satisfies CheckoutBasket
}

/** Saturday 5 December 2026: the order the customer placed on Monday, for $70.99 */
const openOrder = makeOrder({
  subtotal: '65.00',
  deliveryFee: '5.99',
  total: '70.99',
  authorizedAmount: '70.99',
  items: [makeOrderItem({ id: EGGS, name: 'Pasture Eggs', farmSource: 'Hill Farm' }, '6.50', 10)],
})
const NUMBER = `#${ORDER_ID.slice(0, 8).toUpperCase()}`

/** the order with the basket in it: one delivery fee, free from $99 */
const joinedTotals = {
  subtotal: '130.00',
  discountAmount: '0.00',
  deliveryFee: '0.00',
  tax: '0.00',
  total: '130.00',
  promoCode: null,
}
const quote: AmountMismatch = {
  message: 'Your basket total has changed. Please review the updated prices.',
  totals: joinedTotals,
  items: [
    { id: TOMATOES, name: 'Heirloom Tomatoes', price: '12.50', taxable: false },
    { id: HONEY, name: 'Wildflower Honey', price: '15.00', taxable: false },
  ],
}

/** a separate order's payment, as the checkout makes it today */
const separateIntent: CreatePaymentIntentResult = {
  clientSecret: 'pi_demo123456_secret_abc',
  paymentIntentId: 'pi_demo123456',
  amount: '70.99',
  provider: 'demo',
  totals: {
    subtotal: '65.00',
    discountAmount: '0.00',
    deliveryFee: '5.99',
    tax: '0.00',
    total: '70.99',
    promoCode: null,
  },
  deliveryDate: '2026-12-05T11:00:00.000Z',
}

/** the payment for the card form when the order's new total needs the card */
const joinIntent: CreatePaymentIntentResult = {
  ...separateIntent,
  clientSecret: 'pi_join654321_secret_abc',
  paymentIntentId: 'pi_join654321',
  amount: '130.00',
  totals: joinedTotals,
  joinOrderId: ORDER_ID,
}

const visa = { id: 'pm_demo4242', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 }
const olderCard = { id: 'pm_demo0341', brand: 'visa', last4: '0341', expMonth: 1, expYear: 2031 }

type PaymentCall = { amount?: string; joinOrderId?: string; paymentMethodId?: string }

/** create-payment-intent: a join at $0 answers the new figures, any other join `joined` */
const paymentAnswers =
  (joined: (body: PaymentCall) => ReturnType<Extract<Answer, (call: ApiCall) => unknown>>) =>
  (call: ApiCall) => {
    const body = call.body as PaymentCall
    if (!body.joinOrderId) return { body: separateIntent }
    if (body.amount === '0') return { status: 409, body: quote }
    return joined(body)
  }

function renderCheckout(answers: Record<string, Answer> = {}) {
  const basket = makeBasket()
  const api = fakeApi({
    'GET /api/payments/config': { body: { provider: 'demo', publishableKey: null } },
    'GET /api/orders/my-orders': { body: [openOrder] },
    'GET /api/payment-methods': { body: [visa, olderCard] },
    'POST /api/create-payment-intent': paymentAnswers(() => ({
      body: { joinedOrder: { ...openOrder, ...joinedTotals, version: 2 } },
    })),
    ...answers,
  })
  const view = renderWeb(
    <Checkout basket={basket} session={{ user, isPending: false, expire: vi.fn() }} />,
    { path: '/checkout', api },
  )
  return { ...view, basket }
}

const choice = () => screen.findByRole('radiogroup', { name: /^You already have an order for/ })
const addOption = () =>
  screen.getByRole<HTMLInputElement>('radio', { name: `Add to your Saturday order ${NUMBER}` })
const separateOption = () =>
  screen.getByRole<HTMLInputElement>('radio', { name: 'Make a separate order' })
const authorize = (total: string) =>
  waitFor(() => {
    const button = screen.getByRole('button', { name: `Authorize ${total} instead` })
    expect(button).toHaveProperty('disabled', false)
    return button
  })
const joinCalls = (view: ReturnType<typeof renderCheckout>) =>
  view.api
    .callsTo('POST /api/create-payment-intent')
    .map((call) => call.body as PaymentCall)
    .filter((body) => body.joinOrderId)

describe('a checkout for a Saturday the customer already has an order for', () => {
  // Tuesday 1 December 2026, 10:00 in Houston: the checkout is for Saturday, Dec 5
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-01T16:00:00.000Z'))
  })
  afterEach(() => vi.useRealTimers())

  it('offers no choice without an open order for that Saturday, and checks out as before', async () => {
    const view = renderCheckout({
      // last week's order, and a cancelled one for this Saturday
      'GET /api/orders/my-orders': {
        body: [
          makeOrder({ deliveryDate: '2026-11-28T11:00:00.000Z', editable: false }),
          makeOrder({ status: 'cancelled', editable: false }),
        ],
      },
    })
    expect(
      await screen.findByRole('button', { name: 'Complete Order' }, { timeout: 5000 }),
    ).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Complete Order' })).toHaveProperty(
        'disabled',
        false,
      ),
    )
    expect(screen.queryByRole('radiogroup')).toBeNull()
    expect(view.api.callsTo('GET /api/orders/open')).toEqual([])
    expect(joinCalls(view)).toEqual([])
  })

  it('offers to add to the order by default, with its new total, and shows both baskets in the summary', async () => {
    const view = renderCheckout()
    const group = await choice()
    expect(group.textContent).toContain('Saturday, Dec 5')
    await waitFor(() =>
      expect(screen.getByText(/your order's new total would be \$130\.00/)).toBeTruthy(),
    )
    expect(addOption().checked).toBe(true)
    expect(separateOption().checked).toBe(false)
    expect(addOption().getAttribute('aria-describedby')).toBeTruthy()
    // read from the customer's own orders: no call that answers 404 for most checkouts
    expect(view.api.callsTo('GET /api/orders/open')).toEqual([])

    // the order's lines and the basket's, and the order's new figures: no delivery fee
    const summary = screen.getByRole('region', { name: 'Order summary' })
    const held = within(summary).getByRole('list', { name: `Already in order ${NUMBER}` })
    expect(held.textContent).toContain('Pasture Eggs')
    const adding = within(summary).getByRole('list', { name: 'Adding now' })
    expect(adding.textContent).toContain('Heirloom Tomatoes')
    expect(within(summary).getByText('Free')).toBeTruthy()
    expect(within(summary).getAllByText('$130.00').length).toBeGreaterThan(0)

    // the order's address, not a new one; the newest saved card, replacing the hold
    expect(screen.getByText(/Delivered with order/).textContent).toContain(
      '1200 Heights Blvd, Houston, TX 77008',
    )
    expect(screen.queryByLabelText('Street address')).toBeNull()
    expect(
      await screen.findByText(
        `Your saved Visa •••• 4242 will be authorized for the new total of $130.00. This replaces the hold on your card for order ${NUMBER}: it is not a second charge.`,
      ),
    ).toBeTruthy()
    expect(screen.queryByLabelText('Card number')).toBeNull()
    expect(await authorize('$130.00')).toBeTruthy()

    // no separate payment is made while the basket is to join the order
    expect(joinCalls(view)).toEqual([{ amount: '0', items: sentItems, joinOrderId: ORDER_ID }])
    expect(view.api.callsTo('POST /api/create-payment-intent')).toHaveLength(1)
  })

  it('adds the basket with the newest saved card, empties the basket and opens the order', async () => {
    const view = renderCheckout()
    await view.user.click(await authorize('$130.00'))

    await waitFor(() => expect(view.location()).toBe(`/orders/${ORDER_ID}`))
    expect(joinCalls(view).at(-1)).toEqual({
      amount: '130.00',
      items: sentItems,
      joinOrderId: ORDER_ID,
      paymentMethodId: 'pm_demo4242',
    })
    expect(view.basket.clear).toHaveBeenCalledTimes(1)
    expect(await screen.findByText('Added to your Saturday order')).toBeTruthy()
    expect(view.api.callsTo('POST /api/orders')).toEqual([])
  })

  it('without a saved card, pays the new total with the card form and completes the order’s payment', async () => {
    const view = renderCheckout({
      'GET /api/payment-methods': { body: [] },
      'POST /api/create-payment-intent': paymentAnswers(() => ({ body: joinIntent })),
      'POST /api/demo-payments/pi_join654321/confirm': { body: { status: 'requires_capture' } },
      [`POST /api/orders/${ORDER_ID}/payments/complete`]: {
        body: { ...openOrder, ...joinedTotals, version: 2 },
      },
    })
    expect(await screen.findByText(SAVED_CARD_MESSAGES.replacesHold('$130.00'))).toBeTruthy()
    await view.user.type(await screen.findByLabelText('Card number'), '4242424242424242')
    await view.user.type(screen.getByLabelText('Expiry (MM / YY)'), '1230')
    await view.user.type(screen.getByLabelText('CVC'), '123')
    await view.user.click(await authorize('$130.00'))

    await waitFor(() => expect(view.location()).toBe(`/orders/${ORDER_ID}`))
    expect(joinCalls(view).at(-1)).toEqual({
      amount: '130.00',
      items: sentItems,
      joinOrderId: ORDER_ID,
    })
    expect(
      view.api.callsTo(`POST /api/orders/${ORDER_ID}/payments/complete`).map((call) => call.body),
    ).toEqual([{ paymentIntentId: 'pi_join654321' }])
    expect(view.api.callsTo('POST /api/orders')).toEqual([])
    expect(view.basket.clear).toHaveBeenCalledTimes(1)
  })

  it('brings the card form back, saying why, when the saved card could not pay', async () => {
    const message = SAVED_CARD_MESSAGES.savedCardDeclined('Your card was declined.')
    const view = renderCheckout({
      'POST /api/create-payment-intent': paymentAnswers(() => ({
        body: { ...joinIntent, savedCard: { status: 'declined', code: 'card_declined', message } },
      })),
    })
    await view.user.click(await authorize('$130.00'))

    expect((await screen.findByRole('alert')).textContent).toContain(message)
    expect(screen.getByText(SAVED_CARD_MESSAGES.replacesHold('$130.00'))).toBeTruthy()
    expect(await screen.findByLabelText('Card number')).toBeTruthy()
    expect(await authorize('$130.00')).toBeTruthy()
    expect(view.location()).toBe('/checkout')
    expect(view.basket.clear).not.toHaveBeenCalled()
  })

  it("switches to a separate order, saying why, when the order's Saturday closed", async () => {
    const closed = ORDER_CHANGE_MESSAGES.joinClosed('Saturday, Dec 12')
    const view = renderCheckout({
      'POST /api/create-payment-intent': paymentAnswers(() => ({
        status: 409,
        body: { message: closed },
      })),
    })
    await view.user.click(await authorize('$130.00'))

    await waitFor(() => expect(separateOption().checked).toBe(true))
    expect(screen.getByRole('alert').textContent).toContain(closed)
    expect(addOption().disabled).toBe(true)
    // the checkout as it is without an order to add to: the address, the card, Complete Order
    expect(screen.getByLabelText('Street address')).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Complete Order' })).toHaveProperty(
        'disabled',
        false,
      ),
    )
    const separate = view.api
      .callsTo('POST /api/create-payment-intent')
      .map((call) => call.body as PaymentCall)
      .filter((body) => !body.joinOrderId)
    expect(separate).toHaveLength(1)
    expect(view.basket.clear).not.toHaveBeenCalled()
  })

  it('keeps a separate order within reach when the order holds the basket’s farm box already', async () => {
    const twice = ORDER_CHANGE_MESSAGES.joinBoxTwice('Harvest Box')
    const view = renderCheckout({
      'POST /api/create-payment-intent': (call) =>
        (call.body as PaymentCall).joinOrderId
          ? { status: 409, body: { message: twice } }
          : { body: separateIntent },
    })
    expect((await screen.findByRole('alert')).textContent).toContain(twice)
    expect(screen.getByRole('link', { name: `Open order ${NUMBER}` })).toBeTruthy()
    expect(addOption().checked).toBe(true)
    expect(screen.queryByRole('button', { name: /^Authorize/ })).toBeNull()

    await view.user.click(separateOption())
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Complete Order' })).toHaveProperty(
        'disabled',
        false,
      ),
    )
  })

  it('shows the new figures and asks again when the order’s total changed meanwhile', async () => {
    const moved = { ...joinedTotals, subtotal: '131.00', total: '131.00' }
    const view = renderCheckout({
      'POST /api/create-payment-intent': paymentAnswers((body) =>
        body.amount === '131.00'
          ? { body: { joinedOrder: { ...openOrder, ...moved, version: 3 } } }
          : { status: 409, body: { ...quote, totals: moved } },
      ),
    })
    await view.user.click(await authorize('$130.00'))

    expect(
      await screen.findByText(
        "Your order's new total has changed to $131.00. Please check it and confirm again.",
      ),
    ).toBeTruthy()
    const summary = screen.getByRole('region', { name: 'Order summary' })
    expect(within(summary).getAllByText('$131.00').length).toBeGreaterThan(0)
    expect(view.location()).toBe('/checkout')

    await view.user.click(await authorize('$131.00'))
    await waitFor(() => expect(view.location()).toBe(`/orders/${ORDER_ID}`))
    expect(joinCalls(view).map((body) => body.amount)).toEqual(['0', '130.00', '131.00'])
  })

  it('makes a separate order as before when the customer chooses so', async () => {
    const view = renderCheckout({
      'POST /api/demo-payments/pi_demo123456/confirm': { body: { status: 'requires_capture' } },
      'POST /api/orders': { status: 201, body: { id: 'ignored-by-this-page' } },
    })
    await choice()
    await view.user.click(separateOption())
    expect(await screen.findByLabelText('Street address')).toBeTruthy()
    await view.user.type(await screen.findByLabelText('Card number'), '4242424242424242')
    await view.user.type(screen.getByLabelText('Expiry (MM / YY)'), '1230')
    await view.user.type(screen.getByLabelText('CVC'), '123')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Complete Order' })).toHaveProperty(
        'disabled',
        false,
      ),
    )
    await view.user.click(screen.getByRole('button', { name: 'Complete Order' }))

    await waitFor(() => expect(view.location()).toBe('/order-success?payment_intent=pi_demo123456'))
    expect(joinCalls(view).map((body) => body.amount)).toEqual(['0'])
  })
})

describe('back from the bank with a payment adding the basket to an order', () => {
  it('completes the order’s payment, empties the basket and opens the order', async () => {
    const basket = makeBasket()
    const api = fakeApi({
      [`POST /api/orders/${ORDER_ID}/payments/complete`]: {
        body: { ...openOrder, ...joinedTotals, version: 2 },
      },
    })
    const view = renderWeb(
      <Checkout basket={basket} session={{ user, isPending: false, expire: vi.fn() }} />,
      {
        path: `/checkout?join_order=${ORDER_ID}&payment_intent=pi_join654321&redirect_status=succeeded`,
        route: '/checkout',
        api,
      },
    )
    await waitFor(() => expect(view.location()).toBe(`/orders/${ORDER_ID}`))
    expect(
      api.callsTo(`POST /api/orders/${ORDER_ID}/payments/complete`).map((call) => call.body),
    ).toEqual([{ paymentIntentId: 'pi_join654321' }])
    expect(api.callsTo('POST /api/orders')).toEqual([])
    expect(basket.clear).toHaveBeenCalledTimes(1)
  })
})
