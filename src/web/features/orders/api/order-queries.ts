import { queryOptions } from '@tanstack/react-query'
import type { Order } from '#shared/schemas/order.ts'
import { apiGet } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

/** The signed-in customer's orders, newest first, each with its items (docs/product.md#orders). */
export const myOrderQueries = {
  all: () => QUERY_ROOTS.myOrders,
  list: () =>
    queryOptions({
      queryKey: myOrderQueries.all(),
      queryFn: ({ signal }) => apiGet<Order[]>('/api/orders/my-orders', signal),
      // a new order or a delivery-status change shows on the next visit, not 5 minutes later
      staleTime: 0,
    }),
  /** one order with its history and refunds; 404 for someone else's */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...myOrderQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => apiGet<Order>(`/api/orders/${encodeURIComponent(id)}`, signal),
      staleTime: 0,
    }),
}
