import { describe, expect, test } from 'vitest'
import { orderNumber } from '#shared/domain/order-number.ts'
import { groupDeliveries } from './delivery-groups.ts'

// Saturday 28 November 2026, 5:00 AM in Houston (CST, UTC−6)
const SATURDAY = '2026-11-28T11:00:00.000Z'
const NEXT_SATURDAY = '2026-12-05T11:00:00.000Z'
const LAST_SATURDAY = '2026-11-21T11:00:00.000Z'

const order = (id: string, deliveryDate: string, deliveryStatus = 'order_placed' as const) => ({
  id,
  deliveryDate,
  deliveryStatus: deliveryStatus as 'order_placed' | 'preparing' | 'out_for_delivery' | 'delivered',
  status: 'confirmed' as 'confirmed' | 'cancelled',
})

describe('groupDeliveries', () => {
  test('puts undelivered orders from today on upcoming, soonest first, and the rest past, newest first', () => {
    const orders = [
      order('a', NEXT_SATURDAY),
      order('b', SATURDAY),
      order('c', LAST_SATURDAY),
      { ...order('d', SATURDAY), deliveryStatus: 'delivered' as const },
      order('e', '2026-11-14T11:00:00.000Z'),
    ]
    // Saturday 28 November, 9:30 PM in Houston: still the delivery day there, already Sunday in UTC
    const { upcoming, past } = groupDeliveries(orders, new Date('2026-11-29T03:30:00.000Z'))
    expect(upcoming.map((item) => item.id)).toEqual(['b', 'a'])
    expect(past.map((item) => item.id)).toEqual(['d', 'c', 'e'])
  })

  test('a cancelled order is never upcoming, even for a Saturday still to come', () => {
    const { upcoming, past } = groupDeliveries(
      [order('a', NEXT_SATURDAY), { ...order('b', SATURDAY), status: 'cancelled' as const }],
      new Date('2026-11-24T18:00:00.000Z'),
    )
    expect(upcoming.map((item) => item.id)).toEqual(['a'])
    expect(past.map((item) => item.id)).toEqual(['b'])
  })

  test('a delivery day that has passed in Houston is past, even if it was never marked delivered', () => {
    const { upcoming, past } = groupDeliveries(
      [order('a', SATURDAY)],
      new Date('2026-11-29T06:30:00.000Z'), // Sunday 00:30 in Houston
    )
    expect(upcoming).toEqual([])
    expect(past.map((item) => item.id)).toEqual(['a'])
  })
})

test('an order number is the first 8 characters of its id', () => {
  expect(orderNumber('1a2b3c4d-0000-4000-8000-000000000000')).toBe('#1A2B3C4D')
})
