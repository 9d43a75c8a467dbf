import type { FastifyBaseLogger } from 'fastify'
import type { PaymentProvider } from '../../adapters/payments/index.ts'
import type { Database } from '../../db/client.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import type { JobHandler } from '../../jobs/job-queue.ts'
import { createJobRuns } from '../../jobs/job-runs.ts'
import type { SignedIn } from '../auth/index.ts'
import type { CouponsService } from '../coupons/index.ts'
import type { RefundsOf } from '../orders/index.ts'
import type { QuoteBasket } from '../quote/index.ts'
import { adminOrderMoneyRoutes } from './admin-order-money.routes.ts'
import type { ChangeContext } from './change-context.ts'
import { createCutoff } from './cutoff.ts'
import { createJobRunsView } from './job-runs.ts'
import { createMoneyOperations, PAYMENT_OPERATION_JOB } from './money-operations.ts'
import { orderChangesRoutes } from './order-changes.routes.ts'
import { createOrderChangesService } from './order-changes.service.ts'
import { createOrderMoneyRepo } from './order-money.repo.ts'

/**
 * An order's week after checkout (docs/product.md#order-changes): changes and cancellations
 * until the cut-off, the cut-off's captures, refunds, the provider's events about orders'
 * payments, and the jobs that carry the money out. The orders themselves are written through
 * the orders feature; this feature owns the money operations and the changes waiting for a
 * payment.
 */
/** The lines of every order change still being paid for (docs/product.md#weekly-quantities). */
export function pendingChangeLines(db: Database) {
  const repo = createOrderMoneyRepo(db)
  return (tx?: Transaction) => (tx ? repo.within(tx) : repo).pendingChangeLines()
}

export function createOrderChangesFeature(deps: {
  db: Database
  transaction: RunInTransaction
  auth: SignedIn
  orders: ChangeContext['orders']
  quote: QuoteBasket
  coupons: Pick<CouponsService, 'updateRedemptionWithin' | 'giveBackWithin'>
  stock: ChangeContext['stock']
  provider: PaymentProvider
  cards: ChangeContext['cards']
  log: FastifyBaseLogger
  now: () => Date
}) {
  const repo = createOrderMoneyRepo(deps.db)
  const base = {
    repo,
    transaction: deps.transaction,
    orders: deps.orders,
    quote: deps.quote,
    coupons: deps.coupons,
    stock: deps.stock,
    provider: deps.provider,
    cards: deps.cards,
    log: deps.log,
    now: deps.now,
  }
  const money = createMoneyOperations(base)
  const ctx: ChangeContext = { ...base, money }
  const service = createOrderChangesService(ctx)
  const runs = createJobRuns(deps.db)
  const cutoff = createCutoff({ ...ctx, pool: deps.db.$client, runs })

  const handlers: Record<string, JobHandler> = {
    [PAYMENT_OPERATION_JOB]: async (payload) => {
      const { key } = payload as { key: string }
      await money.carryOut(key)
    },
  }

  return {
    service,
    /**
     * The minute's work (the app's one tick runs it): the cut-off's captures, then changes,
     * payments after a failed capture and refunds left waiting.
     */
    async tick() {
      const captures = await cutoff.runDue()
      await service.settleStale()
      return captures
    },
    handlers,
    routes: orderChangesRoutes({ changes: service, auth: deps.auth }),
    adminRoutes: adminOrderMoneyRoutes({ changes: service, runs: createJobRunsView(runs) }),
    /** for checkout: events and owners of payments that are not a checkout's */
    orderPayments: {
      handleEvent: service.handleEvent,
      ownerOf: (paymentId: string) => service.ownerOf(paymentId),
    },
  }
}

/**
 * The refunds of orders as their pages list them, for the orders feature (which reads them
 * with the order, inside the same transaction when there is one).
 */
export const refundsOfOrders: RefundsOf = (db, orderIds) =>
  createOrderMoneyRepo(db).refundsOf(orderIds)

export type { OrderChangesService } from './order-changes.service.ts'
export type { JoinOutcome } from './joined-orders.ts'
