import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import {
  businessDateTimeFormat,
  chicagoDayBounds,
  chicagoParts,
  chicagoWallTimeToInstant,
  cutoffMessage,
  formatCalendarDay,
  formatDeliveryDate,
  formatDeliveryDateLong,
  formatEditDeadline,
  formatTimeLeft,
  nextDeliveryDate,
  orderCutoffFor,
  timeLeftToOrder,
} from './delivery.ts'

/*
 * Every instant here is written with an explicit offset (-06:00 CST, -05:00 CDT, or Z), so the
 * expectations never depend on the zone of the machine running them. The unit project runs
 * with TZ=UTC; the last describe also switches the process zone and checks nothing moves.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const at = (iso: string) => new Date(iso)
const iso = (date: Date) => date.toISOString()

describe('nextDeliveryDate: an ordinary winter week (CST, UTC-6)', () => {
  // week of Sunday Nov 22 – Saturday Nov 28 2026; cut-off Wednesday Nov 25 20:00 CST = 02:00Z
  const coming = '2026-11-28T11:00:00.000Z' // Saturday Nov 28 05:00 CST
  const after = '2026-12-05T11:00:00.000Z' // Saturday Dec 5 05:00 CST

  test.each([
    ['the Saturday before, last second', '2026-11-21T23:59:59-06:00', coming],
    ['Sunday 00:00', '2026-11-22T00:00:00-06:00', coming],
    ['Sunday noon', '2026-11-22T12:00:00-06:00', coming],
    ['Monday 09:00', '2026-11-23T09:00:00-06:00', coming],
    ['Tuesday 23:59', '2026-11-24T23:59:00-06:00', coming],
    ['Wednesday 00:00', '2026-11-25T00:00:00-06:00', coming],
    ['Wednesday 18:30 (already Thursday in UTC)', '2026-11-25T18:30:00-06:00', coming],
    ['Wednesday 19:59', '2026-11-25T19:59:00-06:00', coming],
    ['Wednesday 19:59:59', '2026-11-25T19:59:59-06:00', coming],
    ['Wednesday 19:59:59.999', '2026-11-25T19:59:59.999-06:00', coming],
    ['Wednesday 20:00:00 exactly', '2026-11-25T20:00:00-06:00', after],
    ['Wednesday 20:00:00.001', '2026-11-25T20:00:00.001-06:00', after],
    ['Wednesday 23:59', '2026-11-25T23:59:00-06:00', after],
    ['Thursday 08:00', '2026-11-26T08:00:00-06:00', after],
    ['Friday 19:00 (already Saturday in UTC)', '2026-11-27T19:00:00-06:00', after],
    ['Saturday 00:00', '2026-11-28T00:00:00-06:00', after],
    ['Saturday 03:00', '2026-11-28T03:00:00-06:00', after],
    ['Saturday 04:59', '2026-11-28T04:59:00-06:00', after],
    ['Saturday 05:00', '2026-11-28T05:00:00-06:00', after],
    ['Saturday 17:00', '2026-11-28T17:00:00-06:00', after],
    ['Saturday 23:59', '2026-11-28T23:59:00-06:00', after],
    ['Saturday 23:59:59.999', '2026-11-28T23:59:59.999-06:00', after],
    ['the Sunday after, 00:00', '2026-11-29T00:00:00-06:00', after],
  ])('%s → %s', (_, now, expected) => {
    expect(iso(nextDeliveryDate(at(now)))).toBe(expected)
  })

  test('the cut-off of that week', () => {
    expect(iso(orderCutoffFor(at(coming)))).toBe('2026-11-26T02:00:00.000Z')
  })
})

describe('nextDeliveryDate: an ordinary summer week (CDT, UTC-5)', () => {
  // Saturday June 13 2026; cut-off Wednesday June 10 20:00 CDT = June 11 01:00Z
  test.each([
    ['Sunday', '2026-06-07T08:00:00-05:00', '2026-06-13T10:00:00.000Z'],
    ['Wednesday 19:59:59', '2026-06-10T19:59:59-05:00', '2026-06-13T10:00:00.000Z'],
    ['Wednesday 20:00', '2026-06-10T20:00:00-05:00', '2026-06-20T10:00:00.000Z'],
    ['Friday', '2026-06-12T12:00:00-05:00', '2026-06-20T10:00:00.000Z'],
    ['Saturday 04:59', '2026-06-13T04:59:00-05:00', '2026-06-20T10:00:00.000Z'],
    ['Saturday 23:59', '2026-06-13T23:59:00-05:00', '2026-06-20T10:00:00.000Z'],
  ])('%s → %s', (_, now, expected) => {
    expect(iso(nextDeliveryDate(at(now)))).toBe(expected)
  })

  test('the cut-off of that week', () => {
    const delivery = at('2026-06-13T10:00:00Z')
    expect(iso(orderCutoffFor(delivery))).toBe('2026-06-11T01:00:00.000Z')
  })
})

describe('daylight saving starts (Sunday March 8 2026, 02:00 CST → 03:00 CDT)', () => {
  const march7 = '2026-03-07T11:00:00.000Z' // 05:00 CST
  const march14 = '2026-03-14T10:00:00.000Z' // 05:00 CDT
  const march21 = '2026-03-21T10:00:00.000Z'

  test.each([
    ['Wednesday March 4, noon CST', '2026-03-04T12:00:00-06:00', march7],
    ['Wednesday March 4, 19:59:59 CST', '2026-03-04T19:59:59-06:00', march7],
    ['Wednesday March 4, 20:00 CST', '2026-03-04T20:00:00-06:00', march14],
    ['Thursday March 5', '2026-03-05T09:00:00-06:00', march14],
    ['Saturday March 7, 05:00 CST', '2026-03-07T05:00:00-06:00', march14],
    ['Sunday March 8, 01:59 CST (last minute before the change)', '2026-03-08T07:59:00Z', march14],
    ['Sunday March 8, 03:00 CDT (first minute after)', '2026-03-08T08:00:00Z', march14],
    ['Wednesday March 11, 19:59:59 CDT', '2026-03-12T00:59:59Z', march14],
    ['Wednesday March 11, 20:00 CDT', '2026-03-12T01:00:00Z', march21],
    ['Wednesday March 11, 20:30 CDT (would be 19:30 in CST)', '2026-03-12T01:30:00Z', march21],
  ])('%s → %s', (_, now, expected) => {
    expect(iso(nextDeliveryDate(at(now)))).toBe(expected)
  })

  test('the delivery is 05:00 local either side of the change', () => {
    expect(chicagoParts(at(march7))).toMatchObject({ weekday: 6, day: 7, hour: 5, minute: 0 })
    expect(chicagoParts(at(march14))).toMatchObject({ weekday: 6, day: 14, hour: 5, minute: 0 })
  })

  test('cut-off instants in those weeks', () => {
    expect(iso(orderCutoffFor(at(march7)))).toBe('2026-03-05T02:00:00.000Z') // Wed 20:00 CST
    expect(iso(orderCutoffFor(at(march14)))).toBe('2026-03-12T01:00:00.000Z') // Wed 20:00 CDT
  })
})

describe('daylight saving ends (Sunday November 1 2026, 02:00 CDT → 01:00 CST)', () => {
  const october31 = '2026-10-31T10:00:00.000Z' // 05:00 CDT
  const november7 = '2026-11-07T11:00:00.000Z' // 05:00 CST
  const november14 = '2026-11-14T11:00:00.000Z'

  test.each([
    ['Wednesday October 28, noon CDT', '2026-10-28T12:00:00-05:00', october31],
    ['Wednesday October 28, 19:59:59 CDT', '2026-10-28T19:59:59-05:00', october31],
    ['Wednesday October 28, 20:00 CDT', '2026-10-28T20:00:00-05:00', november7],
    ['Thursday October 29', '2026-10-29T09:00:00-05:00', november7],
    ['Saturday October 31, 23:59 CDT', '2026-10-31T23:59:00-05:00', november7],
    ['Sunday November 1, 01:30 CDT (first pass)', '2026-11-01T06:30:00Z', november7],
    ['Sunday November 1, 01:30 CST (second pass)', '2026-11-01T07:30:00Z', november7],
    ['Wednesday November 4, 19:30 CST (would be 20:30 in CDT)', '2026-11-05T01:30:00Z', november7],
    ['Wednesday November 4, 19:59:59 CST', '2026-11-05T01:59:59Z', november7],
    ['Wednesday November 4, 20:00 CST', '2026-11-05T02:00:00Z', november14],
  ])('%s → %s', (_, now, expected) => {
    expect(iso(nextDeliveryDate(at(now)))).toBe(expected)
  })

  test('the delivery is 05:00 local either side of the change', () => {
    expect(chicagoParts(at(october31))).toMatchObject({ weekday: 6, day: 31, hour: 5, minute: 0 })
    expect(chicagoParts(at(november7))).toMatchObject({ weekday: 6, day: 7, hour: 5, minute: 0 })
  })

  test('cut-off instants in those weeks', () => {
    expect(iso(orderCutoffFor(at(october31)))).toBe('2026-10-29T01:00:00.000Z') // Wed 20:00 CDT
    expect(iso(orderCutoffFor(at(november7)))).toBe('2026-11-05T02:00:00.000Z') // Wed 20:00 CST
  })
})

describe('calendar boundaries', () => {
  test('an order after the cut-off on Wednesday December 30 2026 goes to January 9 2027', () => {
    const delivery = nextDeliveryDate(at('2026-12-30T21:00:00-06:00'))
    expect(iso(delivery)).toBe('2027-01-09T11:00:00.000Z')
    expect(formatDeliveryDateLong(delivery)).toBe('Saturday, January 9, 2027')
  })

  test('an order before it gets Saturday January 2 2027, whose cut-off is in 2026', () => {
    const delivery = nextDeliveryDate(at('2026-12-29T10:00:00-06:00'))
    expect(iso(delivery)).toBe('2027-01-02T11:00:00.000Z')
    expect(iso(orderCutoffFor(delivery))).toBe('2026-12-31T02:00:00.000Z')
    expect(formatEditDeadline(orderCutoffFor(delivery))).toBe('Wednesday, Dec 30 at 8:00 PM')
  })

  test('New Year in UTC is still December 31 in Chicago', () => {
    // Thursday Dec 31 2026 19:00 CST = Friday Jan 1 2027 01:00Z
    expect(iso(nextDeliveryDate(at('2027-01-01T01:00:00Z')))).toBe('2027-01-09T11:00:00.000Z')
  })

  test('the cut-off reaches back across a leap day', () => {
    // Tuesday Feb 29 2028 → Saturday March 4 2028; its cut-off is Wednesday March 1
    const delivery = nextDeliveryDate(at('2028-02-29T12:00:00-06:00'))
    expect(iso(delivery)).toBe('2028-03-04T11:00:00.000Z')
    expect(iso(orderCutoffFor(delivery))).toBe('2028-03-02T02:00:00.000Z')
    // and a delivery on Saturday March 2 2024 has its cut-off on Wednesday Feb 28 2024
    expect(iso(orderCutoffFor(at('2024-03-02T11:00:00Z')))).toBe('2024-02-29T02:00:00.000Z')
  })
})

describe('orderCutoffFor', () => {
  test('accept any instant on the Chicago Saturday, not only 05:00', () => {
    // Saturday Nov 28 2026 at 00:00 and 23:59 CST (the latter is Sunday in UTC)
    for (const saturday of ['2026-11-28T00:00:00-06:00', '2026-11-28T23:59:00-06:00']) {
      expect(iso(orderCutoffFor(at(saturday)))).toBe('2026-11-26T02:00:00.000Z')
    }
  })

  test('refuse an instant that is not a Saturday in Chicago', () => {
    // Saturday Nov 28 00:00 UTC is still Friday evening in Chicago
    for (const notSaturday of ['2026-11-28T00:00:00Z', '2026-11-25T20:00:00-06:00']) {
      expect(() => orderCutoffFor(at(notSaturday)), notSaturday).toThrow(RangeError)
    }
  })

  test('refuse an invalid date', () => {
    expect(() => nextDeliveryDate(new Date(Number.NaN))).toThrow(RangeError)
    expect(() => orderCutoffFor(new Date(Number.NaN))).toThrow(RangeError)
    expect(() => formatDeliveryDate(new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe('Chicago wall-clock helpers', () => {
  test('read an instant as Chicago wall-clock parts, midnight as hour 0', () => {
    expect(chicagoParts(at('2026-11-28T06:00:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 28,
      weekday: 6,
      hour: 0,
      minute: 0,
    })
    expect(chicagoParts(at('2027-01-01T01:00:00Z'))).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      weekday: 4,
      hour: 19,
      minute: 0,
    })
  })

  test('turn wall-clock times into instants with the offset in force', () => {
    expect(iso(chicagoWallTimeToInstant(2026, 1, 15, 12, 0))).toBe('2026-01-15T18:00:00.000Z')
    expect(iso(chicagoWallTimeToInstant(2026, 7, 15, 12, 0))).toBe('2026-07-15T17:00:00.000Z')
    expect(iso(chicagoWallTimeToInstant(2026, 3, 8, 1, 59))).toBe('2026-03-08T07:59:00.000Z')
    expect(iso(chicagoWallTimeToInstant(2026, 3, 8, 3, 0))).toBe('2026-03-08T08:00:00.000Z')
    expect(iso(chicagoWallTimeToInstant(2026, 11, 1, 2, 0))).toBe('2026-11-01T08:00:00.000Z')
  })

  test('the repeated hour in November gives the earlier (CDT) instant', () => {
    expect(iso(chicagoWallTimeToInstant(2026, 11, 1, 1, 30))).toBe('2026-11-01T06:30:00.000Z')
  })

  test('the skipped hour in March does not exist', () => {
    expect(() => chicagoWallTimeToInstant(2026, 3, 8, 2, 30)).toThrow(RangeError)
  })

  test('a Houston calendar day as instants: midnight to the next midnight, 23 or 25 hours when the clocks change', () => {
    const bounds = (day: string) => {
      const { start, end } = chicagoDayBounds(day)
      return [iso(start), iso(end), (end.getTime() - start.getTime()) / HOUR]
    }
    expect(bounds('2026-11-28')).toEqual([
      '2026-11-28T06:00:00.000Z',
      '2026-11-29T06:00:00.000Z',
      24,
    ])
    expect(bounds('2026-07-18')).toEqual([
      '2026-07-18T05:00:00.000Z',
      '2026-07-19T05:00:00.000Z',
      24,
    ])
    expect(bounds('2026-03-08')).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-09T05:00:00.000Z',
      23,
    ])
    expect(bounds('2026-11-01')).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-02T06:00:00.000Z',
      25,
    ])
    expect(bounds('2026-12-31')[1]).toBe('2027-01-01T06:00:00.000Z')
    // a Saturday's delivery (5:00 AM) falls inside its day
    const saturday = chicagoDayBounds('2026-11-28')
    const delivery = nextDeliveryDate(at('2026-11-24T10:00:00-06:00'))
    expect(delivery >= saturday.start && delivery < saturday.end).toBe(true)
  })

  test('a string that is not a calendar day is refused', () => {
    for (const day of ['2026-02-30', '2026-13-01', '2026-1-5', 'tomorrow', '']) {
      expect(() => chicagoDayBounds(day), day).toThrow(RangeError)
    }
  })
})

describe('formatters', () => {
  const november28 = at('2026-11-28T11:00:00Z')

  test('show the delivery date and edit deadline as the issue writes them', () => {
    expect(formatDeliveryDate(november28)).toBe('Saturday, Nov 28')
    expect(formatDeliveryDateLong(november28)).toBe('Saturday, November 28, 2026')
    expect(formatEditDeadline(orderCutoffFor(november28))).toBe('Wednesday, Nov 25 at 8:00 PM')
  })

  test('use the Chicago calendar day, not the UTC one', () => {
    // Saturday Nov 28 20:00 CST is Sunday Nov 29 in UTC
    expect(formatDeliveryDate(at('2026-11-28T20:00:00-06:00'))).toBe('Saturday, Nov 28')
    expect(formatDeliveryDateLong(at('2026-11-28T20:00:00-06:00'))).toBe(
      'Saturday, November 28, 2026',
    )
  })

  test('abbreviate every month', () => {
    const firstSaturdays2027 = [2, 6, 6, 3, 1, 5, 3, 7, 4, 2, 6, 4]
    const shown = firstSaturdays2027.map((day, index) =>
      formatDeliveryDate(chicagoWallTimeToInstant(2027, index + 1, day, 5, 0)),
    )
    expect(shown).toEqual([
      'Saturday, Jan 2',
      'Saturday, Feb 6',
      'Saturday, Mar 6',
      'Saturday, Apr 3',
      'Saturday, May 1',
      'Saturday, Jun 5',
      'Saturday, Jul 3',
      'Saturday, Aug 7',
      'Saturday, Sep 4',
      'Saturday, Oct 2',
      'Saturday, Nov 6',
      'Saturday, Dec 4',
    ])
    expect(formatDeliveryDateLong(chicagoWallTimeToInstant(2027, 9, 4, 5, 0))).toBe(
      'Saturday, September 4, 2027',
    )
  })

  test('write the time on a twelve-hour clock', () => {
    expect(formatEditDeadline(at('2026-11-25T00:05:00-06:00'))).toBe(
      'Wednesday, Nov 25 at 12:05 AM',
    )
    expect(formatEditDeadline(at('2026-11-25T09:00:00-06:00'))).toBe('Wednesday, Nov 25 at 9:00 AM')
    expect(formatEditDeadline(at('2026-11-25T12:00:00-06:00'))).toBe(
      'Wednesday, Nov 25 at 12:00 PM',
    )
    expect(formatEditDeadline(orderCutoffFor(at('2026-03-14T10:00:00Z')))).toBe(
      'Wednesday, Mar 11 at 8:00 PM',
    )
  })
})

describe('businessDateTimeFormat and formatCalendarDay', () => {
  test('format instants in Chicago time, whichever parts are asked for', () => {
    // Wednesday Nov 25 20:01 CST is Thursday Nov 26 02:01 in UTC
    const sent = at('2026-11-26T02:01:00Z')
    expect(
      businessDateTimeFormat({ weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(sent),
    ).toBe('Wed 8:01 PM')
    expect(
      businessDateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(sent),
    ).toBe('Nov 25, 2026')
    // in summer the offset is five hours
    expect(
      businessDateTimeFormat({ hour: 'numeric', minute: '2-digit' }).format(
        at('2026-07-04T15:30:00Z'),
      ),
    ).toBe('10:30 AM')
  })

  test('write a calendar day out, and refuse what is not one', () => {
    expect(formatCalendarDay('2025-06-14')).toBe('June 14, 2025')
    expect(formatCalendarDay('2024-11-30')).toBe('November 30, 2024')
    expect(() => formatCalendarDay('2025-02-30')).toThrow(RangeError)
    expect(() => formatCalendarDay('June 14')).toThrow(RangeError)
  })
})

describe('formatTimeLeft', () => {
  test.each([
    [-5_000, 'less than a minute'],
    [0, 'less than a minute'],
    [1, 'less than a minute'],
    [59_999, 'less than a minute'],
    [MINUTE, '1 minute'],
    [2 * MINUTE - 1, '1 minute'],
    [2 * MINUTE, '2 minutes'],
    [45 * MINUTE, '45 minutes'],
    [HOUR - 1, '59 minutes'],
    [HOUR, '1 hour'],
    [HOUR + MINUTE, '1 hour 1 minute'],
    [2 * HOUR + 30_000, '2 hours'],
    [5 * HOUR + 12 * MINUTE, '5 hours 12 minutes'],
    [DAY - 1, '23 hours 59 minutes'],
    [DAY, '1 day'],
    [DAY + 59 * MINUTE, '1 day'],
    [DAY + HOUR, '1 day 1 hour'],
    [DAY + 4 * HOUR + 30 * MINUTE, '1 day 4 hours'],
    [2 * DAY + HOUR, '2 days 1 hour'],
    [2 * DAY + 3 * HOUR, '2 days 3 hours'],
    [7 * DAY, '7 days'],
    [10 * DAY + 9 * HOUR, '10 days 9 hours'],
  ])('%d ms → %s', (milliseconds, expected) => {
    expect(formatTimeLeft(milliseconds)).toBe(expected)
  })

  test('refuses what is not a duration', () => {
    expect(() => formatTimeLeft(Number.NaN)).toThrow(RangeError)
    expect(() => formatTimeLeft(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})

describe('timeLeftToOrder and cutoffMessage', () => {
  test('count down to the cut-off of the delivery an order would get', () => {
    expect(timeLeftToOrder(at('2026-11-25T19:59:59-06:00'))).toEqual({
      delivery: at('2026-11-28T11:00:00Z'),
      cutoff: at('2026-11-26T02:00:00Z'),
      millisecondsLeft: 1000,
    })
    expect(timeLeftToOrder(at('2026-11-25T20:00:00-06:00'))).toEqual({
      delivery: at('2026-12-05T11:00:00Z'),
      cutoff: at('2026-12-03T02:00:00Z'),
      millisecondsLeft: 7 * DAY,
    })
  })

  test.each([
    ['2026-11-24T15:30:00-06:00', 'Order within 1 day 4 hours for Saturday, Nov 28'],
    ['2026-11-25T14:48:00-06:00', 'Order within 5 hours 12 minutes for Saturday, Nov 28'],
    ['2026-11-25T19:15:00-06:00', 'Order within 45 minutes for Saturday, Nov 28'],
    ['2026-11-25T19:59:30-06:00', 'Order within the next minute for Saturday, Nov 28'],
    ['2026-11-25T20:00:00-06:00', 'Order within 7 days for Saturday, Dec 5'],
    ['2026-11-28T05:00:00-06:00', 'Order within 4 days 15 hours for Saturday, Dec 5'],
    // across the spring change the clock loses an hour: 3 days 18 hours, not 19
    ['2026-03-08T01:00:00-06:00', 'Order within 3 days 18 hours for Saturday, Mar 14'],
    ['2026-12-30T21:00:00-06:00', 'Order within 6 days 23 hours for Saturday, Jan 9'],
  ])('at %s: %s', (now, expected) => {
    expect(cutoffMessage(at(now))).toBe(expected)
  })
})

describe('properties over 2025–2030', () => {
  const instants = fc.date({
    min: new Date('2025-01-01T00:00:00Z'),
    max: new Date('2030-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  })
  // an oracle that does not go through chicagoParts
  const wallClock = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    weekday: 'long',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  })
  const read = (date: Date) => {
    const parts = Object.fromEntries(
      wallClock.formatToParts(date).map((part) => [part.type, part.value]),
    )
    return `${parts.weekday} ${Number(parts.hour) % 24}:${parts.minute}:${parts.second}`
  }

  test('the delivery is a Saturday at 05:00 Chicago, 2 days 9 hours to 10 days 10 hours ahead', () => {
    fc.assert(
      fc.property(instants, (now) => {
        const delivery = nextDeliveryDate(now)
        expect(read(delivery)).toBe('Saturday 5:00:00')
        const ahead = delivery.getTime() - now.getTime()
        // earliest: just before Wednesday 20:00 → Saturday 05:00 (57 h, no clock change between);
        // latest: Wednesday 20:00 → the Saturday after next (249 h, 250 h when clocks fall back)
        expect(ahead).toBeGreaterThan(2 * DAY + 9 * HOUR)
        expect(ahead).toBeLessThanOrEqual(10 * DAY + 10 * HOUR)
      }),
      { numRuns: 2000 },
    )
  })

  test('now is before this delivery’s cut-off and not before the previous one’s', () => {
    fc.assert(
      fc.property(instants, (now) => {
        const delivery = nextDeliveryDate(now)
        const cutoff = orderCutoffFor(delivery)
        expect(now.getTime()).toBeLessThan(cutoff.getTime())
        // the Saturday a week earlier (04:00–06:00 local across a clock change: still Saturday)
        const previousCutoff = orderCutoffFor(new Date(delivery.getTime() - 7 * DAY))
        expect(previousCutoff.getTime()).toBeLessThanOrEqual(now.getTime())
      }),
      { numRuns: 2000 },
    )
  })

  test('the cut-off is Wednesday 20:00, 57 hours before the delivery', () => {
    fc.assert(
      fc.property(instants, (now) => {
        const delivery = nextDeliveryDate(now)
        const cutoff = orderCutoffFor(delivery)
        expect(read(cutoff)).toBe('Wednesday 20:00:00')
        expect(delivery.getTime() - cutoff.getTime()).toBe(2 * DAY + 9 * HOUR)
      }),
      { numRuns: 1000 },
    )
  })

  test('the delivery changes exactly at the cut-off, by one week', () => {
    fc.assert(
      fc.property(instants, (now) => {
        const delivery = nextDeliveryDate(now)
        const cutoff = orderCutoffFor(delivery)
        expect(nextDeliveryDate(new Date(cutoff.getTime() - 1))).toEqual(delivery)
        const next = nextDeliveryDate(cutoff)
        expect(read(next)).toBe('Saturday 5:00:00')
        const week = next.getTime() - delivery.getTime()
        expect([7 * DAY - HOUR, 7 * DAY, 7 * DAY + HOUR]).toContain(week)
      }),
      { numRuns: 1000 },
    )
  })

  test('timeLeftToOrder agrees with the cut-off, and the message names the delivery', () => {
    fc.assert(
      fc.property(instants, (now) => {
        const { delivery, cutoff, millisecondsLeft } = timeLeftToOrder(now)
        expect(millisecondsLeft).toBe(cutoff.getTime() - now.getTime())
        expect(millisecondsLeft).toBeGreaterThan(0)
        expect(millisecondsLeft).toBeLessThanOrEqual(7 * DAY + HOUR)
        expect(cutoffMessage(now)).toMatch(
          new RegExp(`^Order within .+ for ${formatDeliveryDate(delivery)}$`),
        )
      }),
      { numRuns: 500 },
    )
  })
})

describe('whatever the zone of the machine', () => {
  // eslint-disable-next-line no-restricted-globals -- tests run in Node: Node rereads the zone when TZ is assigned
  const env = process.env
  const original = env.TZ
  afterEach(() => {
    if (original === undefined) delete env.TZ
    else env.TZ = original
  })

  test('the unit project runs in UTC', () => {
    expect(env.TZ).toBe('UTC')
    expect(new Date('2026-07-01T00:00:00Z').getTimezoneOffset()).toBe(0)
  })

  test.each([
    ['UTC', 0],
    ['America/New_York', 240],
    ['America/Chicago', 300],
    ['Asia/Tokyo', -540],
    ['Pacific/Kiritimati', -840],
    ['Pacific/Pago_Pago', 660],
  ])('gives the same answers with TZ=%s', (zone, julyOffset) => {
    env.TZ = zone
    // the switch really took effect in this process
    expect(new Date('2026-07-01T00:00:00Z').getTimezoneOffset()).toBe(julyOffset)

    expect(iso(nextDeliveryDate(at('2026-11-25T19:59:59-06:00')))).toBe('2026-11-28T11:00:00.000Z')
    expect(iso(nextDeliveryDate(at('2026-11-25T20:00:00-06:00')))).toBe('2026-12-05T11:00:00.000Z')
    expect(iso(nextDeliveryDate(at('2026-11-28T23:59:00-06:00')))).toBe('2026-12-05T11:00:00.000Z')
    expect(iso(nextDeliveryDate(at('2026-03-05T09:00:00-06:00')))).toBe('2026-03-14T10:00:00.000Z')
    expect(iso(nextDeliveryDate(at('2026-10-29T09:00:00-05:00')))).toBe('2026-11-07T11:00:00.000Z')
    expect(iso(nextDeliveryDate(at('2026-12-30T21:00:00-06:00')))).toBe('2027-01-09T11:00:00.000Z')
    expect(iso(chicagoWallTimeToInstant(2026, 11, 1, 1, 30))).toBe('2026-11-01T06:30:00.000Z')
    expect(formatDeliveryDate(at('2026-11-28T20:00:00-06:00'))).toBe('Saturday, Nov 28')
    expect(formatEditDeadline(at('2026-11-26T01:59:00Z'))).toBe('Wednesday, Nov 25 at 7:59 PM')
    expect(cutoffMessage(at('2026-11-24T15:30:00-06:00'))).toBe(
      'Order within 1 day 4 hours for Saturday, Nov 28',
    )
  })
})
