import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  addDaysToDay,
  chicagoDayOf,
  chicagoParts,
  comingSaturday,
  deliveryOfSaturday,
  nearestSaturday,
  readDeliverySaturday,
} from './delivery.ts'

describe('the week pages’ Saturdays (docs/product.md#the-week)', () => {
  test('a Saturday reads; another day names the nearest Saturday', () => {
    expect(readDeliverySaturday('2026-11-28')).toEqual({ ok: true, saturday: '2026-11-28' })
    expect(readDeliverySaturday('2026-11-26')).toEqual({
      ok: false,
      nearest: '2026-11-28',
      message: '2026-11-26 is not a delivery Saturday; the nearest is Saturday, November 28, 2026',
    })
    // Tuesday is three days after one Saturday and four before the next
    expect(readDeliverySaturday('2026-12-01')).toMatchObject({ nearest: '2026-11-28' })
    expect(readDeliverySaturday('2026-12-02')).toMatchObject({ nearest: '2026-12-05' })
  })

  test('what is not a real day asks for the format', () => {
    for (const text of ['2026-02-30', '28-11-2026', 'saturday', '1999-11-27', '2026-11-28x']) {
      expect(readDeliverySaturday(text), text).toEqual({
        ok: false,
        message: 'Use a Saturday written like 2026-11-28',
      })
    }
  })

  test('the coming Saturday is today on a Saturday, else the next one, in Houston', () => {
    // Thursday after the cut-off: still this week's Saturday (it is being harvested)
    expect(comingSaturday(new Date('2026-11-26T10:00:00-06:00'))).toBe('2026-11-28')
    // Saturday 23:30 in Houston is already Sunday in UTC
    expect(comingSaturday(new Date('2026-11-28T23:30:00-06:00'))).toBe('2026-11-28')
    expect(comingSaturday(new Date('2026-11-29T00:30:00-06:00'))).toBe('2026-12-05')
  })

  test('a Saturday’s deliveries are stored at its 5:00 AM, across the clock change', () => {
    expect(deliveryOfSaturday('2026-11-28').toISOString()).toBe('2026-11-28T11:00:00.000Z')
    expect(deliveryOfSaturday('2026-07-04').toISOString()).toBe('2026-07-04T10:00:00.000Z')
    expect(() => deliveryOfSaturday('2026-11-27')).toThrow(RangeError)
    expect(addDaysToDay('2026-12-26', 7)).toBe('2027-01-02')
    expect(chicagoDayOf(new Date('2026-11-28T05:00:00Z'))).toBe('2026-11-27')
  })

  test('the nearest Saturday is a Saturday at most three days away', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 20 }), (offset) => {
        const day = addDaysToDay('2020-01-01', offset)
        const nearest = nearestSaturday(day)
        expect(chicagoParts(deliveryOfSaturday(nearest)).weekday).toBe(6)
        const apart = Math.abs(Date.parse(nearest) - Date.parse(day)) / 86_400_000
        expect(apart).toBeLessThanOrEqual(3)
      }),
    )
  })
})
