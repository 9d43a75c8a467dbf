import { CalendarDaySchema } from '../schemas/dates.ts'
import { chicagoParts, chicagoWallTimeToInstant } from './delivery.ts'

/**
 * A Saturday written in a URL (`2026-11-28`) for the week's pages and calls
 * (docs/product.md#routes): a real calendar day that is a Saturday. Anything else is refused
 * with the nearest delivery Saturday named, so a person can correct the link.
 */

const DAY_MS = 24 * 60 * 60 * 1000
const SATURDAY = 6

export type DeliverySaturdayResult =
  { ok: true; saturday: string; deliveryDate: Date } | { ok: false; message: string }

const isoOf = (utcNoon: Date) => utcNoon.toISOString().slice(0, 10)

/** The Saturday closest to a calendar day (Tuesday and earlier go back, Wednesday on go forward). */
export function nearestSaturday(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`)
  const weekday = noon.getUTCDay()
  const back = (weekday + 1) % 7
  const forward = (SATURDAY - weekday + 7) % 7
  const shift = forward <= back ? forward : -back
  return isoOf(new Date(noon.getTime() + shift * DAY_MS))
}

/** The delivery window's start on that Saturday (5:00 AM in Houston), as orders store it. */
export function deliveryDateOfSaturday(saturday: string): Date {
  const [year, month, day] = saturday.split('-').map(Number)
  return chicagoWallTimeToInstant(year ?? 0, month ?? 0, day ?? 0, 5, 0)
}

export function parseDeliverySaturday(value: string): DeliverySaturdayResult {
  const parsed = CalendarDaySchema.safeParse(value)
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Use a date like 2026-11-28' }
  }
  const nearest = nearestSaturday(value)
  if (nearest !== value) {
    return {
      ok: false,
      message: `${value} is not a delivery day: deliveries are on Saturdays. The nearest is Saturday ${nearest}.`,
    }
  }
  return { ok: true, saturday: value, deliveryDate: deliveryDateOfSaturday(value) }
}

/**
 * The Saturday a driver works towards at `now`: today when it is Saturday in Houston, else the
 * coming one.
 */
export function currentDeliverySaturday(now: Date): string {
  const today = chicagoParts(now)
  const noon = new Date(Date.UTC(today.year, today.month - 1, today.day, 12))
  const ahead = (SATURDAY - today.weekday + 7) % 7
  return isoOf(new Date(noon.getTime() + ahead * DAY_MS))
}
