import type { Database } from '../../db/client.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { OrdersService } from '../orders/index.ts'
import type { OutboxService } from '../outbox/index.ts'
import { createHarvestEmails } from './harvest-emails.ts'
import { createWeekRepo } from './week.repo.ts'
import { weekRoutes } from './week.routes.ts'
import { createWeekService } from './week.service.ts'

/**
 * Running the week (docs/product.md#the-week): the Saturday at a glance, the producers' harvest
 * lists (and their e-mail at the cut-off: `tick`), the pick list, the packing slips and packing.
 */
export function createWeekFeature(deps: {
  db: Database
  transaction: RunInTransaction
  orders: Pick<OrdersService, 'markPacked'>
  outbox: Pick<OutboxService, 'enqueueWithin'>
  now: () => Date
}) {
  const repo = createWeekRepo(deps.db)
  const service = createWeekService({ repo, now: deps.now })
  const harvestEmails = createHarvestEmails({
    repo,
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
export { createWeekRepo } from './week.repo.ts'
