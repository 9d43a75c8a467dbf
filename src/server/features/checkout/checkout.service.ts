import type { FastifyBaseLogger } from 'fastify'
import type { CreatePaymentIntentValues } from '#shared/schemas/checkout.ts'
import type { DeliveryInfo, Order } from '#shared/schemas/order.ts'
import type { PaymentProvider } from '../../adapters/payments/index.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { UserRow } from '../auth/index.ts'
import type { CouponsService } from '../coupons/index.ts'
import type { OrdersService } from '../orders/index.ts'
import type { QuoteBasket } from '../quote/index.ts'
import { createCheckoutClosing } from './checkout-closing.ts'
import type { CheckoutRepo } from './checkout.repo.ts'
import { createCheckoutSweep } from './checkout-sweep.ts'
import { createFulfilment, type CheckoutCounters } from './fulfilment.ts'
import { createPaymentEventHandler, type OrderPayments } from './payment-events.ts'
import { createPaymentIntents, type PaymentIntentDeps } from './payment-intents.ts'

export type { CheckoutCounters } from './fulfilment.ts'
export type { OrderPayments } from './payment-events.ts'

/**
 * Checkout (docs/product.md#payments): the server prices the basket, holds a limited coupon,
 * asks the provider for a payment and keeps what it priced as a pending checkout. The order is
 * made from that checkout exactly once, by the orders feature, when the provider says the card
 * is authorised (or paid): on the browser's call, the redirect return, the webhook or the sweep.
 */
export function createCheckoutService({
  checkouts,
  quote,
  coupons,
  orders,
  transaction,
  provider,
  log,
  now = () => new Date(),
  counters = { orderCreated: () => {}, paymentFailed: () => {} },
  orderPayments,
  stock,
  customerFor,
}: {
  checkouts: CheckoutRepo
  quote: QuoteBasket
  coupons: CouponsService
  orders: OrdersService
  transaction: RunInTransaction
  provider: PaymentProvider
  log: FastifyBaseLogger
  now?: () => Date
  /** orders_created_total and payments_failed_total (features/observability) */
  counters?: CheckoutCounters
  /** the payments of orders (a change's, a payment after a failed capture), when wired */
  orderPayments?: OrderPayments | undefined
  /** a checkout takes what it buys of a limited product from what its Saturday has left */
  stock: PaymentIntentDeps['stock']
  /** saved cards: the customer's provider customer, to keep their card on */
  customerFor?: PaymentIntentDeps['customerFor']
}) {
  const closing = createCheckoutClosing({ checkouts, coupons, stock, transaction })
  const fulfil = createFulfilment({
    checkouts,
    orders,
    coupons,
    stock,
    transaction,
    provider,
    log,
    counters,
    now,
  })
  const createPaymentIntent = createPaymentIntents({
    quote,
    coupons,
    stock,
    checkouts,
    transaction,
    provider,
    log,
    now,
    customerFor,
  })

  return {
    paymentConfig() {
      return { provider: provider.name, publishableKey: provider.publishableKey }
    },

    createPaymentIntent: (user: UserRow, input: CreatePaymentIntentValues) =>
      createPaymentIntent(user, input),

    /** POST /api/orders: the signed-in customer's own payment only. */
    placeOrder(
      userId: string,
      paymentIntentId: string,
      deliveryInfo: DeliveryInfo | undefined,
    ): Promise<{ order: Order; created: boolean }> {
      return fulfil(paymentIntentId, { userId, deliveryInfo })
    },

    handlePaymentEvent: createPaymentEventHandler({
      checkouts,
      closing,
      fulfil,
      provider,
      log,
      counters,
      orderPayments,
    }),

    settleStaleCheckouts: createCheckoutSweep({ checkouts, closing, fulfil, provider, log, now }),

    /**
     * The customer a payment is for, for the demo provider's confirm and authenticate calls:
     * a checkout's, or else an order's (a change's payment, a payment after a failed capture).
     */
    async paymentOwner(paymentIntentId: string): Promise<string | null> {
      const checkout = await checkouts.findByPayment(paymentIntentId)
      if (checkout) return checkout.userId
      return (await orderPayments?.ownerOf(paymentIntentId)) ?? null
    },
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
