import {
  addDaysToDay,
  chicagoDayBounds,
  chicagoDayOf,
  nextDeliveryDate,
  cutoffOfDelivery,
  deliveryOfSaturday,
  readDeliverySaturday,
} from './delivery.ts'

/**
 * A subscription's Saturdays (docs/product.md#subscriptions): every week or every other week from
 * its first Saturday, less the weeks skipped, the weeks before a pause ends, and the weeks after
 * a cancellation took effect. A Saturday's week opens on the Sunday before it at 00:00 in Houston
 * (its order is made then) and closes at its cut-off, the Wednesday 20:00 before it; until then
 * the customer may change or skip it. Shared by the server and the subscription pages.
 */

export const SUBSCRIPTION_FREQUENCIES = [1, 2] as const
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number]

export interface SubscriptionPlan {
  readonly firstSaturday: string
  readonly frequencyWeeks: SubscriptionFrequency
  readonly skipped: readonly string[]
  /** no order for a Saturday from `pausedFrom` (the first still open when paused) before this day */
  readonly pausedUntil: string | null
  readonly pausedFrom: string | null
  /** the last Saturday a cancelled subscription still delivers (its week was open), or null */
  readonly cancelled: { readonly lastSaturday: string | null } | null
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days from one calendar day to another (both as "2026-11-28"). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** Whether a Saturday is one of the plan's weeks, before skips, pauses and cancellation. */
export function isScheduledSaturday(
  plan: Pick<SubscriptionPlan, 'firstSaturday' | 'frequencyWeeks'>,
  saturday: string,
): boolean {
  if (!readDeliverySaturday(saturday).ok) return false
  const days = daysBetween(plan.firstSaturday, saturday)
  return days >= 0 && days % (7 * plan.frequencyWeeks) === 0
}

/** The instant a Saturday's week opens: the Sunday before it, 00:00 in Houston. */
export function weekOpensAt(saturday: string): Date {
  return chicagoDayBounds(addDaysToDay(saturday, -6)).start
}

/** The instant a Saturday's orders close: its cut-off, the Wednesday 20:00 before it. */
export function weekClosesAt(saturday: string): Date {
  return cutoffOfDelivery(deliveryOfSaturday(saturday))
}

/** Whether a Saturday can still be changed or skipped at `now` (before its cut-off). */
export function isBeforeCutoff(saturday: string, now: Date): boolean {
  return now.getTime() < weekClosesAt(saturday).getTime()
}

/** Whether the plan delivers on a Saturday (scheduled, not skipped, not paused, not ended). */
export function deliversOn(plan: SubscriptionPlan, saturday: string): boolean {
  if (!isScheduledSaturday(plan, saturday)) return false
  if (plan.skipped.includes(saturday)) return false
  if (isPausedOn(plan, saturday)) return false
  if (plan.cancelled) {
    return plan.cancelled.lastSaturday !== null && saturday <= plan.cancelled.lastSaturday
  }
  return true
}

function isPausedOn(plan: SubscriptionPlan, saturday: string): boolean {
  if (!plan.pausedUntil || saturday >= plan.pausedUntil) return false
  return !plan.pausedFrom || saturday >= plan.pausedFrom
}

/** The first Saturday whose cut-off has not passed at `now`: the earliest a change can reach. */
export function firstOpenSaturday(now: Date): string {
  return chicagoDayOf(nextDeliveryDate(now))
}

/**
 * The plan's scheduled Saturdays whose cut-off has not passed at `now`, soonest first, skipped
 * and paused ones among them (a page lists them to skip or unskip).
 */
export function comingScheduledSaturdays(
  plan: Pick<SubscriptionPlan, 'firstSaturday' | 'frequencyWeeks'>,
  now: Date,
  count: number,
): string[] {
  const saturdays: string[] = []
  let saturday = plan.firstSaturday
  // the first scheduled Saturday on or after today
  const today = chicagoDayOf(now)
  if (saturday < today) {
    const step = 7 * plan.frequencyWeeks
    saturday = addDaysToDay(saturday, Math.ceil(daysBetween(saturday, today) / step) * step)
  }
  while (saturdays.length < count) {
    if (isBeforeCutoff(saturday, now)) saturdays.push(saturday)
    saturday = addDaysToDay(saturday, 7 * plan.frequencyWeeks)
  }
  return saturdays
}

/** The next Saturday the plan delivers whose cut-off has not passed, or null when none will. */
export function nextDeliverySaturday(plan: SubscriptionPlan, now: Date): string | null {
  if (plan.cancelled) {
    const last = plan.cancelled.lastSaturday
    return last && deliversOn(plan, last) && isBeforeCutoff(last, now) ? last : null
  }
  // skips are finite, so a delivering Saturday comes within them and the pause
  const horizon = plan.skipped.length + 2 + pauseWeeks(plan, now)
  return (
    comingScheduledSaturdays(plan, now, horizon).find((saturday) => deliversOn(plan, saturday)) ??
    null
  )
}

function pauseWeeks(plan: SubscriptionPlan, now: Date): number {
  if (!plan.pausedUntil) return 0
  const days = daysBetween(chicagoDayOf(now), plan.pausedUntil)
  return Math.max(0, Math.ceil(days / (7 * plan.frequencyWeeks)))
}
