import { TAX_RATE_BASIS_POINTS } from '#shared/domain/pricing.ts'
import type { FastifyBaseLogger } from 'fastify'
import { nextDeliveryDate } from '#shared/domain/delivery.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { DeliveryInfo, Order } from '#shared/schemas/order.ts'
import type { Payment, PaymentProvider } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { CouponsService } from '../coupons/index.ts'
import type { WeeklyStock } from '../weekly-stock/index.ts'
import {
  formatDeliveryAddress,
  orderLinesOf,
  type NewOrder,
  type OrdersService,
} from '../orders/index.ts'
import { totalsOfColumns, type PricedLine } from '../quote/index.ts'
import type { CheckoutRepo, CheckoutRow } from './checkout.repo.ts'

export interface CheckoutCounters {
  orderCreated(): void
  paymentFailed(): void
}

export interface FulfilmentDeps {
  checkouts: CheckoutRepo
  orders: Pick<OrdersService, 'createWithin' | 'findByPayment'>
  coupons: Pick<CouponsService, 'redeemWithin'>
  /** a paid checkout's lines become its order's under the limited products' locks */
  stock: Pick<WeeklyStock, 'lockWithin'>
  transaction: RunInTransaction
  provider: PaymentProvider
  log: FastifyBaseLogger
  counters: CheckoutCounters
  now: () => Date
}

/**
 * A card authorised for the order (requires_capture: the cut-off captures it,
 * docs/product.md#order-payments) or a payment already taken (succeeded).
 */
export const isPaid = (payment: Payment | null): payment is Payment =>
  payment?.status === 'requires_capture' || payment?.status === 'succeeded'

/** What the provider says must match what was priced, or no order is made. */
function paymentProblem(payment: Payment | null, checkout: CheckoutRow): string | null {
  if (!payment) return 'the provider does not know this payment'
  const total = decimalToCents(checkout.total)
  if (payment.status === 'requires_capture') {
    if (payment.amountCapturable !== total) {
      return `amount authorised ${payment.amountCapturable} differs from the checkout's ${checkout.total}`
    }
  } else if (payment.status === 'succeeded') {
    if (payment.amountReceived !== total) {
      return `amount received ${payment.amountReceived} differs from the checkout's ${checkout.total}`
    }
  } else {
    return `payment status is ${payment.status}`
  }
  if (payment.currency.toLowerCase() !== 'usd') return `currency is ${payment.currency}`
  if (payment.metadata['checkoutId'] !== checkout.id) return 'metadata names another checkout'
  return null
}

/**
 * The order a paid checkout becomes: its priced lines and totals, never the client's copy, for
 * the first Saturday whose cut-off has not passed as it is made (docs/product.md#payments).
 * The e-mail typed at checkout is not the order's: its e-mails go to the account.
 */
function orderOf(
  checkout: CheckoutRow,
  deliveryInfo: DeliveryInfo,
  payment: Payment,
  { deliveryDate, at }: { deliveryDate: Date; at: Date },
): NewOrder {
  const totals = totalsOfColumns(checkout)
  const total = totals.total
  return {
    userId: checkout.userId,
    customerName: `${deliveryInfo.firstName} ${deliveryInfo.lastName}`,
    customerEmail: deliveryInfo.email,
    customerPhone: deliveryInfo.phone,
    deliveryAddress: formatDeliveryAddress(deliveryInfo),
    deliveryDate,
    ...totals,
    // one rate for the shop (docs/product.md#tax); the order keeps it
    taxRateBasisPoints: TAX_RATE_BASIS_POINTS,
    promoCode: checkout.promoCode,
    specialInstructions: checkout.specialInstructions,
    paymentIntentId: checkout.paymentIntentId,
    // authorised for the total at checkout; a payment taken at once stands captured
    paymentStatus: payment.status === 'succeeded' ? 'captured' : 'authorized',
    authorizedAmount: total,
    // when the shop learnt the card holds it; the provider says until when it does
    authorizedAt: at,
    authorizationExpiresAt: payment.captureBefore,
    currentPaymentId: checkout.paymentIntentId,
    lines: orderLinesOf(checkout.items as PricedLine[]),
  }
}

/**
 * An order is made exactly once per paid checkout (docs/product.md#payments), whichever
 * call comes first: the browser, the redirect return, the webhook or the sweep.
 */
export function createFulfilment(deps: FulfilmentDeps) {
  const { checkouts, orders, coupons, stock, transaction, provider, log, now } = deps

  async function retrieve(paymentIntentId: string): Promise<Payment | null> {
    try {
      return await provider.retrievePayment(paymentIntentId)
    } catch (error) {
      log.error({ err: error, paymentIntentId }, 'reading the payment from the provider failed')
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
    }
  }

  /**
   * The order, its coupon redemption and the checkout's completion in one transaction. The
   * locked checkout and the unique payment id make a second order impossible: a racing call
   * gets null and reads the first one. A completed checkout never makes another.
   */
  function createOrder(checkout: CheckoutRow, deliveryInfo: DeliveryInfo, payment: Payment) {
    return transaction(async (tx) => {
      const locked = await checkouts.within(tx).lock({ id: checkout.id })
      if (!locked) throw new Error(`checkout ${checkout.id} vanished`)
      // completed while we waited for the lock (a racing call), or long ago with its order
      // deleted by an admin since: either way no order is made here
      if (locked.status === 'completed') return null
      // its lines leave the pending checkouts' count for the orders' (docs/product.md#weekly-quantities)
      await stock.lockWithin(tx, Array.isArray(locked.items) ? (locked.items as unknown[]) : [])
      // the first Saturday still open now, whatever checkout showed when the payment began
      const at = now()
      const deliveryDate = nextDeliveryDate(at)
      const moved = deliveryDate.getTime() !== locked.deliveryDate.getTime()
      // the provider said the card is good for it: a paid order is never refused
      const order = await orders.createWithin(
        tx,
        orderOf(locked, deliveryInfo, payment, { deliveryDate, at }),
        { alreadyPaid: true, movedFrom: moved ? locked.deliveryDate : null },
      )
      if (!order) return null
      let couponOverLimit = false
      if (locked.couponId) {
        // a hold released (payment failed, then paid after all) on a coupon used up since:
        // the customer paid the discounted price, so the order stands and the count stays
        couponOverLimit = !(await coupons.redeemWithin(tx, {
          couponId: locked.couponId,
          held: locked.couponReserved,
          orderId: order.id,
          userId: locked.userId,
          discount: decimalToCents(locked.discountAmount),
        }))
      }
      await checkouts.within(tx).close(locked.id, 'completed')
      return { order, couponOverLimit }
    })
  }

  return async function fulfil(
    paymentIntentId: string,
    options: { userId?: string; deliveryInfo?: DeliveryInfo | undefined } = {},
  ): Promise<{ order: Order; created: boolean }> {
    const checkout = await checkouts.findByPayment(paymentIntentId)
    if (!checkout || (options.userId !== undefined && checkout.userId !== options.userId)) {
      throw new AppError('PAYMENT_NOT_FOUND')
    }
    const existing = await orders.findByPayment(paymentIntentId)
    if (existing) return { order: existing, created: false }
    // completed with no order: an admin deleted it, and a replayed call must not bring it back
    if (checkout.status === 'completed') throw new AppError('ORDER_NOT_FOUND')

    const payment = await retrieve(paymentIntentId)
    const problem = paymentProblem(payment, checkout)
    if (problem || !payment) {
      const level = isPaid(payment) ? 'error' : 'info'
      log[level]({ paymentIntentId, checkoutId: checkout.id, problem }, 'no order for this payment')
      throw new AppError('PAYMENT_NOT_COMPLETED')
    }

    const deliveryInfo = options.deliveryInfo ?? (checkout.deliveryInfo as DeliveryInfo)
    if (options.deliveryInfo) await checkouts.updateDelivery(checkout.id, options.deliveryInfo)
    const result = await createOrder(checkout, deliveryInfo, payment)
    if (!result) {
      // a racing call made it first, or it was made and deleted since
      const order = await orders.findByPayment(paymentIntentId)
      if (!order) throw new AppError('ORDER_NOT_FOUND')
      return { order, created: false }
    }
    if (result.couponOverLimit) {
      log.warn({ orderId: result.order.id }, 'paid order kept a coupon whose limit was reached')
    }
    log.info({ orderId: result.order.id, paymentIntentId, total: checkout.total }, 'order created')
    deps.counters.orderCreated()
    return { order: result.order, created: true }
  }
}

export type Fulfil = ReturnType<typeof createFulfilment>
