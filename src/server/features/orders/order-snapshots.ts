import type { Order } from '#shared/schemas/order.ts'
import type { Transaction } from '../../db/transaction.ts'
import { toOrder } from './order-wire.ts'
import type { OrderRow, OrdersRepo } from './orders.repo.ts'

/** An order read inside the transaction that writes it: locked, or as its customer reads it. */
export function createOrderSnapshots({ repo, now }: { repo: OrdersRepo; now: () => Date }) {
  return {
    /** the order as its customer reads it (for its e-mail), with its account's id */
    wireWithin: async (tx: Transaction, orderId: string): Promise<Order & { userId: string }> => {
      const whole = await repo.within(tx).findWhole(orderId)
      if (!whole) throw new Error(`order ${orderId} vanished inside its transaction`)
      return { ...toOrder(whole, now()), userId: whole.userId }
    },

    /** the order's row, locked (again: a transaction's own lock is free to take) */
    lockedRow: async (tx: Transaction, orderId: string): Promise<OrderRow> => {
      const order = await repo.within(tx).lock(orderId)
      if (!order) throw new Error(`order ${orderId} vanished inside its transaction`)
      return order
    },
  }
}

export type OrderSnapshots = ReturnType<typeof createOrderSnapshots>
