import { describe, expect, test } from 'vitest'
import { orderLinkLabel, orderStanding, type OrderStanding } from './order-standing.ts'

// Saturday 28 November 2026, 5:00 AM in Houston; its cut-off is Wednesday 25 November, 8:00 PM
const order = {
  status: 'confirmed' as const,
  deliveryStatus: 'order_placed' as const,
  deliveryDate: '2026-11-28T11:00:00.000Z',
  paymentStatus: 'authorized' as const,
  editable: true,
  editableUntil: '2026-11-26T02:00:00.000Z',
  payAgainUntil: null,
}
const TUESDAY = new Date('2026-11-24T18:00:00.000Z')

describe('an order’s standing in words', () => {
  test('while it may change: its delivery step and until when', () => {
    expect(orderStanding(order, TUESDAY)).toEqual<OrderStanding>({
      label: 'Order Confirmed',
      tone: 'active',
      note: 'You can change this order until Wednesday, Nov 25 at 8:00 PM',
    })
  })

  test('after the cut-off: no change offered', () => {
    expect(
      orderStanding({ ...order, editable: false, paymentStatus: 'captured' }, TUESDAY),
    ).toEqual({ label: 'Order Confirmed', tone: 'active', note: null })
  })

  test('a cancelled order says Cancelled, whatever its delivery status', () => {
    expect(
      orderStanding({ ...order, status: 'cancelled', paymentStatus: 'voided' }, TUESDAY),
    ).toEqual({
      label: 'Cancelled',
      tone: 'cancelled',
      note: 'This order was cancelled. Your card was not charged.',
    })
    expect(
      orderStanding({ ...order, status: 'cancelled', paymentStatus: 'refunded' }, TUESDAY).note,
    ).toBe('This order was cancelled and refunded to your card.')
  })

  test('a declined capture says to pay with another card, and by when', () => {
    const failed = {
      ...order,
      editable: false,
      paymentStatus: 'payment_failed' as const,
      payAgainUntil: '2026-11-27T18:00:00.000Z', // Friday 12:00 PM in Houston
    }
    expect(orderStanding(failed, new Date('2026-11-26T03:00:00.000Z'))).toEqual({
      label: 'Payment failed',
      tone: 'problem',
      note: 'Your card was declined — pay with another card by Friday, Nov 27 at 12:00 PM',
    })
    // once that time has passed, the shop has to be asked
    expect(orderStanding(failed, new Date('2026-11-27T18:00:00.000Z')).note).toBe(
      'Your card was declined. Please contact us about this order.',
    )
  })
})

test('an order on hold says so, with until when it can be paid (docs/product.md#order-payments)', () => {
  const held = {
    ...order,
    status: 'on_hold' as const,
    editable: false,
    paymentStatus: 'payment_failed' as const,
    payAgainUntil: '2026-11-28T11:00:00.000Z', // Saturday 5:00 AM in Houston
  }
  expect(orderStanding(held, new Date('2026-11-27T19:00:00.000Z'))).toEqual({
    label: 'On hold',
    tone: 'problem',
    note: 'On hold: we could not take payment, so we are not packing it. Pay by Saturday, Nov 28 at 5:00 AM or contact us.',
  })
  expect(orderStanding(held, new Date('2026-11-28T12:00:00.000Z')).note).toBe(
    'On hold: we could not take payment. Please contact us about this order.',
  )
})

test('the link to an order says what can be done there', () => {
  expect(orderLinkLabel(order, orderStanding(order, TUESDAY))).toBe('View / change')
  const failed = { ...order, editable: false, paymentStatus: 'payment_failed' as const }
  expect(orderLinkLabel(failed, orderStanding(failed, TUESDAY))).toBe('View and pay')
  const locked = { ...order, editable: false, paymentStatus: 'captured' as const }
  expect(orderLinkLabel(locked, orderStanding(locked, TUESDAY))).toBe('View order')
})
