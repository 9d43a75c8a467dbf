import type { FastifyBaseLogger } from 'fastify'
import { chicagoDayBounds } from '#shared/domain/delivery.ts'
import { openOrderOn } from '#shared/domain/saturday-order.ts'
import type {
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderPage,
  Order,
  OrderItem,
} from '#shared/schemas/order.ts'
import type { DeliveryStatus, OrderStatus } from '#shared/schemas/order-status.ts'
import { AppError } from '../../app-error.ts'
import type { Executor, RunInTransaction, Transaction } from '../../db/transaction.ts'
import type { AdminCaller } from '../../plugins/admin-guard.ts'
import type { OutboxService } from '../outbox/index.ts'
import type { JobRuns } from '../../jobs/job-runs.ts'
import { createDeliveries } from './order-deliveries.ts'
import { createHolds } from './order-holds.ts'
import { createOrderSnapshots } from './order-snapshots.ts'
import { createNotices } from './order-notices.ts'
import { createOrderRecords } from './order-records.ts'
import { createShortfallEmails } from './order-shortfall-emails.ts'
import type { createShortfalls } from './order-shortfalls.ts'
import { changeLockedStatusField, changeStatusField } from './order-status-changes.ts'
import { toAdminOrder, toOrder, toOrderItem } from './order-wire.ts'
import type { CatalogService } from '../catalog/index.ts'
import { createOrderReads } from './order-reads.ts'
import type { OrderReadsRepo } from './order-reads.repo.ts'
import type { OrderFilters, OrderRow, OrdersRepo, OrderWithItems } from './orders.repo.ts'

export const ORDER_DELETED_MESSAGE = 'Order deleted'

type Shortfalls = ReturnType<typeof createShortfalls>

/** What the orders feature needs of the coupons feature: giving a deleted order's use back. */
export interface CouponUseReturn {
  giveBackWithin(tx: Transaction, orderId: string): Promise<void>
}

/** The admin list's filters: a delivery day is that Houston calendar day's instants. */
function filtersOf(query: AdminOrderListQuery): OrderFilters {
  const { status, deliveryStatus, paymentStatus, search } = query
  const filters: OrderFilters = {
    status,
    deliveryStatus,
    paymentStatus,
    search: search || undefined,
  }
  if (query.deliveryDate) {
    const { start, end } = chicagoDayBounds(query.deliveryDate)
    filters.deliveredFrom = start
    filters.deliveredBefore = end
  }
  return filters
}

/**
 * Every read and change of an order (docs/product.md#orders): checkout creates one inside its
 * own transaction, customers read their own, admins list, change statuses and delete. A
 * deleted order stays deleted: checkout refuses to make it again from its completed payment.
 */
export function createOrdersService({
  db,
  repo,
  shortfalls,
  reads,
  transaction,
  coupons,
  catalog,
  log,
  now,
  outbox,
  publicUrl,
  accountEmail,
  runs = null,
}: {
  /** the database, for the queries the orders feature's own files make (not in the repo) */
  db: Executor
  repo: OrdersRepo
  /** items short at packing (order-shortfalls.ts) */
  shortfalls: Shortfalls
  /** the queries other features read orders through (order-reads.ts) */
  reads: OrderReadsRepo
  transaction: RunInTransaction
  coupons: CouponUseReturn
  /** the "Buy again" row is drawn as the catalogue's cards */
  catalog: Pick<CatalogService, 'buyAgain'>
  log: FastifyBaseLogger
  now: () => Date
  /** the e-mails of an order's life go out through the outbox, in the change's transaction */
  outbox: Pick<OutboxService, 'enqueueWithin'>
  /** the shop's address: every e-mail links to the order's page */
  publicUrl: string
  /** where a customer's e-mails go: their account's address now */
  accountEmail: (userId: string, tx: Transaction) => Promise<string | null>
  /** where the hold records its runs (the Jobs tab) */
  runs?: Pick<JobRuns, 'recordFinished'> | null
}) {
  const wire = (row: OrderWithItems) => toOrder(row, now())
  const notice = createNotices({ outbox, publicUrl, accountEmail })
  const statusDeps = { repo, transaction, now, notice }
  const records = createOrderRecords({ repo, notice, log, now, accountEmail })
  const holds = createHolds({
    repo,
    transaction,
    now,
    notice,
    log,
    runs,
    snapshots: createOrderSnapshots({ repo, now }),
  })
  return {
    ...records,

    /** unpaid orders put on hold at their deadline (the minute's tick), and marked paid by staff */
    holdDue: () => holds.holdDue(),
    markPaidWithin: (...args: Parameters<typeof holds.markPaidWithin>) =>
      holds.markPaidWithin(...args),
    /** items short at packing: their preview and their record (docs/product.md#refunds) */
    ...shortfalls,

    /** the one e-mail per packing session of items short, which the tick sends */
    ...createShortfallEmails({ db, repo, transaction, notice, now, log }),

    /** out for delivery, delivered, its undo, and the "delivered" e-mails the tick sends */
    ...createDeliveries({ repo, transaction, now, notice, log }),

    /** The order and its lines as they are now (a change is priced from this, then locked). */
    findWithLines: (orderId: string) => repo.withLines(orderId),

    /**
     * The order whose current payment this is, given the order a payment was made for (its
     * checkout's order, or the order a change's payment was for): the provider's events name
     * payments, and a payment no longer current concerns the order no more.
     */
    async byCurrentPayment(paymentId: string, orderId?: string): Promise<OrderRow | undefined> {
      const order = orderId ? await repo.find(orderId) : await repo.byCheckoutPayment(paymentId)
      return order?.currentPaymentId === paymentId ? order : undefined
    },

    /** Saturdays up to the instant with orders the cut-off still has to capture. */
    deliveriesAwaitingCapture: (upTo: Date) => repo.deliveriesAwaitingCapture(upTo),

    /** A batch of a Saturday's orders the cut-off still has to capture, in id order. */
    idsAwaitingCapture: (deliveryDate: Date, afterId: string | null, limit: number) =>
      repo.idsAwaitingCapture(deliveryDate, afterId, limit),

    ...createOrderReads({ reads, catalog }),

    async findByPayment(paymentIntentId: string): Promise<Order | undefined> {
      const found = await repo.findByPayment(paymentIntentId)
      return found && wire(found)
    },

    /** The customer's own orders, newest first. */
    async ordersOf(userId: string): Promise<Order[]> {
      return (await repo.ofUser(userId)).map(wire)
    },

    /**
     * The customer's open order for a Saturday (docs/product.md#one-order-per-saturday): not
     * cancelled and still changeable; the first placed when there are several. 404 when none.
     */
    async openOrderOn(userId: string, saturday: string): Promise<Order> {
      const open = openOrderOn((await repo.ofUser(userId)).map(wire), saturday)
      if (!open) throw new AppError('ORDER_NOT_FOUND')
      return open
    },

    /** The order with its life: 404 for an order that is not the caller's. */
    async orderOf(orderId: string, userId: string): Promise<Order> {
      const order = await repo.findWhole(orderId)
      if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND')
      return wire(order)
    },

    /** Any order as the API sends it, read inside the caller's transaction when given one. */
    async wireOf(orderId: string, tx?: Transaction): Promise<Order | undefined> {
      const order = await (tx ? repo.within(tx) : repo).findWhole(orderId)
      return order && wire(order)
    },

    /** An admin's view of any order. */
    async adminOrderOf(orderId: string): Promise<AdminOrder> {
      const [order] = await repo.withDetailsOf(orderId)
      if (!order) throw new AppError('ORDER_NOT_FOUND')
      return toAdminOrder(order, now())
    },

    /** An order's items: 404 for an order that is not the caller's; an admin may read any. */
    async itemsOf(orderId: string, caller: { userId: string; isAdmin: boolean }) {
      const order = await repo.find(orderId)
      if (!order || (order.userId !== caller.userId && !caller.isAdmin)) {
        throw new AppError('ORDER_NOT_FOUND')
      }
      const short = await shortfalls.shortfallsOf(orderId)
      return (await repo.itemsOf(orderId)).map((item) =>
        toOrderItem(item, short),
      ) satisfies OrderItem[]
    },

    /** The admin's list: filtered by delivery day (in Houston), statuses and a search, one page. */
    async list(query: AdminOrderListQuery): Promise<AdminOrderPage> {
      const { orders, totalCount } = await repo.page(filtersOf(query), {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      })
      return {
        orders: orders.map((row) => toAdminOrder(row, now())),
        totalCount,
        page: query.page,
        pageSize: query.pageSize,
      }
    },

    setStatus(orderId: string, status: OrderStatus, by: AdminCaller): Promise<AdminOrder> {
      return changeStatusField(statusDeps, orderId, { field: 'status', value: status }, by)
    },

    setDeliveryStatus(
      orderId: string,
      deliveryStatus: DeliveryStatus,
      by: AdminCaller,
    ): Promise<AdminOrder> {
      return changeStatusField(
        statusDeps,
        orderId,
        { field: 'delivery_status', value: deliveryStatus },
        by,
      )
    },

    /**
     * The shop packed the order (docs/product.md#the-week): its packed time is set once, and an
     * order still at "order placed" moves to "preparing" through the same recorded status change
     * as the admin's. Asking again changes nothing; a cancelled order is not packed.
     */
    async markPacked(
      orderId: string,
      by: AdminCaller,
    ): Promise<{ orderId: string; packedAt: Date; deliveryStatus: DeliveryStatus }> {
      const packed = await transaction(async (tx) => {
        const within = repo.within(tx)
        const locked = await within.lock(orderId)
        if (!locked) return undefined
        if (locked.status === 'cancelled') {
          throw new AppError('ORDER_CONFLICT', { message: 'A cancelled order is not packed.' })
        }
        const packedAt = locked.packedAt ?? (await within.setPackedAt(orderId, now()))
        let deliveryStatus = locked.deliveryStatus
        if (deliveryStatus === 'order_placed') {
          await changeLockedStatusField(
            statusDeps,
            tx,
            locked,
            { field: 'delivery_status', value: 'preparing' },
            by,
          )
          deliveryStatus = 'preparing'
        }
        return { orderId, packedAt, deliveryStatus }
      })
      if (!packed) throw new AppError('ORDER_NOT_FOUND')
      return packed
    },

    /** Deletes the order (items and history with it) and gives its coupon use back. */
    async remove(orderId: string, by: AdminCaller): Promise<{ message: string }> {
      const removed = await transaction(async (tx) => {
        const within = repo.within(tx)
        if (!(await within.lock(orderId))) return false
        // before the order goes: its redemption row goes with it by cascade
        await coupons.giveBackWithin(tx, orderId)
        await within.remove(orderId)
        return true
      })
      if (!removed) throw new AppError('ORDER_NOT_FOUND')
      log.info({ orderId, adminId: by.id }, 'order deleted by an admin')
      return { message: ORDER_DELETED_MESSAGE }
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
