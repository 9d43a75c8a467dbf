import { decimalToCents } from '#shared/domain/money.ts'
import type { Order } from '#shared/schemas/order.ts'
import {
  ORDER_CHANGE_MESSAGES,
  type OrderChangeValues,
  type PaymentRequired,
} from '#shared/schemas/order-changes.ts'
import { AppError } from '../../app-error.ts'
import type { Transaction } from '../../db/transaction.ts'
import type { OrderWithLines } from '../orders/index.ts'
import { conflict, lockedReason, type ChangeContext } from './change-context.ts'
import { describeDraft, draftOf, revisionOf, type Draft } from './drafts.ts'
import { askForPayment, payWithSavedCard, savedCardOf, stockLinesOf } from './paid-changes.ts'

/** Whether the draft would leave the order as it is: no line, total or detail changes. */
function changesNothing(draft: Draft, order: OrderWithLines): boolean {
  if (describeDraft(order.items, draft, order) !== '') return false
  return !draft.priced || draft.priced.totals.total === decimalToCents(order.total)
}

/** The coupon's use follows the new lines: its discount updated, or given back when dropped. */
async function followCoupon(ctx: ChangeContext, tx: Transaction, orderId: string, draft: Draft) {
  const priced = draft.priced
  if (!priced) return
  if (priced.couponDropped) await ctx.coupons.giveBackWithin(tx, orderId)
  else if (priced.coupon)
    await ctx.coupons.updateRedemptionWithin(tx, orderId, priced.totals.discount)
}

/**
 * The customer's change of their order until its cut-off (docs/product.md#order-changes): within
 * what the card authorised it is saved at once; above it, a payment of the new total is asked
 * for first. The order is judged again under its lock: a change racing the cut-off, another
 * tab or a cancellation is refused with the order as it stands.
 */
export async function changeOrder(
  ctx: ChangeContext,
  orderId: string,
  userId: string,
  input: OrderChangeValues,
): Promise<Order | PaymentRequired> {
  // the order as it is now: the change is priced from it, and judged again under its lock
  const current = await ctx.orders.findWithLines(orderId)
  if (!current || current.userId !== userId) throw new AppError('ORDER_NOT_FOUND')
  const early = await lockedReason(ctx, current)
  if (early) throw await conflict(ctx, early, orderId)
  if (current.version !== input.version) {
    throw await conflict(ctx, ORDER_CHANGE_MESSAGES.stale, orderId)
  }
  const draft = await draftOf(ctx, current, input)
  if (changesNothing(draft, current)) return ctx.orders.orderOf(orderId, userId)
  const newTotal = draft.priced?.totals.total ?? decimalToCents(current.total)
  if (newTotal > decimalToCents(current.authorizedAmount)) {
    // a saved card authorises the new total without the card form (docs/product.md#saved-cards)
    if (!input.paymentMethodId) return askForPayment(ctx, current, draft, 'change')
    const card = await savedCardOf(ctx, userId, input.paymentMethodId)
    return payWithSavedCard(ctx, current, draft, card)
  }
  await ctx.transaction(async (tx) => {
    const order = await ctx.orders.lockWithin(tx, orderId)
    if (!order) throw new AppError('ORDER_NOT_FOUND')
    const reason = await lockedReason(ctx, order, ctx.repo.within(tx))
    if (reason) throw await conflict(ctx, reason, orderId, tx)
    // another tab saved first: this change was made from an order that is gone
    if (order.version !== input.version) {
      throw await conflict(ctx, ORDER_CHANGE_MESSAGES.stale, orderId, tx)
    }
    if (draft.priced) {
      await ctx.stock.reserveWithin(tx, {
        saturday: order.deliveryDate,
        lines: draft.priced.lines,
        order: { id: orderId, lines: stockLinesOf(current) },
      })
    }
    await followCoupon(ctx, tx, orderId, draft)
    await ctx.orders.reviseWithin(tx, orderId, revisionOf(draft, order), {
      kind: 'customer',
      userId,
    })
  })
  // new lines may take or give back some of a limited product
  if (draft.priced) ctx.stock.changed()
  return ctx.orders.orderOf(orderId, userId)
}
