import type { Database } from '../../db/client.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { OrdersService } from '../orders/index.ts'
import type { OutboxService } from '../outbox/index.ts'
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
  const service = createWeekService({
    repo: createWeekRepo(deps.db),
    transaction: deps.transaction,
    outbox: deps.outbox,
    now: deps.now,
  })
  return {
    service,
    tick: () => service.tick(),
    adminRoutes: weekRoutes({ week: service, orders: deps.orders }),
  }
}

export type { WeekService } from './week.service.ts'
export { createWeekRepo } from './week.repo.ts'
