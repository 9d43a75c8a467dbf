import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { COUPON_MESSAGES } from '#shared/domain/coupons.ts'
import { fakeApi, heldReply, renderWeb, type Answer } from '#tests/support/render-web.tsx'
import type { BasketItem } from '../basket-lines.ts'
import { basketStore } from '../basket-store.ts'
import { couponStore } from '../coupon-store.ts'
import { BasketButton } from './basket-button.tsx'
import { BasketDrawer } from './basket-drawer.tsx'

/**
 * The basket drawer (docs/product.md#basket): lines with their totals, quantities 1–20, the $60
 * minimum and free delivery notes, promo codes and the way to the checkout.
 */

const tomatoes: BasketItem = {
  id: '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e01',
  name: 'Heirloom Tomatoes',
  priceCents: 1250,
  quantity: 2,
  image: '/illustrations/tomatoes.svg',
  category: 'produce',
  farmSource: 'Bluebonnet Farm',
  description: 'Ripe this week.',
}
const honey: BasketItem = {
  id: '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e02',
  name: 'Wildflower Honey',
  priceCents: 1500,
  quantity: 1,
  image: '/illustrations/honey.svg',
  category: 'pantry',
  farmSource: 'Brazos Apiary',
  description: 'Raw, unfiltered.',
}

const VALIDATE = 'POST /api/validate-coupon'

beforeEach(() => {
  basketStore.update(() => [tomatoes, honey])
  couponStore.set(null)
})

async function openBasket(answers: Record<string, Answer> = {}) {
  const view = renderWeb(
    <>
      <BasketButton />
      <BasketDrawer myOrders={() => <p>Your coming orders</p>} />
    </>,
    { path: '/shop', api: fakeApi(answers) },
  )
  await view.user.click(screen.getByRole('button', { name: 'Open cart, 2 products' }))
  const drawer = await screen.findByRole('dialog', { name: 'Your Cart' })
  return { ...view, drawer }
}

/** the figure beside a label of the cart summary */
function summaryFigure(label: string) {
  const summary = screen.getByRole('region', { name: 'Cart summary' })
  return within(summary).getByText(label).nextElementSibling?.textContent
}

describe('the basket drawer', () => {
  it('shows each line and the totals, and holds the checkout back below the minimum', async () => {
    await openBasket()
    const items = screen.getByRole('list', { name: 'Items in your cart' })
    expect(within(items).getByText('2 × $12.50')).toBeTruthy()
    expect(within(items).getByText('$25.00')).toBeTruthy()
    expect(summaryFigure('Subtotal')).toBe('$40.00')
    expect(summaryFigure('Delivery')).toBe('$5.99')
    expect(summaryFigure('Total')).toBe('$45.99')
    const note = 'Orders start at $60 of groceries (before tax and delivery): add $20.00 more'
    expect(screen.getByText(note)).toBeTruthy()
    const checkout = screen.getByRole('button', { name: 'Checkout · $45.99' })
    expect(checkout).toHaveProperty('disabled', true)
    expect(checkout.getAttribute('aria-describedby')).toBe(screen.getByText(note).id)
  })

  it('moves the line and the totals as a quantity changes, then leads to the checkout', async () => {
    const view = await openBasket()
    await view.user.selectOptions(screen.getByLabelText('Quantity of Heirloom Tomatoes'), '4')

    const items = screen.getByRole('list', { name: 'Items in your cart' })
    expect(within(items).getByText('4 × $12.50')).toBeTruthy()
    expect(within(items).getByText('$50.00')).toBeTruthy()
    expect(summaryFigure('Subtotal')).toBe('$65.00')
    expect(summaryFigure('Total')).toBe('$70.99')
    expect(screen.getByText('Add $34.00 more for free delivery')).toBeTruthy()
    expect(basketStore.getSnapshot().map((line) => line.quantity)).toEqual([4, 1])

    await view.user.click(screen.getByRole('link', { name: 'Checkout · $70.99' }))
    expect(view.location()).toBe('/checkout')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('takes a line out, and says so when the basket is empty', async () => {
    const view = await openBasket()
    await view.user.click(screen.getByRole('button', { name: 'Remove Wildflower Honey' }))
    expect(screen.queryByText('Wildflower Honey')).toBeNull()
    expect(summaryFigure('Subtotal')).toBe('$25.00')
    expect(screen.getByRole('button', { name: 'Cart (1 product)' })).toBeTruthy()
    // the header's badge, behind the open drawer
    expect(screen.getByRole('button', { name: 'Open cart, 1 product', hidden: true })).toBeTruthy()

    await view.user.click(screen.getByRole('button', { name: 'Remove Heirloom Tomatoes' }))
    expect(screen.getByText('Your cart is empty')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', true)
    expect(basketStore.getSnapshot()).toEqual([])
  })

  it('applies a promo code the server accepts and takes its discount off the total', async () => {
    const held = heldReply()
    const view = await openBasket({ [VALIDATE]: held.answer })
    await view.user.selectOptions(screen.getByLabelText('Quantity of Heirloom Tomatoes'), '4')
    await view.user.type(screen.getByLabelText('Promo code'), 'welcome10')
    await view.user.click(screen.getByRole('button', { name: 'Apply' }))

    expect(screen.getByRole('button', { name: 'Checking…' })).toHaveProperty('disabled', true)
    held.release({
      body: {
        valid: true,
        id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
        percentOff: 10,
        amountOff: null,
        message: 'Coupon applied',
      },
    })
    expect(await screen.findByText('WELCOME10')).toBeTruthy()
    expect(view.api.callsTo(VALIDATE).map((call) => call.body)).toEqual([
      { code: 'welcome10', subtotal: '65.00' },
    ])
    expect(summaryFigure('Discount (WELCOME10)')).toBe('−$6.50')
    expect(summaryFigure('Total')).toBe('$64.49')
  })

  it("shows why a code is refused: none typed, or the server's reason", async () => {
    const view = await openBasket({
      [VALIDATE]: {
        body: {
          valid: false,
          id: null,
          percentOff: null,
          amountOff: null,
          message: COUPON_MESSAGES.ended,
        },
      },
    })
    await view.user.click(screen.getByRole('button', { name: 'Apply' }))
    const field = screen.getByLabelText('Promo code')
    expect(screen.getByRole('alert').textContent).toBe(COUPON_MESSAGES.empty)
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(view.api.callsTo(VALIDATE)).toEqual([])

    await view.user.type(field, 'SUMMER')
    await view.user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(COUPON_MESSAGES.ended))
    expect(summaryFigure('Total')).toBe('$45.99')
  })
})
