import type { Database } from '../../db/client.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { SignedIn } from '../auth/index.ts'
import type { OrdersService } from '../orders/index.ts'
import type { WeekService } from '../week/index.ts'
import { driverRoutes } from './driver.routes.ts'
import { createDriverService } from './driver.service.ts'
import { createRoutesRepo } from './routes.repo.ts'
import { adminRoutesRoutes } from './routes.routes.ts'
import { createRoutesService, type RouteStaff } from './routes.service.ts'

/**
 * Saturday routes and the driver's phone view (docs/product.md#routes): the admin's routes and
 * stop order, and the driver's out-for-delivery and delivered taps (and its undo).
 */
export function createRoutesFeature(deps: {
  db: Database
  transaction: RunInTransaction
  auth: SignedIn
  /** the drivers' and staff's accounts (the auth feature's roles) */
  staff: RouteStaff
  orders: Pick<
    OrdersService,
    | 'markDelivered'
    | 'undoDelivered'
    | 'sendOutForDelivery'
    | 'stopOf'
    | 'stopsOn'
    | 'stopsOnWithin'
  >
  /** the bags of each stop, as its packing slip counts them (the week feature) */
  bags: Pick<WeekService, 'bagsOf'>
  now: () => Date
}) {
  const service = createRoutesService({
    repo: createRoutesRepo(deps.db),
    transaction: deps.transaction,
    orders: deps.orders,
    staff: deps.staff,
  })
  const driver = createDriverService({
    routes: service,
    orders: deps.orders,
    bags: deps.bags,
    now: deps.now,
  })
  return {
    service,
    adminRoutes: adminRoutesRoutes(service),
    driverRoutes: driverRoutes({ driver, auth: deps.auth }),
  }
}

export { DRIVER_API_PREFIX } from './driver.routes.ts'
export type { RoutesService } from './routes.service.ts'
