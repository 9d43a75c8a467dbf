import type { FastifyBaseLogger } from 'fastify'
import { mayUndoDelivered, UNDO_DELIVERED_MS } from '#shared/domain/delivered-undo.ts'
import { DELIVERY_STATUSES, type DeliveryStatus } from '#shared/schemas/order-status.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { AdminCaller } from '../../plugins/admin-guard.ts'
import type { NoticeWithin } from './order-notices.ts'
import { changeLockedStatusField } from './order-status-changes.ts'
import { toOrder } from './order-wire.ts'
import type { OrdersRepo } from './orders.repo.ts'

/** how many delivered orders the tick reads at a time */
const DELIVERED_EMAIL_BATCH = 100

/** What an undo of "delivered" found under the order's lock. */
export type UndoDelivered = 'undone' | 'not_delivered' | 'too_late' | 'on_hold'

/** A recorded delivery status to go back to; "out for delivery" when none was recorded. */
const statusToRestore = (recorded: string | undefined): DeliveryStatus =>
  DELIVERY_STATUSES.find((status) => status === recorded && status !== 'delivered') ??
  'out_for_delivery'

/**
 * Delivery day's changes of an order (docs/product.md#routes): out for delivery, delivered,
 * an undo within the window, and the customer's "delivered" e-mail once that window has passed
 * (docs/product.md#order-emails). Each is decided and written under the order's lock.
 */
export function createDeliveries({
  repo,
  transaction,
  now,
  notice,
  log,
}: {
  repo: OrdersRepo
  transaction: RunInTransaction
  now: () => Date
  notice: NoticeWithin
  log: FastifyBaseLogger
}) {
  const statusDeps = { repo, now, notice }

  /** Tells the customer of one delivery, if it is still delivered, untold and past its window. */
  async function tellDelivered(orderId: string, at: Date): Promise<void> {
    await transaction(async (tx) => {
      const within = repo.within(tx)
      const locked = await within.lock(orderId)
      // undone, moved, or told by another process since the list was read
      if (locked?.deliveryStatus !== 'delivered' || locked.deliveredEmailAt) return
      if (locked.status === 'cancelled' || mayUndoDelivered(locked.deliveredAt, at)) return
      const order = await within.findWhole(orderId)
      if (!order) return
      await notice(
        tx,
        { ...toOrder(order, at), userId: order.userId },
        { kind: 'delivered' },
        `delivered:${orderId}`,
      )
      await within.setDeliveredEmailAt(orderId, at)
    })
  }

  return {
    /**
     * The driver leaves with the order (docs/product.md#routes): "out for delivery" unless it is
     * delivered already, out already or cancelled, decided under the order's lock, so a stop
     * marked delivered at the same moment is never moved back. Asking again changes nothing.
     */
    async sendOutForDelivery(orderId: string, by: AdminCaller): Promise<void> {
      const found = await transaction(async (tx) => {
        const locked = await repo.within(tx).lock(orderId)
        if (!locked) return false
        const done = ['out_for_delivery', 'delivered'].includes(locked.deliveryStatus)
        // an order on hold is not paid: it stays at the shop (docs/product.md#order-payments)
        if (locked.status === 'cancelled' || locked.status === 'on_hold' || done) return true
        await changeLockedStatusField(
          statusDeps,
          tx,
          locked,
          { field: 'delivery_status', value: 'out_for_delivery' },
          by,
        )
        return true
      })
      if (!found) throw new AppError('ORDER_NOT_FOUND')
    },

    /**
     * The driver left the order at the door (docs/product.md#routes): "delivered" with the time
     * and the driver's note, decided and written under the order's lock, so an order cancelled at
     * the same moment is never marked delivered (nor its customer told). The first time and the
     * first note are kept: asking again changes nothing, but a note can join a time that has none.
     */
    async markDelivered(
      orderId: string,
      by: AdminCaller,
      note: string | null = null,
    ): Promise<'delivered' | 'cancelled' | 'on_hold'> {
      const outcome = await transaction(async (tx) => {
        const locked = await repo.within(tx).lock(orderId)
        if (!locked) return undefined
        if (locked.status === 'cancelled') return 'cancelled' as const
        if (locked.status === 'on_hold') return 'on_hold' as const
        if (locked.deliveryStatus !== 'delivered') {
          await changeLockedStatusField(
            statusDeps,
            tx,
            locked,
            { field: 'delivery_status', value: 'delivered' },
            by,
            note,
          )
        } else {
          await repo.within(tx).recordDelivered(locked, now(), note)
        }
        return 'delivered' as const
      })
      if (!outcome) throw new AppError('ORDER_NOT_FOUND')
      return outcome
    },

    /**
     * "Delivered" tapped on the wrong stop (docs/product.md#routes): within the undo window of
     * its delivered time, the order goes back to the delivery status it had before, without its
     * time and note, recorded like any status change. Decided under the order's lock, by the
     * shop's clock: after the window, or for an order that is not delivered, nothing changes.
     */
    async undoDelivered(orderId: string, by: AdminCaller): Promise<UndoDelivered> {
      const outcome = await transaction(async (tx) => {
        const within = repo.within(tx)
        const locked = await within.lock(orderId)
        if (!locked) return undefined
        if (locked.status === 'on_hold') return 'on_hold' as const
        if (locked.deliveryStatus !== 'delivered') return 'not_delivered' as const
        if (!mayUndoDelivered(locked.deliveredAt, now())) return 'too_late' as const
        const before = statusToRestore(await within.deliveryStatusBefore(orderId, 'delivered'))
        await changeLockedStatusField(
          statusDeps,
          tx,
          locked,
          { field: 'delivery_status', value: before },
          by,
        )
        return 'undone' as const
      })
      if (!outcome) throw new AppError('ORDER_NOT_FOUND')
      return outcome
    },

    /**
     * The minute's tick (docs/product.md#order-emails): every order still delivered whose undo
     * window has passed and whose customer has not been told gets its "delivered" e-mail through
     * the outbox, once (its dedupe key and the order's mark, both under the order's lock). A shop
     * that was down tells them at its first tick; a second process's tick adds nothing.
     */
    async sendDeliveredEmails(): Promise<void> {
      const at = now()
      const upTo = new Date(at.getTime() - UNDO_DELIVERED_MS)
      let afterId: string | null = null
      for (;;) {
        const ids = await repo.deliveredAwaitingEmail(upTo, afterId, DELIVERED_EMAIL_BATCH)
        for (const orderId of ids) {
          try {
            await tellDelivered(orderId, at)
          } catch (error) {
            // one order that fails holds back no other; the next tick tries it again
            log.warn({ err: error, orderId }, 'the delivered e-mail could not be written')
          }
        }
        const last = ids.at(-1)
        if (ids.length < DELIVERED_EMAIL_BATCH || !last) return
        afterId = last
      }
    },
  }
}
