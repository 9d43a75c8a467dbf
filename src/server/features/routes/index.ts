import type { Database } from '../../db/client.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { SignedIn } from '../auth/index.ts'
import type { OrdersService } from '../orders/index.ts'
import { driverRoutes } from './driver.routes.ts'
import { createDriverService } from './driver.service.ts'
import { createRoutesRepo } from './routes.repo.ts'
import { adminRoutesRoutes } from './routes.routes.ts'
import { createRoutesService } from './routes.service.ts'

/**
 * Saturday routes and the driver's phone view (docs/product.md#routes): the admin's routes and
 * stop order, and the driver's out-for-delivery and delivered taps.
 */
export function createRoutesFeature(deps: {
  db: Database
  transaction: RunInTransaction
  auth: SignedIn
  orders: Pick<OrdersService, 'markDelivered' | 'sendOutForDelivery'>
  now: () => Date
}) {
  const repo = createRoutesRepo(deps.db)
  const service = createRoutesService({ repo, transaction: deps.transaction })
  const driver = createDriverService({ repo, routes: service, orders: deps.orders, now: deps.now })
  return {
    service,
    adminRoutes: adminRoutesRoutes(service),
    driverRoutes: driverRoutes({ driver, auth: deps.auth }),
  }
}

export { DRIVER_API_PREFIX } from './driver.routes.ts'
export type { RoutesService } from './routes.service.ts'
