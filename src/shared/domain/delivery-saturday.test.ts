import { describe, expect, test } from 'vitest'
import {
  currentDeliverySaturday,
  deliveryDateOfSaturday,
  nearestSaturday,
  parseDeliverySaturday,
} from './delivery-saturday.ts'

describe('a Saturday in a URL (docs/product.md#routes)', () => {
  test('a Saturday is taken, with its 5:00 AM Houston start', () => {
    const result = parseDeliverySaturday('2026-11-28')
    expect(result).toEqual({
      ok: true,
      saturday: '2026-11-28',
      deliveryDate: new Date('2026-11-28T11:00:00Z'),
    })
    // summer time: 5:00 AM CDT is 10:00 UTC
    expect(deliveryDateOfSaturday('2026-07-04')).toEqual(new Date('2026-07-04T10:00:00Z'))
  })

  test('another day is refused naming the nearest Saturday', () => {
    expect(parseDeliverySaturday('2026-11-25')).toEqual({
      ok: false,
      message:
        '2026-11-25 is not a delivery day: deliveries are on Saturdays. The nearest is Saturday 2026-11-28.',
    })
    expect(nearestSaturday('2026-11-24')).toBe('2026-11-21')
    expect(nearestSaturday('2026-11-29')).toBe('2026-11-28')
    expect(nearestSaturday('2026-12-31')).toBe('2027-01-02')
  })

  test('something that is not a date is refused with a readable message', () => {
    expect(parseDeliverySaturday('tomorrow')).toEqual({
      ok: false,
      message: 'Use a date like 2026-11-28',
    })
    expect(parseDeliverySaturday('2026-02-30')).toEqual({
      ok: false,
      message: 'Use a real calendar date',
    })
  })

  test('the driver’s Saturday is today on a Saturday in Houston, else the coming one', () => {
    // Saturday 23:30 in Houston is already Sunday in UTC
    expect(currentDeliverySaturday(new Date('2026-11-29T05:30:00Z'))).toBe('2026-11-28')
    expect(currentDeliverySaturday(new Date('2026-11-25T15:00:00Z'))).toBe('2026-11-28')
    expect(currentDeliverySaturday(new Date('2026-11-29T15:00:00Z'))).toBe('2026-12-05')
  })
})
