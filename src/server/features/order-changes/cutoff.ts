import type pg from 'pg'
import { chicagoDayOf, cutoffOfDelivery } from '#shared/domain/delivery.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { JobRuns } from '../../jobs/job-runs.ts'
import type { ChangeContext } from './change-context.ts'
import { operationKey } from './operation-keys.ts'

export const CUTOFF_JOB = 'cutoff'

/** Any fixed number, shared by every app process: one cut-off run at a time. */
const CUTOFF_LOCK_KEY = 4_242_017

/** Wednesday 20:00 to Saturday 05:00 is 57 hours, 56 or 58 across a clock change. */
const CUTOFF_TO_DELIVERY_MS = 58 * 60 * 60_000
const BATCH = 200
/**
 * Captures in flight at once. A capture waits mostly on the provider (a Stripe call takes a few
 * hundred milliseconds), so a few at a time make a busy week's cut-off minutes rather than an
 * hour, well inside Stripe's rate limit (25 calls a second in test mode, 100 live).
 */
const CAPTURES_AT_ONCE = 4

export type CaptureOutcome = 'captured' | 'failed' | 'deferred' | 'skipped'

/**
 * The cut-off (docs/product.md#cut-off): at each Wednesday 20:00 the orders of that Saturday
 * are locked for their customers and their cards captured for their totals then. It runs on
 * every tick of the job queue and does whatever is due, so a shop that was down over the
 * cut-off captures when it is back; a capture already made is never made again (its
 * operation's key), and one process at a time runs it (an advisory lock). Every authorised
 * order is tried: whether its hold lapsed is the provider's to say, never the shop's count of
 * days (docs/product.md#order-payments).
 */
export function createCutoff(ctx: ChangeContext & { pool: pg.Pool; runs: JobRuns }) {
  const { runs, transaction, money, log, now } = ctx

  /** Captures one order; an order no longer authorised (cancelled, captured) is skipped. */
  async function captureOrder(orderId: string): Promise<CaptureOutcome> {
    const key = await transaction(async (tx) => {
      const order = await ctx.orders.lockRowWithin(tx, orderId)
      if (!order || order.status === 'cancelled' || order.paymentStatus !== 'authorized') {
        return null
      }
      if (!order.currentPaymentId) return null
      const total = decimalToCents(order.total)
      const authorized = decimalToCents(order.authorizedAmount)
      if (total > authorized) {
        log.error(
          { orderId, total, authorized },
          'an order above its authorization: capturing what was authorized',
        )
      }
      const captureKey = operationKey.capture(order.currentPaymentId)
      await money.requestWithin(tx, {
        key: captureKey,
        orderId: order.id,
        kind: 'capture',
        paymentId: order.currentPaymentId,
        amount: Math.min(total, authorized),
      })
      return captureKey
    })
    if (key === null) return 'skipped'
    const done = await money.carryOutSoon(key)
    if (!done || done.status === 'pending') return 'deferred'
    return done.status === 'succeeded' ? 'captured' : 'failed'
  }

  async function runDelivery(delivery: Date) {
    const run = await runs.start({
      job: CUTOFF_JOB,
      runKey: chicagoDayOf(delivery),
      startedAt: now(),
    })
    const counts = { captured: 0, failed: 0, deferred: 0 }
    try {
      let after: string | null = null
      for (;;) {
        const batch = await ctx.orders.idsAwaitingCapture(delivery, after, BATCH)
        if (batch.length === 0) break
        await eachAtMost(batch, CAPTURES_AT_ONCE, async (id) => {
          const outcome = await captureOrder(id)
          if (outcome === 'captured') counts.captured++
          else if (outcome === 'failed') counts.failed++
          else if (outcome === 'deferred') counts.deferred++
        })
        after = batch[batch.length - 1] ?? null
      }
      await runs.finish(run.id, {
        status: 'finished',
        finishedAt: now(),
        succeeded: counts.captured,
        failed: counts.failed,
        detail: counts.deferred
          ? `${counts.deferred} capture(s) waiting for the payment provider: retried on the next run`
          : null,
      })
    } catch (error) {
      await runs.finish(run.id, {
        status: 'failed',
        finishedAt: now(),
        succeeded: counts.captured,
        failed: counts.failed,
        detail: error instanceof Error ? error.message : String(error),
      })
      throw error
    }
    log.info({ delivery: chicagoDayOf(delivery), ...counts }, 'cut-off run finished')
    return counts
  }

  /** Every delivery whose cut-off has passed and that still has authorised orders. */
  async function runDue(): Promise<{ deliveries: number; captured: number; failed: number }> {
    const client = await ctx.pool.connect()
    const totals = { deliveries: 0, captured: 0, failed: 0 }
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [CUTOFF_LOCK_KEY],
      )
      // another process is running it: that run does what is due
      if (!rows[0]?.locked) return totals
      try {
        const at = now()
        const candidates = await ctx.orders.deliveriesAwaitingCapture(
          new Date(at.getTime() + CUTOFF_TO_DELIVERY_MS),
        )
        for (const delivery of candidates) {
          if (cutoffOfDelivery(delivery) > at) continue
          const counts = await runDelivery(delivery)
          totals.deliveries++
          totals.captured += counts.captured
          totals.failed += counts.failed
        }
      } finally {
        await client.query('select pg_advisory_unlock($1)', [CUTOFF_LOCK_KEY])
      }
    } finally {
      client.release()
    }
    return totals
  }

  return { runDue, captureOrder }
}

export type Cutoff = ReturnType<typeof createCutoff>

/** `work` for every item, at most `atOnce` at a time; the first failure stops new work. */
async function eachAtMost<T>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  let failed = false
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T
      try {
        await work(item)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  // every lane ends before this returns (the run's counts and its lock stay true), then the
  // first failure is thrown
  const lanes = await Promise.allSettled(
    Array.from({ length: Math.min(atOnce, items.length) }, lane),
  )
  const failure = lanes.find((settled) => settled.status === 'rejected')
  if (failure) throw failure.reason
}
