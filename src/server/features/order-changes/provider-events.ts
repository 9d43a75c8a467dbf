import { holdLapsed, type PaymentEvent } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { OrderRow } from '../orders/index.ts'
import { captureOf, type ChangeContext } from './change-context.ts'
import { HOLD_EXPIRED } from './operation-outcomes.ts'
import { applyPaid } from './paid-changes.ts'

/**
 * The provider's events about the payments of orders (docs/product.md#order-payments): a
 * change's payment authorised (applied at once, without the browser), a hold the provider
 * cancelled or let lapse, a capture that failed, a refund the bank answered late. Events may
 * come twice, late or out of order: each is judged by what the provider says now.
 */

/** An order's own payment moved at the provider: the order follows what the payment is. */
async function settleOrderPayment(ctx: ChangeContext, order: OrderRow, paymentId: string) {
  if (order.status === 'cancelled') return
  const capture = await captureOf(ctx, order)
  // the cut-off's capture is stored: carrying it out reads the payment and settles the order
  if (capture && (capture.status === 'pending' || capture.status === 'processing')) {
    await ctx.money.carryOut(capture.idempotencyKey)
    return
  }
  if (order.paymentStatus !== 'authorized' || capture) return
  const payment = await ctx.provider.retrievePayment(paymentId)
  if (!payment || !holdLapsed(payment, ctx.now())) return
  await ctx.transaction((tx) =>
    ctx.orders.recordPaymentWithin(tx, order.id, {
      kind: 'hold_lost',
      why:
        payment.status === 'canceled'
          ? 'the bank or the payment provider cancelled it'
          : HOLD_EXPIRED,
    }),
  )
}

/** A refund the bank answered: its operation reads the refund back and records the outcome. */
async function settleRefund(ctx: ChangeContext, refundId: string) {
  const operation = await ctx.repo.operationOfRefund(refundId)
  if (operation?.status === 'processing') await ctx.money.carryOut(operation.idempotencyKey)
}

export async function handleOrderPaymentEvent(
  ctx: ChangeContext,
  event: PaymentEvent,
): Promise<void> {
  if (event.type === 'ignored') return
  if (event.type === 'refund_updated') return settleRefund(ctx, event.refundId)
  const change = await ctx.repo.findChangeByPayment(event.paymentId)
  if (change?.status === 'pending') {
    if (event.type === 'succeeded') {
      try {
        await applyPaid(ctx, change)
      } catch (error) {
        // not paid after all, or refused (the order moved on): the event is acknowledged
        if (error instanceof AppError && error.status < 500) return
        throw error
      }
    } else if (event.type === 'canceled') {
      await ctx.repo.closeChange(change.id, 'abandoned')
    }
    return
  }
  // a change's payment, once applied, is its order's current payment
  const order = await ctx.orders.byCurrentPayment(event.paymentId, change?.orderId)
  if (order && event.type !== 'refunded') await settleOrderPayment(ctx, order, event.paymentId)
}
