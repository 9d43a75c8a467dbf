import { packingClosesOfDelivery } from '#shared/domain/delivery.ts'
import { AppError } from '../../app-error.ts'
import { voidWithin, type ChangeContext } from './change-context.ts'
import type { OrderChangeRow } from './order-money.repo.ts'
import { applyPaid, chargeSavedCard } from './paid-changes.ts'

/** a change's payment is looked up at the provider after this long (a missed event) */
const RECONCILE_AFTER_MS = 2 * 60_000
/** a change left unpaid this long is dropped and its payment cancelled */
const ABANDONED_AFTER_MS = 60 * 60_000
/** a refund the bank has not answered is asked about again after this long */
const ASK_AGAIN_AFTER_MS = 60 * 60_000
const BATCH = 100

/**
 * The minute's safety net behind the provider's events (docs/product.md#order-changes):
 * changes whose payment went through get applied, those unpaid for an hour are dropped with
 * their payment cancelled, payments after a failed capture are cancelled at the provider once
 * packing has stopped, and refunds the bank has not answered are asked about.
 * Safe on every process at once: each step is decided under its row's lock.
 */
export function createStaleSweep(ctx: ChangeContext) {
  /** Applies the change if its payment went through; false when it did not (or it closed). */
  async function appliedIfPaid(change: OrderChangeRow): Promise<boolean> {
    try {
      await applyPaid(ctx, change)
      return true
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return false
      throw error
    }
  }

  /** Drops a pending change and cancels its payment at the provider. */
  async function drop(change: OrderChangeRow) {
    const key = await ctx.transaction(async (tx) => {
      const locked = await ctx.repo.within(tx).lockChange(change.id)
      if (!locked || locked.status !== 'pending') return null
      await ctx.repo.within(tx).closeChange(change.id, 'abandoned')
      return voidWithin(ctx, tx, locked.orderId, locked.paymentIntentId)
    })
    if (key) await ctx.money.carryOutSoon(key)
  }

  /**
   * A saved card's charge whose answer was lost (docs/product.md#saved-cards): asked again under
   * the change's own key, the provider answers the payment it made (or makes it now), and the
   * change carries on like any other.
   */
  async function withSavedCardPayment(change: OrderChangeRow): Promise<OrderChangeRow> {
    if (!change.savedCardId || !change.paymentIntentId.startsWith('awaiting_payment_')) {
      return change
    }
    const customer = await ctx.cards.existingCustomer(change.userId)
    const order = await ctx.orders.findWithLines(change.orderId)
    if (!customer || !order) return change
    const result = await chargeSavedCard(ctx, change, order, customer)
    const paymentId =
      result.status === 'error' ? null : 'payment' in result ? result.payment.id : result.paymentId
    if (!paymentId) return change
    await ctx.repo.attachChangePayment(change.id, paymentId)
    return { ...change, paymentIntentId: paymentId }
  }

  async function settleChanges(at: number) {
    const stale = await ctx.repo.staleChanges(new Date(at - RECONCILE_AFTER_MS), BATCH)
    for (const found of stale) {
      const change = await withSavedCardPayment(found)
      if (await appliedIfPaid(change)) continue
      if (change.createdAt.getTime() <= at - ABANDONED_AFTER_MS) await drop(change)
    }
  }

  /** Once packing stops, no payment kept open can still be taken for the order. */
  async function closeLatePayAgains(at: number) {
    for (const change of await ctx.repo.pendingPayAgains(BATCH)) {
      const order = await ctx.orders.findWithLines(change.orderId)
      // an order on hold may be paid until packing stops (docs/product.md#order-payments)
      if (order && at < packingClosesOfDelivery(order.deliveryDate).getTime()) continue
      // paid meanwhile: applying refuses it and refunds what was taken
      if (await appliedIfPaid(change)) continue
      await drop(change)
    }
  }

  async function askAboutRefunds(at: number) {
    const waiting = await ctx.repo.processingRefunds(new Date(at - ASK_AGAIN_AFTER_MS), BATCH)
    for (const refund of waiting) await ctx.money.carryOutSoon(refund.idempotencyKey)
  }

  return async function settleStale(): Promise<void> {
    const at = ctx.now().getTime()
    await closeLatePayAgains(at)
    await settleChanges(at)
    await askAboutRefunds(at)
  }
}
