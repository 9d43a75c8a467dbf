import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Order } from '#shared/schemas/order.ts'
import { ORDER_CHANGE_MESSAGES } from '#shared/schemas/order-changes.ts'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import {
  descriptionOf,
  fakeApi,
  heldReply,
  renderWeb,
  type Answer,
} from '#tests/support/render-web.tsx'
import { makeOrder, makeOrderItem, makeProduct, ORDER_ID } from '#tests/support/web-fixtures.ts'
import { OrderChangeForm } from './order-change-form.tsx'

/**
 * An order's change form (docs/product.md#order-changes): the lines with a live estimate, only
 * what changed sent with the order's version, and the server's answers.
 */

const tomatoes = makeProduct({
  id: '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e01',
  name: 'Heirloom Tomatoes',
  price: '12.50',
})
const honey = makeProduct({
  id: '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e02',
  name: 'Wildflower Honey',
  price: '15.00',
  farmSource: 'Brazos Apiary',
})
const eggs = makeProduct({
  id: '6f0d3c1e-8a52-4d0b-9f1e-2b7c5a9d4e03',
  name: 'Pasture-Raised Eggs',
  price: '7.25',
})

const order = makeOrder({
  items: [makeOrderItem(tomatoes, '12.50', 4), makeOrderItem(honey, '15.00', 1)],
  subtotal: '65.00',
  deliveryFee: '5.99',
  exemptSales: '70.99',
  total: '70.99',
  authorizedAmount: '70.99',
  version: 3,
})

const PATCH = `PATCH /api/orders/${ORDER_ID}`

function renderForm(answers: Record<string, Answer> = {}) {
  const callbacks = {
    onSaved: vi.fn<(order: Order) => void>(),
    onPaymentRequired: vi.fn(),
    onConflict: vi.fn(),
    onSessionExpired: vi.fn(),
  }
  const api = fakeApi({
    'GET /api/products': { body: [tomatoes, honey, eggs] },
    'GET /api/payment-methods': { body: [] },
    ...answers,
  })
  const view = renderWeb(<OrderChangeForm order={order} {...callbacks} />, {
    path: `/orders/${ORDER_ID}`,
    api,
  })
  return { ...view, ...callbacks }
}

const newTotal = () =>
  within(screen.getByRole('region', { name: 'New total' })).getByText('New total')
    .nextElementSibling?.textContent

const save = () => screen.getByRole('button', { name: 'Save changes' })

describe("an order's change form", () => {
  it('moves the line total and the new total as the quantities change, and says when the card must be confirmed again', async () => {
    const view = renderForm()
    const items = screen.getByRole('list', { name: 'Items in your order' })
    expect(newTotal()).toBe('$70.99')

    await view.user.click(screen.getByRole('button', { name: 'One more Heirloom Tomatoes' }))
    expect(within(items).getByText('$62.50')).toBeTruthy()
    expect(newTotal()).toBe('$83.49')
    expect(screen.getByText(/That is more than your card authorized/)).toBeTruthy()

    await view.user.click(screen.getByRole('button', { name: 'One fewer Heirloom Tomatoes' }))
    await view.user.click(screen.getByRole('button', { name: 'One fewer Heirloom Tomatoes' }))
    expect(within(items).getByText('$37.50')).toBeTruthy()
    expect(newTotal()).toBe('$58.49')
    expect(
      screen.getByText('The minimum order is $60.00. Add $7.50 more to save this change.'),
    ).toBeTruthy()
  })

  it('sends the new lines with the order version and hands the saved order on', async () => {
    const saved = makeOrder({ ...order, version: 4 })
    const view = renderForm({ [PATCH]: { body: saved } })
    await view.user.click(await screen.findByRole('button', { name: 'Add Pasture-Raised Eggs' }))
    await view.user.click(screen.getByRole('button', { name: 'Remove Wildflower Honey' }))
    await view.user.click(save())

    await waitFor(() => expect(view.onSaved).toHaveBeenCalledWith(saved))
    expect(view.api.callsTo(PATCH).map((call) => call.body)).toEqual([
      {
        version: 3,
        items: [
          { id: tomatoes.id, quantity: 4 },
          { id: eggs.id, quantity: 1 },
        ],
      },
    ])
  })

  it('sends nothing when nothing changed, or when every line is gone', async () => {
    const view = renderForm()
    await view.user.click(save())
    expect(screen.getByRole('alert').textContent).toBe(ORDER_CHANGE_MESSAGES.nothingChanged)

    await view.user.click(screen.getByRole('button', { name: 'Remove Heirloom Tomatoes' }))
    await view.user.click(screen.getByRole('button', { name: 'Remove Wildflower Honey' }))
    await view.user.click(save())
    expect(screen.getByRole('alert').textContent).toBe(ORDER_CHANGE_MESSAGES.noItems)
    expect(view.api.callsTo(PATCH)).toEqual([])
  })

  it('checks a changed address in the browser and sends it with the instructions', async () => {
    const view = renderForm({ [PATCH]: { body: makeOrder({ ...order, version: 4 }) } })
    await view.user.click(screen.getByRole('button', { name: 'Change address or phone' }))
    const phone = screen.getByLabelText('Phone')
    await view.user.clear(phone)
    await view.user.type(phone, '713-555')
    await view.user.type(screen.getByLabelText(/^Delivery instructions/), 'Leave it by the gate')
    await view.user.click(save())

    await waitFor(() =>
      expect(descriptionOf(phone)).toBe('Phone number must be at least 10 digits'),
    )
    expect(view.api.callsTo(PATCH)).toEqual([])

    await view.user.type(phone, '-0100')
    await view.user.click(save())
    await waitFor(() => expect(view.onSaved).toHaveBeenCalled())
    expect(view.api.callsTo(PATCH).map((call) => call.body)).toEqual([
      {
        version: 3,
        deliveryInfo: {
          firstName: 'Maria',
          lastName: 'Lopez',
          email: 'maria@example.com',
          phone: '713-555-0100',
          address: '1200 Heights Blvd',
          apt: null,
          city: 'Houston',
          zipCode: '77008',
        },
        specialInstructions: 'Leave it by the gate',
      },
    ])
  })

  it('says Saving... and takes no second press while the server answers', async () => {
    const held = heldReply()
    const view = renderForm({ [PATCH]: held.answer })
    await view.user.click(screen.getByRole('button', { name: 'One more Wildflower Honey' }))
    await view.user.click(save())

    const saving = await screen.findByRole('button', { name: 'Saving...' })
    expect(saving).toHaveProperty('disabled', true)
    await view.user.click(saving)
    expect(view.api.callsTo(PATCH)).toHaveLength(1)
    held.release({ body: makeOrder({ ...order, version: 4 }) })
    await waitFor(() => expect(view.onSaved).toHaveBeenCalledTimes(1))
  })

  it("hands a 409 (the order locked or changed elsewhere) to the page with the server's order", async () => {
    const locked = makeOrder({ ...order, editable: false, version: 5 })
    const conflict = { message: ORDER_CHANGE_MESSAGES.stale, order: locked }
    const view = renderForm({ [PATCH]: { status: 409, body: conflict } })
    await view.user.click(screen.getByRole('button', { name: 'One more Wildflower Honey' }))
    await view.user.click(save())

    await waitFor(() => expect(view.onConflict).toHaveBeenCalledWith(conflict))
    expect(view.onSaved).not.toHaveBeenCalled()
  })

  it("shows the server's refusal with each of its reasons", async () => {
    const view = renderForm({
      [PATCH]: {
        status: 422,
        body: {
          message: 'Some items cannot be added',
          errors: { 'items.1': 'Sorry, Pasture-Raised Eggs is out of stock.' },
        },
      },
    })
    await view.user.click(await screen.findByRole('button', { name: 'Add Pasture-Raised Eggs' }))
    await view.user.click(save())

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Some items cannot be added')).toBeTruthy()
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Sorry, Pasture-Raised Eggs is out of stock.',
    )
  })
})

describe("an order's change form with saved cards", () => {
  const visa = { id: 'pm_demo_visa4242', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 }
  const amex = { id: 'pm_demo_amex0005', brand: 'amex', last4: '0005', expMonth: 6, expYear: 2031 }

  it('names the one saved card and sends it with the change, after checking something changed', async () => {
    const saved = makeOrder({ ...order, version: 4, total: '86.99', authorizedAmount: '86.99' })
    const view = renderForm({
      'GET /api/payment-methods': { body: [visa] },
      [PATCH]: { body: saved },
    })
    expect(await screen.findByText('Visa •••• 4242')).toBeTruthy()
    expect(screen.getByText('Visa •••• 4242').parentElement?.textContent).toBe(
      'Pay any difference with Visa •••• 4242',
    )
    await view.user.click(save())
    expect(screen.getByRole('alert').textContent).toBe(ORDER_CHANGE_MESSAGES.nothingChanged)

    await view.user.click(screen.getByRole('button', { name: 'One more Heirloom Tomatoes' }))
    expect(
      screen.getByText(
        'That is more than your card authorized: saving authorizes the new total on Visa •••• 4242 instead, without the card form.',
      ),
    ).toBeTruthy()
    await view.user.click(save())

    await waitFor(() => expect(view.onSaved).toHaveBeenCalledWith(saved))
    expect(view.onPaymentRequired).not.toHaveBeenCalled()
    expect(view.api.callsTo(PATCH).map((call) => call.body)).toEqual([
      {
        version: 3,
        items: [
          { id: tomatoes.id, quantity: 5 },
          { id: honey.id, quantity: 1 },
        ],
        paymentMethodId: visa.id,
      },
    ])
  })

  it('offers a choice of several cards, the newest first, and sends the one chosen', async () => {
    const view = renderForm({
      'GET /api/payment-methods': { body: [amex, visa] },
      [PATCH]: { body: makeOrder({ ...order, version: 4 }) },
    })
    const select = await screen.findByLabelText('Pay any difference with')
    expect((select as HTMLSelectElement).value).toBe(amex.id)
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['American Express •••• 0005', 'Visa •••• 4242'])
    await view.user.selectOptions(select, 'Visa •••• 4242')
    await view.user.click(screen.getByRole('button', { name: 'One more Wildflower Honey' }))
    await view.user.click(save())

    await waitFor(() => expect(view.onSaved).toHaveBeenCalled())
    expect(view.api.callsTo(PATCH).map((call) => call.body)).toEqual([
      {
        version: 3,
        items: [
          { id: tomatoes.id, quantity: 4 },
          { id: honey.id, quantity: 2 },
        ],
        paymentMethodId: visa.id,
      },
    ])
  })

  it('hands the card form the saved card the bank refused', async () => {
    const paymentRequired = {
      clientSecret: 'pi_demo777777_secret_x',
      paymentIntentId: 'pi_demo777777',
      total: '86.99',
      provider: 'demo',
      savedCard: {
        status: 'declined',
        code: 'card_declined',
        message: SAVED_CARD_MESSAGES.savedCardDeclined('Your card was declined.'),
      },
    }
    const view = renderForm({
      'GET /api/payment-methods': { body: [visa] },
      [PATCH]: { body: { paymentRequired } },
    })
    await screen.findByText('Visa •••• 4242')
    await view.user.click(screen.getByRole('button', { name: 'One more Heirloom Tomatoes' }))
    await view.user.click(save())

    await waitFor(() => expect(view.onPaymentRequired).toHaveBeenCalledWith(paymentRequired))
    expect(view.onSaved).not.toHaveBeenCalled()
  })
})
