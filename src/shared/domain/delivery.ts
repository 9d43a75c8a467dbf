/**
 * Delivery dates and the weekly schedule, in business time, America/Chicago
 * (docs/product.md#delivery, docs/decisions/0003-business-time-zone.md). Marketing copy reads the
 * cut-off and the window from here, never from its own text.
 */

export const BUSINESS_TIME_ZONE = 'America/Chicago'

/** Orders placed before Wednesday 20:00 are delivered the coming Saturday. */
export const ORDER_CUTOFF = { weekday: 'Wednesday', hour: 20, label: 'Wednesday 8:00 PM' } as const

/** the last moment to pay again after a failed capture (see payAgainDeadlineFor) */
export const PAY_AGAIN_DEADLINE_LABEL = 'Friday 12:00 PM'

export const DELIVERY_WINDOW = { weekday: 'Saturday', label: '5:00 AM – 5:00 PM' } as const

export const WEEKLY_SCHEDULE = [
  { day: 'Sunday – Wednesday', what: `Order by ${ORDER_CUTOFF.label}` },
  { day: 'Thursday', what: 'Farmers harvest your order' },
  { day: 'Friday', what: 'We pack it in our Houston kitchen' },
  { day: 'Saturday', what: `Delivered ${DELIVERY_WINDOW.label}` },
] as const

/*
 * Business dates. Every function takes the current instant (an injected clock) and works in
 * America/Chicago wall-clock time through Intl, so the machine's own zone never matters and
 * daylight saving changes move the UTC instant, not the local hour.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const SATURDAY = 6
/** Wednesday is three calendar days before Saturday. */
const CUTOFF_DAYS_BEFORE_DELIVERY = 3
const DELIVERY_START_HOUR = 5
const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** Wall-clock time in America/Chicago. month is 1–12; weekday is 0 (Sunday) – 6 (Saturday). */
export interface ChicagoParts {
  year: number
  month: number
  day: number
  weekday: number
  hour: number
  minute: number
}

const chicagoClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})

/** The Chicago wall-clock reading of an instant. */
export function chicagoParts(instant: Date): ChicagoParts {
  assertValidDate(instant)
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {}
  for (const part of chicagoClock.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const { year, month, day, hour, minute } = parts
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined
  ) {
    throw new Error(`Intl gave no full date for ${instant.toISOString()}`)
  }
  // some engines write midnight as 24 even with h23; the calendar day is already the right one
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return { year, month, day, weekday, hour: hour % 24, minute }
}

/**
 * The instant at which Chicago clocks read the given wall-clock time (month 1–12). Chicago is
 * UTC−5 (CDT) or UTC−6 (CST); the offset that reads back the same time is the right one. In the
 * repeated hour of November the earlier (CDT) instant wins; a time skipped in March throws.
 */
export function chicagoWallTimeToInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  for (const offsetHours of [5, 6]) {
    const candidate = new Date(asUtc + offsetHours * HOUR)
    const read = chicagoParts(candidate)
    if (
      read.year === year &&
      read.month === month &&
      read.day === day &&
      read.hour === hour &&
      read.minute === minute
    ) {
      return candidate
    }
  }
  throw new RangeError(
    `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)} does not exist in ${BUSINESS_TIME_ZONE}`,
  )
}

/**
 * A Houston calendar day ("2026-11-28") as instants: from its midnight up to, not including,
 * the next day's midnight. A day is 23 or 25 hours long when the clocks change; midnight itself
 * always exists in Chicago (the clocks change at 2:00 AM).
 */
export function chicagoDayBounds(day: string): { start: Date; end: Date } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  const [year, month, date] = (match?.slice(1) ?? []).map(Number)
  if (year === undefined || month === undefined || date === undefined) {
    throw new RangeError(`Not a calendar day: ${day}`)
  }
  const check = new Date(Date.UTC(year, month - 1, date))
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) {
    throw new RangeError(`Not a calendar day: ${day}`)
  }
  const next = addDays({ year, month, day: date, weekday: check.getUTCDay() }, 1)
  return {
    start: chicagoWallTimeToInstant(year, month, date, 0, 0),
    end: chicagoWallTimeToInstant(next.year, next.month, next.day, 0, 0),
  }
}

/**
 * The delivery an order placed at `now` gets: Saturday 5:00 AM Chicago (the start of the
 * window, and how deliveryDate is stored). Before Wednesday 20:00 that is the coming Saturday;
 * from Wednesday 20:00 through all of Saturday it is the Saturday after.
 */
export function nextDeliveryDate(now: Date): Date {
  const today = chicagoParts(now)
  // on a Saturday the coming Saturday is next week's: its cut-off already passed
  const daysToSaturday = today.weekday === SATURDAY ? 7 : SATURDAY - today.weekday
  const coming = saturdayAt5(addDays(today, daysToSaturday))
  if (now.getTime() < orderCutoffFor(coming).getTime()) return coming
  return saturdayAt5(addDays(today, daysToSaturday + 7))
}

/** The Wednesday 20:00 Chicago before a delivery: orders from then on go to the next one. */
export function orderCutoffFor(delivery: Date): Date {
  const wednesday = addDays(deliverySaturday(delivery), -CUTOFF_DAYS_BEFORE_DELIVERY)
  return chicagoWallTimeToInstant(
    wednesday.year,
    wednesday.month,
    wednesday.day,
    ORDER_CUTOFF.hour,
    0,
  )
}

/**
 * After a failed capture, the customer may pay with another card until the Friday before the
 * delivery at 12:00 PM Chicago, when the shop packs (docs/product.md#order-payments).
 */
export function payAgainDeadlineFor(delivery: Date): Date {
  const friday = addDays(deliverySaturday(delivery), -1)
  return chicagoWallTimeToInstant(friday.year, friday.month, friday.day, 12, 0)
}

/**
 * An order's cut-off, for any stored delivery instant: a Saturday's is its Wednesday 20:00; a
 * delivery stored on another day (set by hand, or by an older version) counts as past its
 * cut-off from the delivery instant itself, so such an order is never editable by mistake.
 */
export function cutoffOfDelivery(delivery: Date): Date {
  try {
    return orderCutoffFor(delivery)
  } catch {
    return delivery
  }
}

/** payAgainDeadlineFor for any stored delivery instant (see cutoffOfDelivery). */
export function payAgainDeadlineOfDelivery(delivery: Date): Date {
  try {
    return payAgainDeadlineFor(delivery)
  } catch {
    return delivery
  }
}

/**
 * Until when an order still unpaid after its pay-again deadline (on hold) can be paid and
 * released: its delivery window opens at Saturday 05:00, the stored delivery instant, and a box
 * not packed by then is not delivered (docs/product.md#order-payments). A payment after that is
 * given back.
 */
export function packingClosesOfDelivery(delivery: Date): Date {
  return new Date(delivery.getTime())
}

/**
 * A formatter of instants in business time: the options choose the parts shown ("Nov 22, 2026",
 * "Wed 8:01 PM"); the zone is always the shop's. Pages and e-mails format times through this.
 */
export function businessDateTimeFormat(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone' | 'timeZoneName'>,
): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone: BUSINESS_TIME_ZONE })
}

/** "June 14, 2025": a calendar day ("2025-06-14") written out; no instant, so no zone. */
export function formatCalendarDay(text: string): string {
  const parsed = parseCalendarDay(text)
  if (!parsed) throw new RangeError(`Not a calendar day: ${text}`)
  return `${monthName(parsed.month)} ${parsed.day}, ${parsed.year}`
}

/** "Saturday, Nov 28" (the Chicago calendar day). */
export function formatDeliveryDate(delivery: Date): string {
  return shortDate(chicagoParts(delivery))
}

/** "Saturday, November 28, 2026" (the Chicago calendar day). */
export function formatDeliveryDateLong(delivery: Date): string {
  const { year, month, day, weekday } = chicagoParts(delivery)
  return `${weekdayName(weekday)}, ${monthName(month)} ${day}, ${year}`
}

/** "Wednesday, Nov 25 at 8:00 PM" (Chicago time). */
export function formatEditDeadline(deadline: Date): string {
  const parts = chicagoParts(deadline)
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12
  const meridiem = parts.hour < 12 ? 'AM' : 'PM'
  return `${shortDate(parts)} at ${hour12}:${pad(parts.minute)} ${meridiem}`
}

export interface TimeLeftToOrder {
  delivery: Date
  cutoff: Date
  /** Always more than zero: at the cut-off itself the next delivery is already the later one. */
  millisecondsLeft: number
}

/** The delivery an order placed now gets, and how long until its cut-off. */
export function timeLeftToOrder(now: Date): TimeLeftToOrder {
  const delivery = nextDeliveryDate(now)
  const cutoff = orderCutoffFor(delivery)
  return { delivery, cutoff, millisecondsLeft: cutoff.getTime() - now.getTime() }
}

/**
 * A short countdown, rounded down: "2 days 3 hours", "5 hours 12 minutes", "45 minutes",
 * "less than a minute". Days and hours from a day up, hours and minutes from an hour up; zero
 * parts are left out. Zero or less reads as "less than a minute".
 */
export function formatTimeLeft(milliseconds: number): string {
  if (Number.isNaN(milliseconds)) throw new RangeError('Not a duration: NaN')
  if (milliseconds < MINUTE) return 'less than a minute'
  if (!Number.isFinite(milliseconds)) throw new RangeError(`Not a duration: ${milliseconds}`)
  const days = Math.floor(milliseconds / DAY)
  const hours = Math.floor((milliseconds % DAY) / HOUR)
  const minutes = Math.floor((milliseconds % HOUR) / MINUTE)
  if (days > 0) return joinUnits([days, 'day'], [hours, 'hour'])
  if (hours > 0) return joinUnits([hours, 'hour'], [minutes, 'minute'])
  return joinUnits([minutes, 'minute'])
}

/** "Order within 1 day 4 hours for Saturday, Nov 28" (docs/product.md#delivery). */
export function cutoffMessage(now: Date): string {
  const { delivery, millisecondsLeft } = timeLeftToOrder(now)
  const within =
    millisecondsLeft < MINUTE
      ? 'within the next minute'
      : `within ${formatTimeLeft(millisecondsLeft)}`
  return `Order ${within} for ${formatDeliveryDate(delivery)}`
}

/*
 * The week's Saturdays as calendar days ("2026-11-28"), as the admin's week pages name them in
 * their addresses (docs/product.md#the-week).
 */

/** The Chicago calendar day of an instant, as "2026-11-28". */
export function chicagoDayOf(instant: Date): string {
  return dayText(chicagoParts(instant))
}

/**
 * The Saturday the shop is working towards at `now`: today on a Saturday, else the coming one.
 * From Wednesday's cut-off to Saturday it is the delivery being harvested and packed, not the
 * one new orders go to (nextDeliveryDate).
 */
export function comingSaturday(now: Date): string {
  const today = chicagoParts(now)
  return dayText(addDays(today, (SATURDAY - today.weekday + 7) % 7))
}

/** A calendar day moved by whole days: addDaysToDay("2026-11-28", 7) is "2026-12-05". */
export function addDaysToDay(day: string, days: number): string {
  const parsed = parseCalendarDay(day)
  if (!parsed) throw new RangeError(`Not a calendar day: ${day}`)
  return dayText(addDays(parsed, days))
}

/** The Saturday nearest to a calendar day (a week has an odd length: there is never a tie). */
export function nearestSaturday(day: string): string {
  const parsed = parseCalendarDay(day)
  if (!parsed) throw new RangeError(`Not a calendar day: ${day}`)
  const ahead = (SATURDAY - parsed.weekday + 7) % 7
  return dayText(addDays(parsed, ahead <= 3 ? ahead : ahead - 7))
}

/** The instant a Saturday's deliveries are stored at: its 5:00 AM in Chicago. */
export function deliveryOfSaturday(saturday: string): Date {
  const parsed = parseCalendarDay(saturday)
  if (parsed?.weekday !== SATURDAY) throw new RangeError(`Not a Saturday: ${saturday}`)
  return saturdayAt5(parsed)
}

export type SaturdayReading =
  | { readonly ok: true; readonly saturday: string }
  | { readonly ok: false; readonly message: string; readonly nearest?: string }

/**
 * A Saturday as written in an address: "2026-11-28" reads; another real day answers the
 * nearest Saturday in its message ("2026-11-26 is not a delivery Saturday; the nearest is
 * Saturday, November 28, 2026"); anything else asks for the format.
 */
export function readDeliverySaturday(text: string): SaturdayReading {
  const parsed = parseCalendarDay(text)
  if (!parsed) return { ok: false, message: 'Use a Saturday written like 2026-11-28' }
  if (parsed.weekday === SATURDAY) return { ok: true, saturday: text }
  const nearest = nearestSaturday(text)
  return {
    ok: false,
    nearest,
    message: `${text} is not a delivery Saturday; the nearest is ${formatDeliveryDateLong(deliveryOfSaturday(nearest))}`,
  }
}

/** "2026-11-28" as a calendar day, or undefined when it is not a real day from 2000 to 2100. */
function parseCalendarDay(text: string): CalendarDay | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return undefined
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  if (year < 2000 || year > 2100) return undefined
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined
  return { year, month, day, weekday: check.getUTCDay() }
}

function dayText({ year, month, day }: { year: number; month: number; day: number }): string {
  return `${year}-${pad(month)}-${pad(day)}`
}

interface CalendarDay {
  year: number
  month: number
  day: number
  weekday: number
}

/** Calendar arithmetic on a Chicago date, done in UTC where every day has 24 hours. */
function addDays(date: CalendarDay, days: number): CalendarDay {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
  return {
    year: moved.getUTCFullYear(),
    month: moved.getUTCMonth() + 1,
    day: moved.getUTCDate(),
    weekday: moved.getUTCDay(),
  }
}

function saturdayAt5(date: CalendarDay): Date {
  return chicagoWallTimeToInstant(date.year, date.month, date.day, DELIVERY_START_HOUR, 0)
}

/** The Chicago calendar day of a delivery, which must fall on a Saturday. */
function deliverySaturday(delivery: Date): CalendarDay {
  const parts = chicagoParts(delivery)
  if (parts.weekday !== SATURDAY) {
    throw new RangeError(
      `A delivery is on a Saturday in ${BUSINESS_TIME_ZONE}; ${delivery.toISOString()} is a ${weekdayName(parts.weekday)}`,
    )
  }
  return parts
}

function shortDate({ month, day, weekday }: CalendarDay): string {
  return `${weekdayName(weekday)}, ${monthName(month).slice(0, 3)} ${day}`
}

function joinUnits(...units: [count: number, unit: string][]): string {
  return units
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`)
    .join(' ')
}

function weekdayName(weekday: number): string {
  const name = WEEKDAYS[weekday]
  if (name === undefined) throw new RangeError(`Not a weekday: ${weekday}`)
  return name
}

function monthName(month: number): string {
  const name = MONTHS[month - 1]
  if (name === undefined) throw new RangeError(`Not a month: ${month}`)
  return name
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

function assertValidDate(instant: Date) {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Not a valid date: Invalid Date')
}
