import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Order } from '#shared/schemas/order.ts'
import type { PaymentRequired } from '#shared/schemas/order-changes.ts'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import { fakeApi, renderWeb, type Answer } from '#tests/support/render-web.tsx'
import { makeOrder, ORDER_ID } from '#tests/support/web-fixtures.ts'
import { OrderPaymentStep, type OrderPaymentPurpose } from './order-payment-step.tsx'

/**
 * An order's card payment (docs/product.md#order-payments): a change's new total replaces the
 * card's hold and says so, and a saved card the bank refused (docs/product.md#saved-cards) is
 * named before the card form.
 */

const order = makeOrder({ total: '70.99', authorizedAmount: '70.99', version: 3 })

const required: PaymentRequired['paymentRequired'] = {
  clientSecret: 'pi_demo777777_secret_x',
  paymentIntentId: 'pi_demo777777',
  total: '86.99',
  provider: 'demo',
}

function renderStep(
  payment: PaymentRequired['paymentRequired'],
  purpose: OrderPaymentPurpose = 'change',
  answers: Record<string, Answer> = {},
) {
  const callbacks = {
    onPaid: vi.fn<(order: Order) => void>(),
    onSessionExpired: vi.fn(),
    onBack: vi.fn(),
  }
  const api = fakeApi({
    'GET /api/payments/config': { body: { provider: 'demo', publishableKey: null } },
    ...answers,
  })
  const view = renderWeb(
    <OrderPaymentStep order={order} payment={payment} purpose={purpose} {...callbacks} />,
    { path: `/orders/${ORDER_ID}`, api },
  )
  return { ...view, ...callbacks }
}

const step = () => screen.getByRole('region', { name: 'Confirm your card for the new total' })

describe("an order's change payment", () => {
  it('says the new total replaces the hold, and the button authorises it instead', () => {
    renderStep(required)

    expect(within(step()).getByText(SAVED_CARD_MESSAGES.replacesHold('$86.99'))).toBeTruthy()
    expect(within(step()).getByRole('button', { name: 'Authorize $86.99 instead' })).toBeTruthy()
    expect(within(step()).queryByRole('alert')).toBeNull()
  })

  it('says why the saved card could not pay, then takes another card and applies the change', async () => {
    const paid = makeOrder({ ...order, total: '86.99', authorizedAmount: '86.99', version: 4 })
    const message = SAVED_CARD_MESSAGES.savedCardDeclined('Your card was declined.')
    const view = renderStep(
      { ...required, savedCard: { status: 'declined', code: 'card_declined', message } },
      'change',
      {
        'POST /api/demo-payments/pi_demo777777/confirm': { body: { status: 'requires_capture' } },
        [`POST /api/orders/${ORDER_ID}/payments/complete`]: { body: paid },
      },
    )
    expect(within(step()).getByRole('alert').textContent).toContain(message)
    expect(within(step()).getByText(SAVED_CARD_MESSAGES.replacesHold('$86.99'))).toBeTruthy()

    await view.user.type(within(step()).getByLabelText('Card number'), '4242424242424242')
    await view.user.type(within(step()).getByLabelText('Expiry (MM / YY)'), '1230')
    await view.user.type(within(step()).getByLabelText('CVC'), '123')
    await view.user.click(within(step()).getByRole('button', { name: 'Authorize $86.99 instead' }))

    await waitFor(() => expect(view.onPaid).toHaveBeenCalledWith(paid))
    expect(view.api.callsTo(`POST /api/orders/${ORDER_ID}/payments/complete`)).toHaveLength(1)
  })

  it('says the bank wants the customer when the saved card needs a check', () => {
    renderStep({
      ...required,
      savedCard: {
        status: 'requires_authentication',
        code: null,
        message: SAVED_CARD_MESSAGES.savedCardNeedsYou,
      },
    })
    expect(within(step()).getByRole('status').textContent).toBe(
      SAVED_CARD_MESSAGES.savedCardNeedsYou,
    )
  })

  it('pays again after a declined capture without the words about the hold', () => {
    renderStep(required, 'payAgain')
    const region = screen.getByRole('region', { name: 'Pay with another card' })

    expect(within(region).getByRole('button', { name: 'Pay $86.99' })).toBeTruthy()
    expect(within(region).queryByText(SAVED_CARD_MESSAGES.replacesHold('$86.99'))).toBeNull()
  })
})
