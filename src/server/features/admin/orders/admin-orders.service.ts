import type { FastifyBaseLogger } from 'fastify'
import { chicagoDayBounds } from '#shared/domain/delivery.ts'
import type {
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderPage,
  OrderStatusChange,
} from '#shared/schemas/admin.ts'
import { AppError } from '../../../app-error.ts'
import type { AdminCaller } from '../../../plugins/admin-guard.ts'
import { toOrder } from '../../checkout/checkout.service.ts'
import type {
  AdminOrderFilters,
  AdminOrderRow,
  AdminOrdersRepo,
  OrderStatusChangeRow,
  StatusFieldChange,
} from './admin-orders.repo.ts'

export const ORDER_DELETED_MESSAGE = 'Order deleted'

function toStatusChange(row: OrderStatusChangeRow): OrderStatusChange {
  return {
    id: row.id,
    field: row.field,
    fromValue: row.fromValue,
    toValue: row.toValue,
    changedByEmail: row.changedByEmail,
    createdAt: row.createdAt.toISOString(),
  }
}

export function toAdminOrder(row: AdminOrderRow): AdminOrder {
  return {
    ...toOrder(row),
    userId: row.userId,
    statusHistory: row.statusHistory.map(toStatusChange),
  }
}

/**
 * The admin's orders (spec §2, decisions §2): a filtered, paged list, status changes recorded
 * with who made them, and deletion. A deleted order stays deleted: checkout refuses to make it
 * again from its completed payment (checkout.service.ts, fulfil).
 */
export function createAdminOrdersService({
  repo,
  log,
}: {
  repo: AdminOrdersRepo
  log: FastifyBaseLogger
}) {
  async function changeStatusField(orderId: string, change: StatusFieldChange, by: AdminCaller) {
    const order = await repo.changeStatusField(orderId, change, by)
    if (!order) throw new AppError('ORDER_NOT_FOUND')
    return toAdminOrder(order)
  }

  return {
    async list(query: AdminOrderListQuery): Promise<AdminOrderPage> {
      const filters: AdminOrderFilters = {
        status: query.status,
        deliveryStatus: query.deliveryStatus,
      }
      if (query.deliveryDate) {
        const { start, end } = chicagoDayBounds(query.deliveryDate)
        filters.deliveredFrom = start
        filters.deliveredBefore = end
      }
      const { orders, totalCount } = await repo.listOrders(filters, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      })
      return {
        orders: orders.map(toAdminOrder),
        totalCount,
        page: query.page,
        pageSize: query.pageSize,
      }
    },

    setStatus(orderId: string, status: AdminOrder['status'], by: AdminCaller) {
      return changeStatusField(orderId, { field: 'status', value: status }, by)
    },

    setDeliveryStatus(
      orderId: string,
      deliveryStatus: AdminOrder['deliveryStatus'],
      by: AdminCaller,
    ) {
      return changeStatusField(orderId, { field: 'delivery_status', value: deliveryStatus }, by)
    },

    async remove(orderId: string, by: AdminCaller): Promise<{ message: string }> {
      if (!(await repo.deleteOrder(orderId))) throw new AppError('ORDER_NOT_FOUND')
      log.info({ orderId, adminId: by.id }, 'order deleted by an admin')
      return { message: ORDER_DELETED_MESSAGE }
    },
  }
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>
