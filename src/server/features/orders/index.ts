import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from '../../adapters/mail/index.ts'
import type { Database } from '../../db/client.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { SignedIn } from '../auth/index.ts'
import { adminOrdersRoutes } from './admin-orders.routes.ts'
import { createOrdersRepo } from './orders.repo.ts'
import { ordersRoutes } from './orders.routes.ts'
import { createOrdersService, type CouponUseReturn } from './orders.service.ts'

export function createOrdersFeature(deps: {
  db: Database
  transaction: RunInTransaction
  auth: SignedIn
  coupons: CouponUseReturn
  mailer: Mailer
  log: FastifyBaseLogger
  now: () => Date
}) {
  const service = createOrdersService({
    repo: createOrdersRepo(deps.db),
    transaction: deps.transaction,
    coupons: deps.coupons,
    mailer: deps.mailer,
    log: deps.log,
    now: deps.now,
  })
  return {
    service,
    routes: ordersRoutes({ orders: service, auth: deps.auth }),
    adminRoutes: adminOrdersRoutes(service),
  }
}

export type { OrdersService } from './orders.service.ts'
export { isEditable, payAgainUntil } from './order-wire.ts'
export type { OrderRow, OrderWithItems } from './orders.repo.ts'
export type { NewOrder, NewOrderLine } from './order-lines.ts'
export { ORDER_DELETED_MESSAGE } from './orders.service.ts'
