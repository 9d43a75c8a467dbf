import { centsToDecimal, decimalToCents, formatCents } from '#shared/domain/money.ts'
import {
  SHORT_MESSAGES,
  SHORT_REASON_LABELS,
  type ItemShortPreview,
  type ItemShortResult,
  type ShortReason,
} from '#shared/schemas/shortfalls.ts'
import { AppError } from '../../app-error.ts'
import { chargedAlready, type ShortfallRow } from '../orders/index.ts'
import { refundsInFlight, type ChangeContext } from './change-context.ts'
import { operationKey } from './operation-keys.ts'
import type { PaymentOperationRow } from './order-money.repo.ts'

/**
 * Items short at packing (docs/product.md#refunds). Decided under the order's lock, the lock
 * the cut-off captures under, so a shortfall is either priced into the capture (the order's
 * totals lowered, nothing to refund) or refunded after it, never both and never neither. The
 * shortfall is stored under the staff's Idempotency-Key before any money moves; its refund,
 * a payment operation like any other, under a key made from it.
 */

const refundOf = (stored: PaymentOperationRow | undefined): ItemShortResult['refund'] =>
  stored && {
    id: stored.idempotencyKey,
    status: stored.status === 'processing' ? 'pending' : stored.status,
    amount: stored.amount,
  }

export async function previewShort(
  ctx: ChangeContext,
  orderId: string,
  itemId: string,
  quantity: number,
): Promise<ItemShortPreview> {
  const { amount, left } = await ctx.orders.previewShort(orderId, itemId, quantity)
  return { amount: centsToDecimal(amount), left }
}

/**
 * Takes `quantity` of a line off the order, once per Idempotency-Key: the same key again
 * answers the first shortfall (a retried request, a second click) and changes nothing.
 */
export async function shortItem(
  ctx: ChangeContext,
  orderId: string,
  itemId: string,
  input: { quantity: number; reason: ShortReason; idempotencyKey: string },
  by: { id: string; email: string },
): Promise<{ result: ItemShortResult; replayed: boolean }> {
  const decided = await ctx.transaction(async (tx) => {
    const order = await ctx.orders.lockRowWithin(tx, orderId)
    if (!order) throw new AppError('ORDER_NOT_FOUND')
    const earlier = await ctx.orders.shortfallByKeyWithin(tx, input.idempotencyKey)
    if (earlier) {
      if (earlier.orderId !== orderId || earlier.orderItemId !== itemId) {
        throw new AppError('ORDER_CONFLICT', { message: SHORT_MESSAGES.keyReused })
      }
      return { shortfall: earlier, replayed: true }
    }
    const charged = chargedAlready(order)
    const refundKey = charged ? operationKey.shortRefund(orderId, input.idempotencyKey) : null
    const { amount, shortfall, itemName } = await ctx.orders.shortItemWithin(tx, order, {
      itemId,
      quantity: input.quantity,
      reason: input.reason,
      key: input.idempotencyKey,
      refundKey,
      by,
    })
    if (!refundKey || amount === 0) return { shortfall, replayed: false }
    // refunded as the staff's refunds are: never more than is left of what was charged
    const within = ctx.repo.within(tx)
    const left =
      decimalToCents(order.capturedAmount) -
      decimalToCents(order.refundedAmount) -
      (await refundsInFlight(within, orderId))
    if (!order.currentPaymentId || amount > left) {
      throw new AppError('REFUND_REFUSED', {
        message: `Only ${formatCents(Math.max(left, 0))} is left to refund on this order`,
      })
    }
    await ctx.money.requestWithin(tx, {
      key: refundKey,
      orderId,
      kind: 'refund',
      paymentId: order.currentPaymentId,
      amount,
      reason: `Item short: ${input.quantity} × ${itemName} (${SHORT_REASON_LABELS[input.reason].toLowerCase()})`,
      requestedByEmail: by.email,
    })
    return { shortfall, replayed: false }
  })
  const result = await answerOf(ctx, decided.shortfall)
  return { result, replayed: decided.replayed }
}

async function answerOf(ctx: ChangeContext, shortfall: ShortfallRow): Promise<ItemShortResult> {
  const key = shortfall.refundOperationKey
  if (!key) return { amount: shortfall.amount }
  // a replay too: the first request may still be waiting for the provider's answer
  const done = await ctx.money.carryOutSoon(key)
  const refund = refundOf(done ?? (await ctx.repo.findOperation(key)))
  return { amount: shortfall.amount, ...(refund ? { refund } : {}) }
}
