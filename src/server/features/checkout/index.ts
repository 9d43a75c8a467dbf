import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { DemoProvider, PaymentProvider } from '../../adapters/payments/index.ts'
import type { Database } from '../../db/client.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import type { SignedIn } from '../auth/index.ts'
import type { CouponsService } from '../coupons/index.ts'
import type { OrdersService } from '../orders/index.ts'
import type { QuoteBasket } from '../quote/index.ts'
import type { RateLimitsService } from '../rate-limits/index.ts'
import { createCheckoutRepo } from './checkout.repo.ts'
import type { PaymentIntentDeps } from './payment-intents.ts'
import { checkoutRoutes, type JoinOrder } from './checkout.routes.ts'
import {
  createCheckoutService,
  type CheckoutCounters,
  type OrderPayments,
} from './checkout.service.ts'
import { demoPaymentsRoutes } from './demo-payments.routes.ts'
import { webhookRoutes } from './webhook.routes.ts'

/** The payment provider: Stripe when configured, otherwise the demo provider. */
export type Payments =
  | { readonly kind: 'stripe'; readonly provider: PaymentProvider }
  | { readonly kind: 'demo'; readonly provider: DemoProvider }

/**
 * The lines of the checkouts still being paid for, for a Saturday: what they hold of a limited
 * product (docs/product.md#weekly-quantities) until they are paid or given up.
 */
export function pendingCheckoutLines(db: Database) {
  const checkouts = createCheckoutRepo(db)
  return (day: { start: Date; end: Date }, tx?: Transaction, exceptUserId?: string) =>
    (tx ? checkouts.within(tx) : checkouts).pendingLinesOn(day, exceptUserId)
}

export function createCheckoutFeature(deps: {
  db: Database
  transaction: RunInTransaction
  payments: Payments
  auth: SignedIn
  quote: QuoteBasket
  coupons: CouponsService
  orders: OrdersService
  /** declined demo cards are counted per account, in every process */
  rateLimits: Pick<RateLimitsService, 'attemptLimiter'>
  log: FastifyBaseLogger
  now: () => Date
  counters?: CheckoutCounters | undefined
  /**
   * The orders' side of payments (docs/product.md#order-payments): webhook events about
   * payments no pending checkout owns go there, and the demo card form asks it who may confirm
   * a payment of an order's.
   */
  orderPayments?: OrderPayments | undefined
  /** weekly quantities: what a checkout takes of a limited product */
  stock: PaymentIntentDeps['stock']
  /** saved cards (docs/product.md#saved-cards): the customer to keep a card on */
  customerFor?: PaymentIntentDeps['customerFor']
  /** adds a basket to the customer's open order for its Saturday, instead of a second order */
  joinOrder?: JoinOrder | undefined
  /** whose card setup the demo card form is confirming */
  cardSetupOwner?: ((setupId: string) => Promise<string | null>) | undefined
}) {
  const service = createCheckoutService({
    checkouts: createCheckoutRepo(deps.db),
    quote: deps.quote,
    coupons: deps.coupons,
    orders: deps.orders,
    transaction: deps.transaction,
    provider: deps.payments.provider,
    log: deps.log,
    now: deps.now,
    ...(deps.counters ? { counters: deps.counters } : {}),
    orderPayments: deps.orderPayments,
    stock: deps.stock,
    customerFor: deps.customerFor,
  })
  const payments = deps.payments
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(
      checkoutRoutes({ checkout: service, auth: deps.auth, joinOrder: deps.joinOrder }),
    )
    if (payments.kind === 'demo') {
      await app.register(
        demoPaymentsRoutes({
          checkout: service,
          auth: deps.auth,
          demo: payments.provider,
          rateLimits: deps.rateLimits,
          cardSetupOwner: deps.cardSetupOwner ?? (() => Promise.resolve(null)),
        }),
      )
    }
    // the webhook exists only when Stripe is configured (docs/product.md#payments)
    if (payments.kind === 'stripe') {
      await app.register(webhookRoutes({ checkout: service, provider: payments.provider }))
    }
  }
  return { service, routes }
}

export { createDemoPaymentStore } from './demo-payments.repo.ts'
export type { CheckoutService, OrderPayments } from './checkout.service.ts'
