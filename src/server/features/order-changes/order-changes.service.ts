import type { Order, OrderRefund } from '#shared/schemas/order.ts'
import {
  ORDER_CHANGE_MESSAGES,
  type OrderChangeValues,
  type PaymentRequired,
} from '#shared/schemas/order-changes.ts'
import type { PaymentEvent } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { Cents } from '#shared/domain/money.ts'
import { cancelOrder, refundOrder } from './cancels-and-refunds.ts'
import { conflict, voidWithin, type ChangeContext } from './change-context.ts'
import { changeOrder } from './customer-changes.ts'
import { joinOrder, type JoinOutcome } from './joined-orders.ts'
import { applyPaid, askForPayment } from './paid-changes.ts'
import { handleOrderPaymentEvent } from './provider-events.ts'
import { previewShort, shortItem } from './short-items.ts'
import { createStaleSweep } from './stale-sweep.ts'

/**
 * An order's week after checkout (docs/product.md#order-changes), each step in a file of its
 * own: the customer's changes and cancellation until the cut-off, changes paid with a new
 * card, a payment after a failed capture, the staff's cancellations and refunds, the
 * provider's events and the minute's sweep.
 */
export function createOrderChangesService(ctx: ChangeContext) {
  return {
    change: (
      orderId: string,
      userId: string,
      input: OrderChangeValues,
    ): Promise<Order | PaymentRequired> => changeOrder(ctx, orderId, userId, input),

    /** A checkout's basket added to the customer's open order for its Saturday. */
    join: (
      orderId: string,
      userId: string,
      input: Parameters<typeof joinOrder>[3],
    ): Promise<JoinOutcome> => joinOrder(ctx, orderId, userId, input),

    /** After the card form: applies the change its payment was for, exactly once. */
    async completePayment(orderId: string, userId: string, paymentIntentId: string) {
      const change = await ctx.repo.findChangeByPayment(paymentIntentId)
      if (!change || change.orderId !== orderId || change.userId !== userId) {
        throw new AppError('PAYMENT_NOT_FOUND')
      }
      return applyPaid(ctx, change)
    },

    /** A new payment for an order whose capture failed: until Friday noon, then on hold until packing stops. */
    async payAgain(orderId: string, userId: string): Promise<PaymentRequired> {
      const order = await ctx.orders.findWithLines(orderId)
      if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND')
      const wire = await ctx.orders.orderOf(orderId, userId)
      if (order.status === 'cancelled' || order.paymentStatus !== 'payment_failed') {
        throw await conflict(ctx, ORDER_CHANGE_MESSAGES.notPayable, orderId)
      }
      if (!wire.payAgainUntil) {
        throw await conflict(ctx, ORDER_CHANGE_MESSAGES.payAgainClosed, orderId)
      }
      const unchanged = { priced: null, deliveryInfo: null, specialInstructions: undefined }
      return askForPayment(ctx, order, unchanged, 'pay_again')
    },

    async cancelByCustomer(orderId: string, userId: string): Promise<Order> {
      await cancelOrder(ctx, orderId, { kind: 'customer', userId })
      return ctx.orders.orderOf(orderId, userId)
    },

    async cancelByStaff(orderId: string, by: { id: string; email: string }) {
      await cancelOrder(ctx, orderId, { kind: 'staff', ...by })
      return ctx.orders.adminOrderOf(orderId)
    },

    /**
     * An order on hold marked paid outside the card by the staff (docs/product.md#order-payments):
     * it reads paid and confirmed again, and the declined card's hold is released. 409 for an
     * order that is not on hold.
     */
    async releaseByStaff(orderId: string, by: { id: string; email: string }, note: string) {
      const keys = await ctx.transaction(async (tx) => {
        const order = await ctx.orders.lockRowWithin(tx, orderId)
        if (!order) throw new AppError('ORDER_NOT_FOUND')
        if (order.status !== 'on_hold') {
          throw await conflict(ctx, ORDER_CHANGE_MESSAGES.notOnHold, orderId, tx)
        }
        await ctx.orders.markPaidWithin(tx, orderId, { by, note })
        const key = await voidWithin(ctx, tx, orderId, order.currentPaymentId)
        return key ? [key] : []
      })
      for (const key of keys) await ctx.money.carryOutSoon(key)
      return ctx.orders.adminOrderOf(orderId)
    },

    refund: (
      orderId: string,
      input: { amount: Cents; reason: string; idempotencyKey: string },
      by: { id: string; email: string },
    ): Promise<{ refund: OrderRefund; replayed: boolean }> => refundOrder(ctx, orderId, input, by),

    /** What an item short would take off the order, before the staff confirm it. */
    previewShort: (orderId: string, itemId: string, quantity: number) =>
      previewShort(ctx, orderId, itemId, quantity),

    /** An item short at packing: taken off before the capture, refunded after it. */
    shortItem: (
      orderId: string,
      itemId: string,
      input: Parameters<typeof shortItem>[3],
      by: { id: string; email: string },
    ) => shortItem(ctx, orderId, itemId, input, by),

    /** A provider's event about a payment that is no pending checkout's. */
    handleEvent: (event: PaymentEvent) => handleOrderPaymentEvent(ctx, event),

    /** Whose change a payment is for: the demo card form confirms only the owner's. */
    async ownerOf(paymentId: string): Promise<string | null> {
      return (await ctx.repo.findChangeByPayment(paymentId))?.userId ?? null
    },

    settleStale: createStaleSweep(ctx),
  }
}

export type OrderChangesService = ReturnType<typeof createOrderChangesService>
