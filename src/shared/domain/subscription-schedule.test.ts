import { describe, expect, test } from 'vitest'
import {
  comingScheduledSaturdays,
  firstOpenSaturday,
  deliversOn,
  isBeforeCutoff,
  nextDeliverySaturday,
  weekClosesAt,
  weekOpensAt,
  type SubscriptionPlan,
} from './subscription-schedule.ts'

const plan = (fields: Partial<SubscriptionPlan> = {}): SubscriptionPlan => ({
  firstSaturday: '2026-10-24',
  frequencyWeeks: 1,
  skipped: [],
  pausedUntil: null,
  pausedFrom: null,
  cancelled: null,
  ...fields,
})

describe('a week opens on Sunday 00:00 and closes on Wednesday 20:00 in Houston', () => {
  test('the week the clocks go back (Sunday 1 November 2026, CDT to CST)', () => {
    // opens at midnight CDT (UTC−5), closes at 20:00 CST (UTC−6)
    expect(weekOpensAt('2026-11-07').toISOString()).toBe('2026-11-01T05:00:00.000Z')
    expect(weekClosesAt('2026-11-07').toISOString()).toBe('2026-11-05T02:00:00.000Z')
    expect(isBeforeCutoff('2026-11-07', new Date('2026-11-05T01:59:59Z'))).toBe(true)
    expect(isBeforeCutoff('2026-11-07', new Date('2026-11-05T02:00:00Z'))).toBe(false)
  })

  test('the week the clocks go forward (Sunday 14 March 2027, CST to CDT)', () => {
    expect(weekOpensAt('2027-03-20').toISOString()).toBe('2027-03-14T06:00:00.000Z')
    expect(weekClosesAt('2027-03-20').toISOString()).toBe('2027-03-18T01:00:00.000Z')
  })
})

describe('the Saturdays a plan delivers', () => {
  test('a pause reaches only the Saturdays still open when it was made', () => {
    const paused = plan({ pausedFrom: '2026-11-14', pausedUntil: '2026-11-28' })
    expect(deliversOn(paused, '2026-11-07')).toBe(true)
    expect(deliversOn(paused, '2026-11-14')).toBe(false)
    expect(deliversOn(paused, '2026-11-21')).toBe(false)
    expect(deliversOn(paused, '2026-11-28')).toBe(true)
  })

  test('from a cut-off on, the first Saturday open is the next one', () => {
    expect(firstOpenSaturday(new Date('2026-11-05T02:00:00Z'))).toBe('2026-11-14')
    expect(firstOpenSaturday(new Date('2026-11-05T01:59:59Z'))).toBe('2026-11-07')
  })

  test('every other week, across the change of the clocks, from the first Saturday', () => {
    const everyOther = plan({ frequencyWeeks: 2 })
    expect(comingScheduledSaturdays(everyOther, new Date('2026-10-27T12:00:00Z'), 4)).toEqual([
      '2026-11-07',
      '2026-11-21',
      '2026-12-05',
      '2026-12-19',
    ])
    expect(deliversOn(everyOther, '2026-11-14')).toBe(false)
    expect(deliversOn(everyOther, '2026-10-10')).toBe(false)
  })

  test('skipped and paused Saturdays are passed over; the next one after them delivers', () => {
    const now = new Date('2026-11-02T12:00:00Z')
    expect(nextDeliverySaturday(plan(), now)).toBe('2026-11-07')
    expect(nextDeliverySaturday(plan({ skipped: ['2026-11-07', '2026-11-14'] }), now)).toBe(
      '2026-11-21',
    )
    expect(nextDeliverySaturday(plan({ pausedUntil: '2027-01-01' }), now)).toBe('2027-01-02')
    expect(nextDeliverySaturday(plan({ pausedUntil: '2027-01-01', frequencyWeeks: 2 }), now)).toBe(
      '2027-01-02',
    )
    // after the cut-off, this week's Saturday is no longer next
    expect(nextDeliverySaturday(plan(), new Date('2026-11-05T02:00:00Z'))).toBe('2026-11-14')
  })

  test('a cancelled plan delivers its last Saturday only, until that closes', () => {
    const cancelled = plan({ cancelled: { lastSaturday: '2026-11-07' } })
    expect(nextDeliverySaturday(cancelled, new Date('2026-11-02T12:00:00Z'))).toBe('2026-11-07')
    expect(nextDeliverySaturday(cancelled, new Date('2026-11-05T02:00:00Z'))).toBe(null)
    expect(deliversOn(cancelled, '2026-11-14')).toBe(false)
    expect(
      nextDeliverySaturday(
        plan({ cancelled: { lastSaturday: null } }),
        new Date('2026-11-02T12:00:00Z'),
      ),
    ).toBe(null)
  })
})
