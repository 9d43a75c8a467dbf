import { AppError } from '../../app-error.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import type { AdminCaller } from '../../plugins/admin-guard.ts'
import type { NoticeWithin } from './order-notices.ts'
import { toAdminOrder, toOrder } from './order-wire.ts'
import type { OrderRow, OrdersRepo, StatusFieldChange } from './orders.repo.ts'

/*
 * The staff's status changes of an order (docs/product.md#admin), recorded with who made them:
 * from the Orders tab, the packing table and the driver's taps.
 */

export const HOLD_MESSAGES = {
  notByHand: 'An order goes on hold by itself when it is unpaid at the deadline to pay.',
  held: 'This order is on hold, unpaid: mark it paid or cancel it.',
} as const

/**
 * The hold is the shop's to set and the staff's to lift through "Mark paid" or a cancel, so an
 * unpaid order is never packed or sent out by a status picked by hand
 * (docs/product.md#order-payments).
 */
function holdRefusal(locked: OrderRow, change: StatusFieldChange): string | null {
  if (change.field === 'status') {
    if (change.value === 'on_hold' && locked.status !== 'on_hold') return HOLD_MESSAGES.notByHand
    if (locked.status === 'on_hold' && change.value !== 'on_hold') return HOLD_MESSAGES.held
    return null
  }
  const leaving = change.value === 'out_for_delivery' || change.value === 'delivered'
  return locked.status === 'on_hold' && leaving ? HOLD_MESSAGES.held : null
}

/** A status change, recorded with who made it, on the order locked for it. */
export async function changeStatusField(
  {
    repo,
    transaction,
    now,
    notice,
  }: {
    repo: OrdersRepo
    transaction: RunInTransaction
    now: () => Date
    notice: NoticeWithin
  },
  orderId: string,
  change: StatusFieldChange,
  by: AdminCaller,
) {
  const order = await transaction(async (tx) => {
    const locked = await repo.within(tx).lock(orderId)
    if (!locked) return undefined
    const refusal = holdRefusal(locked, change)
    if (refusal) throw new AppError('ORDER_CONFLICT', { message: refusal })
    return changeLockedStatusField({ repo, now, notice }, tx, locked, change, by)
  })
  if (!order) throw new AppError('ORDER_NOT_FOUND')
  return toAdminOrder(order, now())
}

/**
 * A status change of an order locked in `tx`, recorded with who made it; the customer hears
 * at once when the box is on its way, once. That it arrived is told by the minute's tick once
 * the undo window has passed (order-deliveries.ts), so an undone "delivered" is never told.
 */
export async function changeLockedStatusField(
  {
    repo,
    now,
    notice,
  }: {
    repo: OrdersRepo
    now: () => Date
    notice: NoticeWithin
  },
  tx: Transaction,
  locked: OrderRow,
  change: StatusFieldChange,
  by: AdminCaller,
  deliveryNote: string | null = null,
) {
  const orderId = locked.id
  const within = repo.within(tx)
  const changed = await within.changeStatusField(locked, change, by)
  if (!changed || change.field !== 'delivery_status') return changed
  // the delivered time is the first "delivered", from a driver's tap or the Orders tab; an
  // order moved back from "delivered" (an undo, or the Orders tab) has no delivered time
  if (change.value === 'delivered') await within.recordDelivered(locked, now(), deliveryNote)
  else if (locked.deliveryStatus === 'delivered') await within.clearDelivered(orderId)
  if (change.value === 'out_for_delivery' && locked.deliveryStatus !== change.value) {
    const wire = { ...toOrder(changed, now()), userId: changed.userId }
    await notice(tx, wire, { kind: change.value }, `${change.value}:${orderId}`)
  }
  return changed
}
