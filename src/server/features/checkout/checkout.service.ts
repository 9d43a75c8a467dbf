import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import { COUPON_MESSAGES } from '#shared/domain/coupons.ts'
import { nextDeliveryDate } from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents, formatCents } from '#shared/domain/money.ts'
import { MINIMUM_ORDER_CENTS, priceBasket, type BasketTotals } from '#shared/domain/pricing.ts'
import {
  CHECKOUT_MESSAGES,
  type AmountMismatch,
  type CheckoutTotals,
  type CreatePaymentIntentInputSchema,
  type CreatePaymentIntentResult,
  type DeliveryInfo,
  type Order,
  type OrderItem,
} from '#shared/schemas/checkout.ts'
import type { Mailer } from '../../adapters/mail/index.ts'
import type { Payment, PaymentEvent, PaymentProvider } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { UserRow } from '../auth/sessions.ts'
import { couponProblem } from '../coupons/coupons.service.ts'
import type { CouponsRepo } from '../coupons/coupons.repo.ts'
import type {
  CheckoutRepo,
  CheckoutRow,
  NewOrderItem,
  OrderItemRow,
  OrderWithItems,
} from './checkout.repo.ts'
import { orderConfirmationEmail } from './order-email.ts'

/** A line as the pending checkout keeps it: the server's price at the moment of payment. */
interface PricedLine {
  productId: string
  name: string
  /** cents */
  price: number
  quantity: number
  farmSource: string
  imageUrl: string | null
  customSelections: { id: string; name: string; count: number }[] | null
}

/** a payment not paid after this long gives back its coupon hold (decisions §9) */
export const ABANDONED_AFTER_MS = 60 * 60_000
/** pending checkouts older than this are looked up at the provider (missed webhooks) */
export const RECONCILE_AFTER_MS = 2 * 60_000

const totalsOf = (totals: BasketTotals, promoCode: string | null): CheckoutTotals => ({
  subtotal: centsToDecimal(totals.subtotal),
  discountAmount: centsToDecimal(totals.discount),
  deliveryFee: centsToDecimal(totals.deliveryFee),
  tax: centsToDecimal(totals.tax),
  total: centsToDecimal(totals.total),
  promoCode,
})

/** A checkout is stored before the provider makes its payment, under this stand-in id. */
const AWAITING_PAYMENT = 'awaiting_payment_'
const awaitingPaymentId = (checkoutId: string) => `${AWAITING_PAYMENT}${checkoutId}`
const isAwaitingPayment = (paymentIntentId: string) => paymentIntentId.startsWith(AWAITING_PAYMENT)

export function formatDeliveryAddress(info: DeliveryInfo): string {
  const street = info.apt ? `${info.address}, ${info.apt}` : info.address
  return `${street}, ${info.city}, TX ${info.zipCode}`
}

export function profileDeliveryInfo(user: UserRow): DeliveryInfo {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    address: user.deliveryStreet,
    apt: user.deliveryApt,
    city: user.deliveryCity,
    zipCode: user.deliveryZip,
  }
}

export function toOrderItem(row: OrderItemRow): OrderItem {
  return {
    id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    productName: row.productName,
    productPrice: row.productPrice,
    quantity: row.quantity,
    farmSource: row.farmSource,
    imageUrl: row.imageUrl,
    customSelections: (row.customSelections as OrderItem['customSelections']) ?? null,
  }
}

export function toOrder(row: OrderWithItems): Order {
  return {
    id: row.id,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    deliveryAddress: row.deliveryAddress,
    deliveryDate: row.deliveryDate.toISOString(),
    subtotal: row.subtotal,
    discountAmount: row.discountAmount,
    promoCode: row.promoCode,
    deliveryFee: row.deliveryFee,
    tax: row.tax,
    total: row.total,
    specialInstructions: row.specialInstructions,
    status: row.status,
    deliveryStatus: row.deliveryStatus,
    paymentIntentId: row.paymentIntentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: row.items.map(toOrderItem),
  }
}

export interface CheckoutCounters {
  orderCreated(): void
  paymentFailed(): void
}

export type CreatePaymentIntentOutcome =
  | { kind: 'created'; result: CreatePaymentIntentResult }
  | { kind: 'amount-mismatch'; body: AmountMismatch }

/**
 * Checkout (issue 6; decisions §3, §6, §9): the server prices the basket, holds a limited
 * coupon, asks the provider for a payment and keeps what it priced as a pending checkout. The
 * order is made from that checkout exactly once, when the provider says the payment succeeded:
 * on the browser's call, the redirect return, the webhook or the reconciliation sweep.
 */
export function createCheckoutService({
  repo,
  couponsRepo,
  provider,
  mailer,
  log,
  now = () => new Date(),
  counters = { orderCreated: () => {}, paymentFailed: () => {} },
}: {
  repo: CheckoutRepo
  couponsRepo: CouponsRepo
  provider: PaymentProvider
  mailer: Mailer
  log: FastifyBaseLogger
  now?: () => Date
  /** orders_created_total and payments_failed_total (features/observability) */
  counters?: CheckoutCounters
}) {
  async function priceLines(
    items: z.output<typeof CreatePaymentIntentInputSchema>['items'],
  ): Promise<PricedLine[]> {
    const ids = items.flatMap((item) => [item.id, ...(item.customSelections ?? [])])
    const found = new Map((await repo.findProducts(ids)).map((product) => [product.id, product]))
    return items.map((item) => {
      const product = found.get(item.id)
      if (!product) {
        throw new AppError('CHECKOUT_CONFLICT', {
          message: CHECKOUT_MESSAGES.unavailable(item.name ?? 'an item in your basket'),
        })
      }
      if (!product.inStock) {
        throw new AppError('CHECKOUT_CONFLICT', {
          message: CHECKOUT_MESSAGES.outOfStock(product.name),
        })
      }
      let customSelections: PricedLine['customSelections'] = null
      if (item.customSelections?.length) {
        const counts = new Map<string, { id: string; name: string; count: number }>()
        for (const id of item.customSelections) {
          const chosen = found.get(id)
          if (!chosen) {
            throw new AppError('CHECKOUT_CONFLICT', {
              message: CHECKOUT_MESSAGES.unavailable(`a product in your ${product.name}`),
            })
          }
          if (!chosen.inStock) {
            throw new AppError('CHECKOUT_CONFLICT', {
              message: CHECKOUT_MESSAGES.outOfStock(`${chosen.name} (in your ${product.name})`),
            })
          }
          const seen = counts.get(id)
          if (seen) seen.count += 1
          else counts.set(id, { id, name: chosen.name, count: 1 })
        }
        customSelections = [...counts.values()]
      }
      return {
        productId: product.id,
        name: product.name,
        price: decimalToCents(product.price),
        quantity: item.quantity,
        farmSource: product.farmSource,
        imageUrl: product.imageUrl,
        customSelections,
      }
    })
  }

  async function sendConfirmation(order: OrderWithItems) {
    try {
      await mailer.send(orderConfirmationEmail(toOrder(order)))
    } catch (error) {
      // the order stands; the customer sees it on /order-history
      log.error({ err: error, orderId: order.id }, 'order confirmation e-mail failed')
    }
  }

  /** What the provider says must match what was priced, or no order is made. */
  function paymentProblem(payment: Payment | null, checkout: CheckoutRow): string | null {
    if (!payment) return 'the provider does not know this payment'
    if (payment.status !== 'succeeded') return `payment status is ${payment.status}`
    if (payment.amountReceived !== decimalToCents(checkout.total)) {
      return `amount received ${payment.amountReceived} differs from the checkout's ${checkout.total}`
    }
    if (payment.currency.toLowerCase() !== 'usd') return `currency is ${payment.currency}`
    if (payment.metadata['checkoutId'] !== checkout.id) return 'metadata names another checkout'
    return null
  }

  async function retrieve(paymentIntentId: string): Promise<Payment | null> {
    try {
      return await provider.retrievePayment(paymentIntentId)
    } catch (error) {
      log.error({ err: error, paymentIntentId }, 'reading the payment from the provider failed')
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
    }
  }

  async function fulfil(
    paymentIntentId: string,
    options: { userId?: string; deliveryInfo?: DeliveryInfo | undefined } = {},
  ): Promise<{ order: OrderWithItems; created: boolean }> {
    const checkout = await repo.findCheckout(paymentIntentId)
    if (!checkout || (options.userId !== undefined && checkout.userId !== options.userId)) {
      throw new AppError('PAYMENT_NOT_FOUND')
    }
    const existing = await repo.findOrderByPayment(paymentIntentId)
    if (existing) return { order: existing, created: false }
    // completed with no order: an admin deleted it, and a replayed call must not bring it back
    if (checkout.status === 'completed') throw new AppError('ORDER_NOT_FOUND')

    const payment = await retrieve(paymentIntentId)
    const problem = paymentProblem(payment, checkout)
    if (problem) {
      const level = payment?.status === 'succeeded' ? 'error' : 'info'
      log[level]({ paymentIntentId, checkoutId: checkout.id, problem }, 'no order for this payment')
      throw new AppError('PAYMENT_NOT_COMPLETED')
    }

    let deliveryInfo = checkout.deliveryInfo as DeliveryInfo
    if (options.deliveryInfo) {
      deliveryInfo = options.deliveryInfo
      await repo.updateCheckoutDelivery(checkout.id, deliveryInfo)
    }
    const lines = checkout.items as PricedLine[]
    const items: NewOrderItem[] = lines.map((line) => ({
      productId: line.productId,
      productName: line.name,
      productPrice: centsToDecimal(line.price),
      quantity: line.quantity,
      farmSource: line.farmSource,
      imageUrl: line.imageUrl,
      customSelections: line.customSelections,
    }))
    const result = await repo.createOrder(
      checkout.id,
      {
        userId: checkout.userId,
        customerName: `${deliveryInfo.firstName} ${deliveryInfo.lastName}`,
        customerEmail: deliveryInfo.email,
        customerPhone: deliveryInfo.phone,
        deliveryAddress: formatDeliveryAddress(deliveryInfo),
        deliveryDate: checkout.deliveryDate,
        subtotal: checkout.subtotal,
        discountAmount: checkout.discountAmount,
        promoCode: checkout.promoCode,
        deliveryFee: checkout.deliveryFee,
        tax: checkout.tax,
        total: checkout.total,
        specialInstructions: checkout.specialInstructions,
        paymentIntentId,
      },
      items,
      decimalToCents(checkout.discountAmount),
    )
    if (!result) {
      // a racing call made it first, or it was made and deleted since
      const order = await repo.findOrderByPayment(paymentIntentId)
      if (!order) throw new AppError('ORDER_NOT_FOUND')
      return { order, created: false }
    }
    if (result.couponOverLimit) {
      log.warn({ orderId: result.order.id }, 'paid order kept a coupon whose limit was reached')
    }
    log.info({ orderId: result.order.id, paymentIntentId, total: checkout.total }, 'order created')
    counters.orderCreated()
    await sendConfirmation(result.order)
    return { order: result.order, created: true }
  }

  return {
    paymentConfig() {
      return { provider: provider.name, publishableKey: provider.publishableKey }
    },

    async createPaymentIntent(
      user: UserRow,
      input: z.output<typeof CreatePaymentIntentInputSchema>,
    ): Promise<CreatePaymentIntentOutcome> {
      const lines = await priceLines(input.items)
      const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0)
      const at = now()

      const coupon = input.promoCode ? await couponsRepo.findByCode(input.promoCode) : undefined
      if (input.promoCode) {
        const problem = coupon ? couponProblem(coupon, subtotal, at) : COUPON_MESSAGES.unknown
        if (problem) {
          throw new AppError('CHECKOUT_CONFLICT', {
            message: problem,
            fields: { promoCode: problem },
          })
        }
      }
      if (subtotal < MINIMUM_ORDER_CENTS) {
        throw new AppError('BELOW_MINIMUM_ORDER', {
          message: CHECKOUT_MESSAGES.belowMinimum(
            formatCents(MINIMUM_ORDER_CENTS),
            formatCents(MINIMUM_ORDER_CENTS - subtotal),
          ),
        })
      }
      const totals = priceBasket(
        subtotal,
        coupon
          ? coupon.percentOff !== null
            ? { percentOff: coupon.percentOff }
            : { amountOff: decimalToCents(coupon.amountOff ?? '0') }
          : null,
      )
      const promoCode = coupon?.code ?? null
      const wireTotals = totalsOf(totals, promoCode)

      // the client's figure is only compared: a lower one never lowers the charge
      if (Math.round(input.amount * 100) !== totals.total) {
        return {
          kind: 'amount-mismatch',
          body: {
            message: CHECKOUT_MESSAGES.amountChanged,
            totals: wireTotals,
            items: lines.map((line) => ({
              id: line.productId,
              name: line.name,
              price: centsToDecimal(line.price),
            })),
          },
        }
      }

      const couponReserved = coupon?.maxRedemptions != null
      const checkoutId = randomUUID()
      const deliveryDate = nextDeliveryDate(at)
      const stored = await repo.insertCheckout({
        id: checkoutId,
        paymentIntentId: awaitingPaymentId(checkoutId),
        userId: user.id,
        items: lines,
        couponId: coupon?.id ?? null,
        promoCode,
        couponReserved,
        subtotal: wireTotals.subtotal,
        discountAmount: wireTotals.discountAmount,
        deliveryFee: wireTotals.deliveryFee,
        tax: wireTotals.tax,
        total: wireTotals.total,
        deliveryInfo: input.deliveryInfo ?? profileDeliveryInfo(user),
        deliveryDate,
        specialInstructions: input.specialInstructions || null,
        // the service's clock, which the stale-checkout sweep compares with
        createdAt: at,
      })
      if (!stored) {
        throw new AppError('CHECKOUT_CONFLICT', {
          message: COUPON_MESSAGES.exhausted,
          fields: { promoCode: COUPON_MESSAGES.exhausted },
        })
      }

      let payment
      try {
        payment = await provider.createPayment({
          amount: totals.total,
          currency: 'usd',
          metadata: { checkoutId, userId: user.id },
          idempotencyKey: `checkout_${checkoutId}`,
          description: `Order from ${user.email}`,
        })
      } catch (error) {
        await repo.discardCheckout(checkoutId)
        log.error({ err: error, checkoutId }, 'creating the payment failed')
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
      }
      if (!(await repo.attachPayment(checkoutId, payment.id))) {
        log.error(
          { checkoutId, paymentIntentId: payment.id },
          'the checkout closed before its payment was stored',
        )
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
      }
      return {
        kind: 'created',
        result: {
          clientSecret: payment.clientSecret,
          paymentIntentId: payment.id,
          amount: totals.total / 100,
          provider: provider.name,
          totals: wireTotals,
          deliveryDate: deliveryDate.toISOString(),
        },
      }
    },

    /** POST /api/orders: the signed-in customer's own payment only. */
    async placeOrder(
      userId: string,
      paymentIntentId: string,
      deliveryInfo: DeliveryInfo | undefined,
    ): Promise<{ order: Order; created: boolean }> {
      const { order, created } = await fulfil(paymentIntentId, { userId, deliveryInfo })
      return { order: toOrder(order), created }
    },

    /** A verified webhook event. Events may come twice, late or out of order. */
    async handlePaymentEvent(event: PaymentEvent): Promise<void> {
      if (event.type === 'ignored') return
      if (event.type === 'failed') {
        // a declined card leaves a Stripe payment payable with another card: the checkout closes
        // (and gives back its coupon hold) only once the payment is canceled; a payment that
        // succeeded meanwhile (events out of order) gets its order. Otherwise the one-hour
        // sweep settles it.
        const payment = await retrieve(event.paymentId)
        if (payment?.status === 'canceled') await repo.closeCheckout(event.paymentId, 'failed')
        if (payment?.status !== 'succeeded') {
          // counted once handled (a delivery retried after a failed answer counts once), and
          // only for a checkout of this shop's
          if (payment && (await repo.findCheckout(event.paymentId))) counters.paymentFailed()
          return
        }
      }
      try {
        await fulfil(event.paymentId)
      } catch (error) {
        // not one of ours, or not actually paid: acknowledged, so the provider stops retrying
        if (error instanceof AppError && error.status < 500) {
          log.warn({ paymentIntentId: event.paymentId, code: error.code }, 'webhook: no order')
          return
        }
        throw error
      }
    },

    /**
     * The safety net behind the webhook: pending checkouts older than a couple of minutes are
     * looked up at the provider; a paid one gets its order, one unpaid for an hour is abandoned
     * and gives back its coupon hold. Safe to run on every process at once.
     */
    async settleStaleCheckouts(limit = 50): Promise<{ ordered: number; abandoned: number }> {
      const at = now().getTime()
      const stale = await repo.staleCheckouts(new Date(at - RECONCILE_AFTER_MS), limit)
      let ordered = 0
      let abandoned = 0
      for (const checkout of stale) {
        try {
          if (isAwaitingPayment(checkout.paymentIntentId)) {
            // the process stopped while the provider was called: no customer can pay this one
            await repo.closeCheckout(checkout.paymentIntentId, 'abandoned')
            abandoned++
            continue
          }
          const payment = await provider.retrievePayment(checkout.paymentIntentId)
          if (payment?.status === 'succeeded') {
            if ((await fulfil(checkout.paymentIntentId)).created) ordered++
          } else if (checkout.createdAt.getTime() < at - ABANDONED_AFTER_MS) {
            await repo.closeCheckout(checkout.paymentIntentId, 'abandoned')
            abandoned++
          }
        } catch (error) {
          log.warn({ err: error, paymentIntentId: checkout.paymentIntentId }, 'settling failed')
        }
      }
      return { ordered, abandoned }
    },

    /** The checkout's owner, for the demo provider's confirm and authenticate calls. */
    async checkoutOwner(paymentIntentId: string): Promise<string | null> {
      return (await repo.findCheckout(paymentIntentId))?.userId ?? null
    },

    async ordersOf(userId: string): Promise<Order[]> {
      return (await repo.ordersOfUser(userId)).map(toOrder)
    },

    /** 404 for an order that is not the caller's; an admin may read any (decisions §2). */
    async itemsOf(orderId: string, caller: { userId: string; isAdmin: boolean }) {
      const order = await repo.findOrder(orderId)
      if (!order || (order.userId !== caller.userId && !caller.isAdmin)) {
        throw new AppError('ORDER_NOT_FOUND')
      }
      return (await repo.itemsOfOrder(orderId)).map(toOrderItem)
    },
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
