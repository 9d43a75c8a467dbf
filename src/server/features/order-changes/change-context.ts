import type { FastifyBaseLogger } from 'fastify'
import { cutoffOfDelivery, formatEditDeadline } from '#shared/domain/delivery.ts'
import { decimalToCents, sumCents, type Cents } from '#shared/domain/money.ts'
import { ORDER_CHANGE_MESSAGES } from '#shared/schemas/order-changes.ts'
import type { PaymentProvider } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import type { CouponsService } from '../coupons/index.ts'
import type { OrderRow, OrdersService } from '../orders/index.ts'
import type { QuoteBasket } from '../quote/index.ts'
import type { MoneyOperations } from './money-operations.ts'
import { operationKey } from './operation-keys.ts'
import type { OrderMoneyRepo } from './order-money.repo.ts'
import type { WeeklyStock } from '../weekly-stock/index.ts'

/** What every part of an order's week after checkout is built from. */
export interface ChangeContext {
  repo: OrderMoneyRepo
  transaction: RunInTransaction
  orders: Pick<
    OrdersService,
    | 'orderOf'
    | 'wireOf'
    | 'adminOrderOf'
    | 'findWithLines'
    | 'byCurrentPayment'
    | 'lockWithin'
    | 'lockRowWithin'
    | 'reviseWithin'
    | 'recordPaymentWithin'
    | 'cancelWithin'
    | 'markPaidWithin'
    | 'deliveriesAwaitingCapture'
    | 'idsAwaitingCapture'
    | 'previewShort'
    | 'shortItemWithin'
    | 'shortfallByKeyWithin'
  >
  quote: QuoteBasket
  coupons: Pick<CouponsService, 'updateRedemptionWithin' | 'giveBackWithin'>
  /** what a change raises of a limited product is checked against what is left */
  stock: Pick<WeeklyStock, 'reserveWithin' | 'lockWithin' | 'anyLimited' | 'changed'>
  provider: PaymentProvider
  /** saved cards (docs/product.md#saved-cards): the customer's card, when it is theirs */
  cards: {
    customerOfCard(userId: string, cardId: string): Promise<string | null>
    existingCustomer(userId: string): Promise<string | null>
  }
  money: MoneyOperations
  log: FastifyBaseLogger
  now: () => Date
}

/** Who asks: the customer (their own orders only) or a member of staff. */
export type Actor =
  | { readonly kind: 'customer'; readonly userId: string }
  | { readonly kind: 'staff'; readonly id: string; readonly email: string }

/**
 * A 409 with the order as it stands, for the page to show; inside a transaction, read through
 * it (a second connection per refused request could drain the pool under a burst).
 */
export const conflict = async (
  ctx: ChangeContext,
  message: string,
  orderId: string,
  tx?: Transaction,
) =>
  new AppError('ORDER_CONFLICT', {
    message,
    details: { order: await ctx.orders.wireOf(orderId, tx) },
  })

/** Whether the cut-off's capture of the order's current payment is stored (begun or done). */
export async function captureOf(ctx: ChangeContext, order: OrderRow, repo = ctx.repo) {
  if (!order.currentPaymentId) return undefined
  return repo.findOperation(operationKey.capture(order.currentPaymentId))
}

/**
 * Why the customer may not change or cancel this order now; null when they may
 * (docs/product.md#order-changes).
 */
export async function lockedReason(
  ctx: ChangeContext,
  order: OrderRow,
  repo = ctx.repo,
): Promise<string | null> {
  if (order.status === 'cancelled') return ORDER_CHANGE_MESSAGES.cancelled
  const cutoff = cutoffOfDelivery(order.deliveryDate)
  const locked = ORDER_CHANGE_MESSAGES.locked(formatEditDeadline(cutoff))
  if (ctx.now() >= cutoff) return locked
  if (order.paymentStatus === 'payment_failed') return ORDER_CHANGE_MESSAGES.paymentProblem
  if (order.paymentStatus !== 'authorized') return locked
  // the cut-off's capture has begun (a process whose clock runs ahead): no change after it
  if (await captureOf(ctx, order, repo)) return locked
  return null
}

/** Stores the void of a payment inside the caller's transaction; its key, to carry it out. */
export async function voidWithin(
  ctx: ChangeContext,
  tx: Transaction,
  orderId: string,
  paymentId: string | null,
): Promise<string | null> {
  if (!paymentId || paymentId.startsWith('awaiting_payment_')) return null
  const key = operationKey.void(paymentId)
  await ctx.money.requestWithin(tx, { key, orderId, kind: 'void', paymentId, amount: 0 })
  return key
}

/** Refunds asked for and not settled yet: they count against what is left to refund. */
export async function refundsInFlight(repo: OrderMoneyRepo, orderId: string): Promise<Cents> {
  const refunds = await repo.operationsOf(orderId, 'refund')
  return sumCents(
    refunds
      .filter((refund) => refund.status === 'pending' || refund.status === 'processing')
      .map((refund) => decimalToCents(refund.amount)),
  )
}

/** Reads a payment at the provider; an unreachable provider is a 503 to the caller. */
export async function readPayment(ctx: ChangeContext, paymentId: string) {
  try {
    return await ctx.provider.retrievePayment(paymentId)
  } catch (error) {
    ctx.log.error({ err: error, paymentIntentId: paymentId }, 'reading the payment failed')
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
  }
}
