import type { FastifyBaseLogger } from 'fastify'
import type { PaymentProvider } from '../../adapters/payments/index.ts'
import type { Database } from '../../db/client.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { JobHandler } from '../../jobs/job-queue.ts'
import type { SignedIn } from '../auth/index.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { CouponsService } from '../coupons/index.ts'
import type { OrdersService } from '../orders/index.ts'
import { adminOrderMoneyRoutes } from './admin-order-money.routes.ts'
import { createCutoff } from './cutoff.ts'
import { createJobRunsView } from './job-runs.ts'
import type { Notify } from './notices.ts'
import { orderChangesRoutes } from './order-changes.routes.ts'
import { createOrderChangesService } from './order-changes.service.ts'
import { createOrderMoney, PAYMENT_OPERATION_JOB } from './order-money.ts'
import { createOrderWeekRepo } from './order-week.repo.ts'

/** the job the crontab adds every minute: the cut-off and the sweep of unpaid changes */
export const ORDER_WEEK_TICK = 'order_week_tick'

/**
 * An order's week after checkout (docs/product.md#order-changes): changes and cancellations
 * until the cut-off, the cut-off's captures, refunds, and the jobs that carry them out.
 */
export function createOrderChangesFeature(deps: {
  db: Database
  transaction: RunInTransaction
  auth: SignedIn
  orders: OrdersService
  catalog: Pick<CatalogService, 'productsForOrder'>
  coupons: CouponsService
  provider: PaymentProvider
  notify: Notify
  log: FastifyBaseLogger
  now: () => Date
}) {
  const repo = createOrderWeekRepo(deps.db)
  const money = createOrderMoney({
    repo,
    transaction: deps.transaction,
    provider: deps.provider,
    notify: deps.notify,
    log: deps.log,
    now: deps.now,
  })
  const service = createOrderChangesService({
    repo,
    transaction: deps.transaction,
    orders: deps.orders,
    catalog: deps.catalog,
    coupons: deps.coupons,
    provider: deps.provider,
    money,
    notify: deps.notify,
    log: deps.log,
    now: deps.now,
  })
  const cutoff = createCutoff({
    repo,
    transaction: deps.transaction,
    money,
    pool: deps.db.$client,
    log: deps.log,
    now: deps.now,
  })

  /** What is due now: the cut-off's captures and the unpaid changes older than an hour. */
  async function tick() {
    const captures = await cutoff.runDue()
    await service.settleStaleChanges()
    return captures
  }

  const handlers: Record<string, JobHandler> = {
    [ORDER_WEEK_TICK]: async () => {
      await tick()
    },
    [PAYMENT_OPERATION_JOB]: async (payload) => {
      const { key } = payload as { key: string }
      await money.carryOut(key)
    },
  }

  return {
    service,
    tick,
    handlers,
    /** every minute; a tick finds what is due by the shop's clock, so none is ever missed */
    crontab: `* * * * * ${ORDER_WEEK_TICK}`,
    routes: orderChangesRoutes({ changes: service, auth: deps.auth }),
    adminRoutes: adminOrderMoneyRoutes({ changes: service, runs: createJobRunsView(repo) }),
    /** for checkout: events and owners of payments that are not a checkout's */
    orderPayments: {
      handleEvent: (event: { type: string; paymentId?: string }) => service.handleEvent(event),
      ownerOf: (paymentId: string) => service.ownerOf(paymentId),
    },
  }
}

export type { Notify, OrderNotice } from './notices.ts'
export type { OrderChangesService } from './order-changes.service.ts'
