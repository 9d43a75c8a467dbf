import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminOrder } from '#shared/schemas/order.ts'
import { renderWeb } from '#tests/support/render-web.tsx'
import { makeOrder } from '#tests/support/web-fixtures.ts'
import { OrderPayment } from './components/order-payment.tsx'

/**
 * What an order card tells the staff about an order whose card could not be charged
 * (docs/product.md#order-payments): the customer may pay with another card until Friday noon;
 * after that it says the time ended; once the shop's tick has held the order, it says so.
 */

// the Saturday of December 5, 2026: captured at Wednesday's cut-off, payable again until Friday
// noon (Houston time, 18:00 UTC)
const PAY_AGAIN_UNTIL = '2026-12-04T18:00:00.000Z'

function unpaidOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...makeOrder({
      total: '144.00',
      authorizedAmount: '144.00',
      paymentStatus: 'payment_failed',
      status: 'confirmed',
      editable: false,
      payAgainUntil: PAY_AGAIN_UNTIL,
    }),
    userId: '2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f',
    statusHistory: [],
    ...overrides,
  }
}

describe('an order whose capture failed, on its card in the admin', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }))
  afterEach(() => vi.useRealTimers())

  it('before Friday noon: the customer can still pay with another card', () => {
    vi.setSystemTime(new Date('2026-12-03T15:00:00.000Z'))
    renderWeb(<OrderPayment order={unpaidOrder()} />)
    expect(
      screen.getByText(
        'The capture failed. The customer can pay with another card until Friday, Dec 4 at 12:00 PM.',
      ),
    ).toBeTruthy()
  })

  it('after Friday noon, before the shop holds it: the time to pay again has ended', () => {
    vi.setSystemTime(new Date('2026-12-04T18:00:30.000Z'))
    renderWeb(<OrderPayment order={unpaidOrder()} />)
    expect(
      screen.getByText(
        'The capture failed, and the time to pay again ended Friday, Dec 4 at 12:00 PM: contact the customer.',
      ),
    ).toBeTruthy()
  })

  it('held: not packed or delivered until it is paid or cancelled', () => {
    vi.setSystemTime(new Date('2026-12-04T18:05:00.000Z'))
    renderWeb(<OrderPayment order={unpaidOrder({ status: 'on_hold' })} />)
    expect(
      screen.getByText(
        'On hold: unpaid at the deadline, so not packed or delivered. Mark it paid or cancel it. The customer can still pay until Friday, Dec 4 at 12:00 PM.',
      ),
    ).toBeTruthy()
  })
})
