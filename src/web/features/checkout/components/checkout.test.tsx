import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { priceBasket } from '#shared/domain/pricing.ts'
import { makeUser } from '#tests/support/web-fixtures.ts'
import type { CreatePaymentIntentResult } from '#shared/schemas/checkout.ts'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import {
  descriptionOf,
  fakeApi,
  heldReply,
  renderWeb,
  type Answer,
} from '#tests/support/render-web.tsx'
import type { CheckoutBasket, CheckoutLine } from '../checkout-basket.ts'
import { Checkout } from './checkout.tsx'

/**
 * The checkout page with the demo provider (docs/product.md#payments): the server's figures, the
 * address and card checked in the browser, the card confirmed, then the order saved.
 */

const user = makeUser()

const TOMATOES = '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e01'
const HONEY = '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e02'
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

/** what the server answers for this basket: its own figures, which the page must show */
const intent: CreatePaymentIntentResult = {
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

const CONFIRM = 'POST /api/demo-payments/pi_demo123456/confirm'

function renderCheckout(answers: Record<string, Answer> = {}) {
  const basket = makeBasket()
  const api = fakeApi({
    'GET /api/payments/config': { body: { provider: 'demo', publishableKey: null } },
    // no order yet for the Saturday: nothing to add the basket to
    'GET /api/orders/my-orders': { body: [] },
    'POST /api/create-payment-intent': { body: intent },
    ...answers,
  })
  const view = renderWeb(
    <Checkout basket={basket} session={{ user, isPending: false, expire: vi.fn() }} />,
    { path: '/checkout', api },
  )
  return { ...view, basket }
}

async function payWith(
  view: ReturnType<typeof renderCheckout>,
  card = { number: '4242424242424242', expiry: '1230', cvc: '123' },
) {
  const { user } = view
  await user.type(await screen.findByLabelText('Card number'), card.number)
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), card.expiry)
  await user.type(screen.getByLabelText('CVC'), card.cvc)
  await user.click(await enabledCompleteOrder())
}

const enabledCompleteOrder = () =>
  waitFor(() => {
    const button = screen.getByRole('button', { name: 'Complete Order' })
    expect(button).toHaveProperty('disabled', false)
    return button
  })

describe('the checkout with the demo provider', () => {
  it("asks the server to price the basket and shows the server's totals and the address from the profile", async () => {
    const view = renderCheckout({
      'POST /api/create-payment-intent': {
        body: { ...intent, totals: { ...intent.totals, tax: '1.24', total: '72.23' } },
      },
    })
    const summary = screen.getByRole('region', { name: 'Order summary' })
    await waitFor(() => expect(within(summary).getByText('$72.23')).toBeTruthy())
    expect(within(summary).getByText('$1.24')).toBeTruthy()
    expect(within(summary).getByText('Qty 4 × $12.50')).toBeTruthy()
    expect(within(summary).getByText('$50.00')).toBeTruthy()
    expect(view.api.callsTo('POST /api/create-payment-intent').map((call) => call.body)).toEqual([
      {
        amount: '70.99',
        items: [
          { id: TOMATOES, name: 'Heirloom Tomatoes', price: '12.50', quantity: 4 },
          { id: HONEY, name: 'Wildflower Honey', price: '15.00', quantity: 1 },
        ],
        savePaymentMethod: true,
      },
    ])
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Maria')
    expect(screen.getByLabelText('Street address')).toHaveProperty('value', '1200 Heights Blvd')
    expect(screen.getByLabelText('ZIP code')).toHaveProperty('value', '77008')
    expect(screen.getByLabelText('ZIP')).toHaveProperty('value', '77008')
  })

  it('shows what is wrong with the address and the card beside each field, and pays nothing', async () => {
    const view = renderCheckout()
    const firstName = screen.getByLabelText('First name')
    await view.user.clear(firstName)
    await view.user.type(firstName, 'M')
    const zip = screen.getByLabelText('ZIP code')
    await view.user.clear(zip)
    await view.user.type(zip, '73301')
    await view.user.type(screen.getByLabelText('Card number'), '4242')
    await view.user.click(await enabledCompleteOrder())

    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy()
    expect(firstName.getAttribute('aria-invalid')).toBe('true')
    expect(descriptionOf(firstName)).toBe('First name must be at least 2 characters')
    expect(descriptionOf(zip)).toBe(
      'We currently deliver only within the Greater Houston area. Please check if your ZIP code is within our service area.',
    )
    expect(descriptionOf(screen.getByLabelText('Card number'))).toBe(
      'Please enter a valid card number',
    )
    expect(descriptionOf(screen.getByLabelText('Expiry (MM / YY)'))).toBe(
      'Please enter the expiry as MM / YY',
    )
    expect(descriptionOf(screen.getByLabelText('CVC'))).toBe(
      'Please enter the 3 or 4 digit security code',
    )
    expect(view.api.callsTo(CONFIRM)).toEqual([])
    expect(view.api.callsTo('POST /api/orders')).toEqual([])
  })

  it('confirms the card, saves the order with the address and the server figures, empties the basket and shows the confirmation', async () => {
    const view = renderCheckout({
      [CONFIRM]: { body: { status: 'requires_capture' } },
      'POST /api/orders': { status: 201, body: { id: 'ignored-by-this-page' } },
    })
    await view.user.type(screen.getByLabelText(/^Apartment, suite, gate code/), 'Gate 4411')
    await payWith(view)

    await waitFor(() => expect(view.location()).toBe('/order-success?payment_intent=pi_demo123456'))
    expect(view.api.callsTo(CONFIRM).map((call) => call.body)).toEqual([
      { cardNumber: '4242424242424242', expiry: '12 / 30', cvc: '123', zip: '77008' },
    ])
    expect(view.api.callsTo('POST /api/orders').map((call) => call.body)).toEqual([
      {
        paymentIntentId: 'pi_demo123456',
        deliveryInfo: {
          firstName: 'Maria',
          lastName: 'Lopez',
          email: 'maria@example.com',
          phone: '713-555-0142',
          address: '1200 Heights Blvd',
          apt: 'Gate 4411',
          city: 'Houston',
          zipCode: '77008',
        },
        cartItems: [
          { id: TOMATOES, name: 'Heirloom Tomatoes', price: '12.50', quantity: 4 },
          { id: HONEY, name: 'Wildflower Honey', price: '15.00', quantity: 1 },
        ],
        subtotal: '65.00',
        deliveryFee: '5.99',
        tax: '0.00',
        total: '70.99',
        promoCode: null,
        discountAmount: '0.00',
      },
    ])
    expect(view.basket.clear).toHaveBeenCalledTimes(1)
  })

  it('says Processing... and takes no second press while the card is being confirmed', async () => {
    const held = heldReply()
    const view = renderCheckout({ [CONFIRM]: held.answer })
    await payWith(view)

    const processing = await screen.findByRole('button', { name: 'Processing...' })
    expect(processing).toHaveProperty('disabled', true)
    await view.user.click(processing)
    expect(view.api.callsTo(CONFIRM)).toHaveLength(1)
    held.release({ body: { status: 'failed', message: 'Your card was declined.' } })
    expect(await screen.findByRole('button', { name: 'Complete Order' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('keeps the basket and says why when the card is declined', async () => {
    const view = renderCheckout({
      [CONFIRM]: { body: { status: 'failed', message: 'Your card was declined.' } },
    })
    await payWith(view, { number: '4000000000000002', expiry: '1230', cvc: '123' })

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Payment Failed')
    expect(alert.textContent).toContain('Your card was declined.')
    expect(view.api.callsTo('POST /api/orders')).toEqual([])
    expect(view.basket.clear).not.toHaveBeenCalled()
    expect(view.location()).toBe('/checkout')
  })

  it("takes the server's prices when the basket's are out of date, and says the new total", async () => {
    const view = renderCheckout({
      'POST /api/create-payment-intent': (call) =>
        (call.body as { amount: string }).amount === '70.99'
          ? {
              status: 409,
              body: {
                message: 'Your basket total has changed. Please review the updated prices.',
                totals: { ...intent.totals, subtotal: '69.00', total: '74.99' },
                items: [
                  { id: TOMATOES, name: 'Heirloom Tomatoes', price: '13.50', taxable: false },
                  { id: HONEY, name: 'Wildflower Honey', price: '15.00', taxable: false },
                ],
              },
            }
          : {
              body: {
                ...intent,
                amount: '74.99',
                totals: { ...intent.totals, subtotal: '69.00', total: '74.99' },
              },
            },
    })

    expect(
      await screen.findByText(
        'Your basket total has changed. Please review the updated prices. Your new total is $74.99.',
      ),
    ).toBeTruthy()
    const asked = view.api.callsTo('POST /api/create-payment-intent').map((call) => call.body)
    expect(asked.at(-1)).toEqual({
      amount: '74.99',
      items: [
        { id: TOMATOES, name: 'Heirloom Tomatoes', price: '13.50', quantity: 4 },
        { id: HONEY, name: 'Wildflower Honey', price: '15.00', quantity: 1 },
      ],
      savePaymentMethod: true,
    })
    expect(view.basket.takePrices).toHaveBeenCalledWith([
      { id: TOMATOES, name: 'Heirloom Tomatoes', price: '13.50', taxable: false },
      { id: HONEY, name: 'Wildflower Honey', price: '15.00', taxable: false },
    ])
  })

  it("shows the server's refusal to prepare the payment, with a way to try again", async () => {
    const view = renderCheckout({
      'POST /api/create-payment-intent': {
        status: 422,
        body: {
          message: 'Sorry, Wildflower Honey is out of stock. Please remove it from your cart.',
        },
      },
    })
    expect(await screen.findByText('Failed to initialize checkout')).toBeTruthy()
    expect(
      screen.getByText('Sorry, Wildflower Honey is out of stock. Please remove it from your cart.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Complete Order' })).toBeNull()

    view.api.on('POST /api/create-payment-intent', { body: intent })
    await view.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await enabledCompleteOrder()).toBeTruthy()
  })
})

describe('saving the card at checkout', () => {
  const saveBox = () =>
    screen.getByRole<HTMLInputElement>('checkbox', { name: SAVED_CARD_MESSAGES.saveCard })

  it('offers to save the card, ticked, with the consent beside it, and asks for the payment with it', async () => {
    const view = renderCheckout()
    await enabledCompleteOrder()

    expect(saveBox().checked).toBe(true)
    expect(descriptionOf(saveBox())).toBe(SAVED_CARD_MESSAGES.consent)
    expect(view.api.callsTo('POST /api/create-payment-intent')).toHaveLength(1)
    expect(view.api.callsTo('POST /api/create-payment-intent')[0]?.body).toMatchObject({
      savePaymentMethod: true,
    })
  })

  it('pays a payment made without it once the box is unticked, and keeps the choice with new instructions', async () => {
    const fresh = { ...intent, paymentIntentId: 'pi_demo654321', clientSecret: 'pi_demo654321_s' }
    const view = renderCheckout({
      'POST /api/create-payment-intent': (call) => ({
        body: (call.body as { savePaymentMethod?: boolean }).savePaymentMethod ? intent : fresh,
      }),
      'POST /api/demo-payments/pi_demo654321/confirm': { body: { status: 'requires_capture' } },
      'POST /api/orders': { status: 201, body: { id: 'ignored-by-this-page' } },
    })
    await enabledCompleteOrder()
    await view.user.click(saveBox())
    expect(saveBox().checked).toBe(false)
    await view.user.type(screen.getByLabelText(/^Delivery instructions/), 'Side door')
    await payWith(view)

    await waitFor(() => expect(view.location()).toBe('/order-success?payment_intent=pi_demo654321'))
    const asked = view.api.callsTo('POST /api/create-payment-intent').map((call) => call.body)
    expect(asked).toHaveLength(2)
    expect(asked[1]).toEqual({
      amount: '70.99',
      items: [
        { id: TOMATOES, name: 'Heirloom Tomatoes', price: '12.50', quantity: 4 },
        { id: HONEY, name: 'Wildflower Honey', price: '15.00', quantity: 1 },
      ],
      specialInstructions: 'Side door',
    })
    expect(view.api.callsTo(CONFIRM)).toEqual([])
  })
})
