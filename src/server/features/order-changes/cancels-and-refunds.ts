import { decimalToCents, formatCents, type Cents } from '#shared/domain/money.ts'
import type { OrderRefund } from '#shared/schemas/order.ts'
import { ORDER_CHANGE_MESSAGES } from '#shared/schemas/order-changes.ts'
import type { PaymentState } from '#shared/schemas/order-status.ts'
import { AppError } from '../../app-error.ts'
import type { Transaction } from '../../db/transaction.ts'
import type { CancelMoney, OrderRow } from '../orders/index.ts'
import {
  captureOf,
  conflict,
  lockedReason,
  refundsInFlight,
  voidWithin,
  type Actor,
  type ChangeContext,
} from './change-context.ts'
import { operationKey } from './operation-keys.ts'
import type { PaymentOperationRow } from './order-money.repo.ts'

/**
 * Cancellations and refunds (docs/product.md#order-payments). A cancellation is decided under
 * the order's lock, the same lock the cut-off captures under: before the capture the hold is
 * released, after it everything not yet refunded goes back, and while the capture is in flight
 * the cancellation waits (409) rather than guess. A cancelled order never keeps money.
 */

interface MoneyDecision {
  readonly paymentStatus: PaymentState
  readonly money: CancelMoney
  /** the void or refund stored for it, to carry out once the cancellation commits */
  readonly operations: string[]
}

/**
 * What cancelling does with the money of an order locked in `tx`, its operations stored: a
 * hold (or the hold a declined capture left) is released, money taken is refunded in full.
 */
async function settleMoneyOnCancel(
  ctx: ChangeContext,
  tx: Transaction,
  order: OrderRow,
  by: Actor,
): Promise<MoneyDecision> {
  const paymentId = order.currentPaymentId
  if (order.paymentStatus === 'authorized' || order.paymentStatus === 'payment_failed') {
    const key = await voidWithin(ctx, tx, order.id, paymentId)
    return {
      paymentStatus: 'voided',
      money:
        order.paymentStatus === 'authorized'
          ? { kind: 'hold_released', amount: decimalToCents(order.authorizedAmount) }
          : { kind: 'not_charged' },
      operations: key ? [key] : [],
    }
  }
  const refunded = decimalToCents(order.refundedAmount)
  const left =
    decimalToCents(order.capturedAmount) -
    refunded -
    (await refundsInFlight(ctx.repo.within(tx), order.id))
  if (left <= 0 || !paymentId) {
    return {
      paymentStatus: order.paymentStatus,
      money:
        refunded > 0 ? { kind: 'refunded_already', amount: refunded } : { kind: 'not_charged' },
      operations: [],
    }
  }
  const key = operationKey.cancelRefund(order.id)
  await ctx.money.requestWithin(tx, {
    key,
    orderId: order.id,
    kind: 'refund',
    paymentId,
    amount: left,
    reason: 'Order cancelled',
    ...(by.kind === 'staff' ? { requestedByEmail: by.email } : {}),
  })
  return {
    paymentStatus: order.paymentStatus,
    money: { kind: 'refunding', amount: left },
    operations: [key],
  }
}

/** Cancels the order for its customer or the staff; the keys of the money operations stored. */
async function cancelWithin(
  ctx: ChangeContext,
  tx: Transaction,
  orderId: string,
  by: Actor,
): Promise<string[]> {
  const order = await ctx.orders.lockRowWithin(tx, orderId)
  if (!order || (by.kind === 'customer' && order.userId !== by.userId)) {
    throw new AppError('ORDER_NOT_FOUND')
  }
  if (by.kind === 'customer') {
    const reason = await lockedReason(ctx, order, ctx.repo.within(tx))
    if (reason) throw await conflict(ctx, reason, orderId, tx)
  } else if (order.status === 'cancelled') {
    throw await conflict(ctx, ORDER_CHANGE_MESSAGES.cancelled, orderId, tx)
  }
  // the cut-off's capture is stored and not yet answered: its outcome decides what to give back
  const capture = await captureOf(ctx, order, ctx.repo.within(tx))
  if (capture?.status === 'pending' && order.paymentStatus === 'authorized') {
    throw await conflict(ctx, ORDER_CHANGE_MESSAGES.beingCharged, orderId, tx)
  }
  const decision = await settleMoneyOnCancel(ctx, tx, order, by)
  await ctx.orders.cancelWithin(tx, orderId, {
    by,
    paymentStatus: decision.paymentStatus,
    money: decision.money,
  })
  await ctx.coupons.giveBackWithin(tx, orderId)
  return decision.operations
}

export async function cancelOrder(ctx: ChangeContext, orderId: string, by: Actor): Promise<void> {
  const keys = await ctx.transaction((tx) => cancelWithin(ctx, tx, orderId, by))
  // what it held of a limited product is left again (docs/product.md#weekly-quantities); a cancel
  // is rare, and asking which of its lines are limited would cost a connection per cancel
  ctx.stock.changed()
  for (const key of keys) await ctx.money.carryOutSoon(key)
}

const toRefundView = (stored: PaymentOperationRow): OrderRefund => ({
  id: stored.idempotencyKey,
  amount: stored.amount,
  reason: stored.reason ?? '',
  status: stored.status === 'processing' ? 'pending' : stored.status,
  createdAt: stored.createdAt.toISOString(),
})

const badAmount = (message: string) =>
  new AppError('BAD_REQUEST', { message, fields: { amount: message } })

/**
 * Part of a captured order given back, never more than is left, once per Idempotency-Key: the
 * same key with the same amount and reason answers the first refund again (a retried request,
 * a second click); with another body it is a 409 (docs/product.md#order-payments).
 */
export async function refundOrder(
  ctx: ChangeContext,
  orderId: string,
  input: { amount: Cents; reason: string; idempotencyKey: string },
  by: { id: string; email: string },
): Promise<{ refund: OrderRefund; replayed: boolean }> {
  if (input.amount <= 0) throw badAmount('Please enter an amount above $0.00')
  const key = operationKey.staffRefund(orderId, input.idempotencyKey)
  const first = await ctx.transaction(async (tx) => {
    const within = ctx.repo.within(tx)
    const order = await ctx.orders.lockRowWithin(tx, orderId)
    if (!order) throw new AppError('ORDER_NOT_FOUND')
    const earlier = await within.findOperation(key)
    if (earlier) {
      const same =
        decimalToCents(earlier.amount) === input.amount && earlier.reason === input.reason
      if (!same)
        throw new AppError('ORDER_CONFLICT', { message: ORDER_CHANGE_MESSAGES.refundKeyReused })
      return earlier
    }
    const captured = decimalToCents(order.capturedAmount)
    if (order.paymentStatus === 'authorized' || captured === 0 || !order.currentPaymentId) {
      throw new AppError('REFUND_REFUSED', { message: ORDER_CHANGE_MESSAGES.refundBeforeCapture })
    }
    const left =
      captured - decimalToCents(order.refundedAmount) - (await refundsInFlight(within, orderId))
    if (input.amount > left) {
      throw badAmount(ORDER_CHANGE_MESSAGES.refundTooLarge(formatCents(Math.max(left, 0))))
    }
    await ctx.money.requestWithin(tx, {
      key,
      orderId,
      kind: 'refund',
      paymentId: order.currentPaymentId,
      amount: input.amount,
      reason: input.reason,
      requestedByEmail: by.email,
    })
    return null
  })
  const done = await ctx.money.carryOutSoon(key)
  const stored = done ?? first ?? (await ctx.repo.findOperation(key))
  if (!stored) throw new Error('refund vanished')
  return { refund: toRefundView(stored), replayed: first !== null }
}
