import type { FastifyBaseLogger } from 'fastify'
import {
  chicagoDayOf,
  packingClosesOfDelivery,
  payAgainDeadlineOfDelivery,
} from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents, formatCents } from '#shared/domain/money.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import type { JobRuns } from '../../jobs/job-runs.ts'
import type { NoticeWithin } from './order-notices.ts'
import type { OrderSnapshots } from './order-snapshots.ts'
import type { OrderRow, OrdersRepo } from './orders.repo.ts'

/** the job runs' name of the hold (the Jobs tab lists it beside the cut-off) */
export const HOLD_JOB = 'hold_unpaid'

/** A Friday 12:00 deadline is 17 hours before its Saturday 05:00: every due order is this close. */
const DEADLINE_TO_DELIVERY_MS = 18 * 60 * 60_000
const BATCH = 200

/**
 * Orders still unpaid at their deadline to pay are put on hold (docs/product.md#order-payments):
 * neither packed, routed nor delivered until they are paid, released by the staff or cancelled.
 * The minute's tick runs `holdDue`, so a shop that was down at Friday noon holds them at its first
 * tick; each order is decided under its lock and its e-mail has a dedupe key, so a second tick or
 * process changes and sends nothing twice.
 */
export function createHolds({
  repo,
  transaction,
  now,
  notice,
  log,
  runs,
  snapshots,
}: {
  repo: OrdersRepo
  transaction: RunInTransaction
  now: () => Date
  notice: NoticeWithin
  log: FastifyBaseLogger
  runs: Pick<JobRuns, 'recordFinished'> | null
  snapshots: OrderSnapshots
}) {
  /** Whether the locked order is still unpaid past its deadline and not on its way. */
  const due = (order: OrderRow, at: Date) =>
    order.paymentStatus === 'payment_failed' &&
    (order.status === 'pending' || order.status === 'confirmed') &&
    order.deliveryStatus !== 'delivered' &&
    at >= payAgainDeadlineOfDelivery(order.deliveryDate)

  async function holdOne(orderId: string, at: Date): Promise<OrderRow | null> {
    return transaction(async (tx) => {
      const within = repo.within(tx)
      const order = await within.lock(orderId)
      // paid, cancelled or held by another process since the list was read
      if (!order || !due(order, at)) return null
      await within.update(order.id, { status: 'on_hold', heldAt: at, version: order.version + 1 })
      await within.addEvent({
        orderId: order.id,
        kind: 'held',
        actor: 'shop',
        summary: 'On hold: still unpaid at the deadline to pay, so not packed or delivered',
      })
      const payUntil = packingClosesOfDelivery(order.deliveryDate)
      const wire = await snapshots.wireWithin(tx, order.id)
      await notice(tx, wire, { kind: 'order_held', payUntil }, `order_held:${order.id}`)
      return order
    })
  }

  return {
    /** Every order whose deadline to pay has passed unpaid goes on hold; how many did now. */
    async holdDue(): Promise<number> {
      const at = now()
      const upTo = new Date(at.getTime() + DEADLINE_TO_DELIVERY_MS)
      const heldByDay = new Map<string, number>()
      let afterId: string | null = null
      for (;;) {
        const ids = await repo.unpaidToHold(upTo, afterId, BATCH)
        for (const orderId of ids) {
          try {
            const held = await holdOne(orderId, at)
            if (!held) continue
            const day = chicagoDayOf(held.deliveryDate)
            heldByDay.set(day, (heldByDay.get(day) ?? 0) + 1)
          } catch (error) {
            // one order that fails holds back no other; the next tick tries it again
            log.warn({ err: error, orderId }, 'an unpaid order could not be put on hold')
          }
        }
        const last = ids.at(-1)
        if (ids.length < BATCH || !last) break
        afterId = last
      }
      for (const [day, succeeded] of heldByDay) {
        await runs?.recordFinished({ job: HOLD_JOB, runKey: day, at, succeeded })
      }
      return [...heldByDay.values()].reduce((sum, count) => sum + count, 0)
    },

    /**
     * The staff let an order on hold out (docs/product.md#order-payments): paid outside the card
     * (cash, a bank transfer), so it reads paid for its total and goes back to confirmed, to be
     * packed and delivered. The caller checked it is on hold and holds its lock.
     */
    async markPaidWithin(
      tx: Transaction,
      orderId: string,
      { by, note }: { by: { id: string; email: string }; note: string },
    ) {
      const order = await snapshots.lockedRow(tx, orderId)
      const within = repo.within(tx)
      const total = decimalToCents(order.total)
      await within.update(order.id, {
        status: 'confirmed',
        heldAt: null,
        paymentStatus: 'captured',
        capturedAmount: centsToDecimal(total),
        capturedAt: now(),
        version: order.version + 1,
      })
      await within.addEvent({
        orderId: order.id,
        kind: 'released',
        actor: 'staff',
        actorEmail: by.email,
        summary: `Marked paid: ${note}`,
        newTotal: order.total,
      })
      await within.addEvent({
        orderId: order.id,
        kind: 'captured',
        actor: 'staff',
        actorEmail: by.email,
        summary: `Paid ${formatCents(total)} outside the card`,
        newTotal: order.total,
      })
    },
  }
}

export type Holds = ReturnType<typeof createHolds>
