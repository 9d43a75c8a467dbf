import type { Database } from '../../db/client.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import { createJobRuns } from '../../jobs/job-runs.ts'
import type { OrdersService } from '../orders/index.ts'
import type { OutboxService } from '../outbox/index.ts'
import { createHarvestEmails } from './harvest-emails.ts'
import { createWeekReads, type WeekCatalog, type WeekOrders } from './week-reads.ts'
import { weekRoutes } from './week.routes.ts'
import { createWeekService } from './week.service.ts'
import type { WeeklyStock } from '../weekly-stock/index.ts'

/**
 * Running the week (docs/product.md#the-week): the Saturday at a glance, the producers' harvest
 * lists (and their e-mail at the cut-off: `tick`), the pick list, the packing slips and packing.
 * It owns no table: it reads through the orders, catalogue and outbox features and records its
 * runs in the job runs' store.
 */
export function createWeekFeature(deps: {
  db: Database
  transaction: RunInTransaction
  orders: WeekOrders & Pick<OrdersService, 'markPacked'>
  catalog: WeekCatalog
  outbox: Pick<OutboxService, 'enqueueWithin' | 'lastWrittenByKey'>
  /** what each Saturday has sold of limited products */
  stock: Pick<WeeklyStock, 'soldOn'>
  now: () => Date
}) {
  const jobRuns = createJobRuns(deps.db)
  const reads = createWeekReads({
    orders: deps.orders,
    catalog: deps.catalog,
    outbox: deps.outbox,
    jobRuns,
    stock: deps.stock,
  })
  const service = createWeekService({ repo: reads, now: deps.now })
  const harvestEmails = createHarvestEmails({
    repo: reads,
    jobRuns,
    transaction: deps.transaction,
    outbox: deps.outbox,
    now: deps.now,
  })
  return {
    service,
    /** the minute's tick: the harvest e-mails of every Saturday whose cut-off has passed */
    tick: () => harvestEmails.tick(),
    adminRoutes: weekRoutes({ week: service, harvestEmails, orders: deps.orders }),
  }
}

export type { WeekService } from './week.service.ts'
