import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import { createJobRuns } from '../../jobs/job-runs.ts'
import type { SignedIn } from '../auth/index.ts'
import type { CatalogService } from '../catalog/index.ts'
import { adminOrdersRoutes } from './admin-orders.routes.ts'
import type { OutboxService } from '../outbox/index.ts'
import { createOrderReadsRepo } from './order-reads.repo.ts'
import { createOrdersRepo, type RefundsOf } from './orders.repo.ts'
import { createShortfalls } from './order-shortfalls.ts'
import { ordersRoutes } from './orders.routes.ts'
import { createOrdersService, type CouponUseReturn } from './orders.service.ts'

export function createOrdersFeature(deps: {
  db: Database
  transaction: RunInTransaction
  auth: SignedIn
  catalog: Pick<CatalogService, 'buyAgain'>
  coupons: CouponUseReturn
  log: FastifyBaseLogger
  now: () => Date
  outbox: Pick<OutboxService, 'enqueueWithin'>
  publicUrl: string
  /** the refunds of orders, kept with their money by the order-changes feature */
  refundsOf?: RefundsOf
  /** the address of a customer's account: every order e-mail goes there */
  accountEmail?: (userId: string, tx: Transaction) => Promise<string | null>
}) {
  const repo = createOrdersRepo(deps.db, deps.refundsOf ?? (() => Promise.resolve([])))
  const service = createOrdersService({
    db: deps.db,
    repo,
    shortfalls: createShortfalls({ repo, db: deps.db, now: deps.now }),
    reads: createOrderReadsRepo(deps.db),
    transaction: deps.transaction,
    coupons: deps.coupons,
    catalog: deps.catalog,
    log: deps.log,
    now: deps.now,
    outbox: deps.outbox,
    publicUrl: deps.publicUrl,
    accountEmail: deps.accountEmail ?? (() => Promise.resolve(null)),
    runs: createJobRuns(deps.db),
  })
  return {
    service,
    routes: ordersRoutes({ orders: service, auth: deps.auth }),
    adminRoutes: adminOrdersRoutes(service),
  }
}

export type { OrdersService } from './orders.service.ts'
export type { OrderNotice } from './order-notices.ts'
export type { Cancellation, OrderActor, OrderRevision } from './order-records.ts'
export type { PaymentRecord } from './payment-records.ts'
export { isEditable, payAgainUntil } from './order-wire.ts'
export type {
  OrderRow,
  OrderWithItems,
  OrderWithLines,
  OrderItemRow,
  RefundView,
  RefundsOf,
  ShortfallRow,
} from './orders.repo.ts'
export { chargedAlready, type ShortRequest } from './order-shortfalls.ts'
export type {
  DayBounds,
  DaySummaryRow,
  FailedPaymentRow,
  LineTotalRow,
  OrderedProductRow,
  SlipLineRow,
  ShortfallTotalRow,
  SlipOrderRow,
  StopOrderRow,
  UpcomingDeliveryRow,
} from './order-reads.repo.ts'
export {
  formatDeliveryAddress,
  orderLinesOf,
  type NewOrder,
  type NewOrderLine,
} from './order-lines.ts'
export { ORDER_DELETED_MESSAGE } from './orders.service.ts'
export { HOLD_JOB } from './order-holds.ts'
export {
  orderCancelledEmail,
  orderChangedEmail,
  orderConfirmationEmail,
  type CancelMoney,
  type EmailLinks,
} from './order-email.ts'
export {
  orderHeldEmail,
  paymentCapturedEmail,
  paymentFailedEmail,
  refundEmail,
} from './order-payment-emails.ts'
export { deliveredEmail, outForDeliveryEmail } from './order-delivery-emails.ts'
