import { describe, expect, test } from 'vitest'
import { openOrderOn } from './saturday-order.ts'

/** An order as the rule reads it: Saturday Dec 5, 2026 is 11:00 UTC (5:00 AM in Houston). */
const order = (overrides: Partial<Parameters<typeof openOrderOn>[0][number]> & { id: string }) => ({
  editable: true,
  status: 'confirmed',
  deliveryDate: '2026-12-05T11:00:00.000Z',
  createdAt: '2026-11-30T15:00:00.000Z',
  ...overrides,
})

describe('the open order for a Saturday', () => {
  test('is the first placed of the changeable, not cancelled orders for that Saturday', () => {
    const orders = [
      order({ id: 'later', createdAt: '2026-12-01T15:00:00.000Z' }),
      order({ id: 'first' }),
      order({ id: 'cancelled', status: 'cancelled', createdAt: '2026-11-29T15:00:00.000Z' }),
      order({ id: 'closed', editable: false, createdAt: '2026-11-28T15:00:00.000Z' }),
      order({
        id: 'next week',
        deliveryDate: '2026-12-12T11:00:00.000Z',
        createdAt: '2026-11-27T15:00:00.000Z',
      }),
    ]
    expect(openOrderOn(orders, '2026-12-05')?.id).toBe('first')
    expect(openOrderOn(orders, '2026-12-12')?.id).toBe('next week')
  })

  test('is none when every order of the Saturday is cancelled or closed', () => {
    const orders = [
      order({ id: 'cancelled', status: 'cancelled' }),
      order({ id: 'closed', editable: false }),
    ]
    expect(openOrderOn(orders, '2026-12-05')).toBeNull()
    expect(openOrderOn([], '2026-12-05')).toBeNull()
  })
})
