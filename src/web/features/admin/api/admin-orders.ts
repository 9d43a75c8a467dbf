import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminOrder, AdminOrderListQueryInput, AdminOrderPage } from '#shared/schemas/order.ts'
import type { DeliveryStatus, OrderStatus } from '#shared/schemas/order-status.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

export type AdminOrderFilters = Pick<
  AdminOrderListQueryInput,
  'deliveryDate' | 'status' | 'deliveryStatus' | 'paymentStatus' | 'search' | 'page' | 'pageSize'
>

export function adminOrdersPath(filters: AdminOrderFilters): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') params.set(key, `${value}`)
  }
  const query = params.toString()
  return query ? `/api/admin/orders?${query}` : '/api/admin/orders'
}

/** The admin's order list, filtered and paged on the server. */
export const adminOrderQueries = {
  all: () => ['admin', 'orders'] as const,
  list: (filters: AdminOrderFilters) =>
    queryOptions({
      queryKey: [...adminOrderQueries.all(), filters] as const,
      queryFn: ({ signal }) => apiGet<AdminOrderPage>(adminOrdersPath(filters), signal),
      // staff work from the live list: new orders and other admins' changes show on return
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
}

type OrderChange =
  | { kind: 'status'; id: string; value: OrderStatus }
  | { kind: 'deliveryStatus'; id: string; value: DeliveryStatus }

const changeOrder = (change: OrderChange) =>
  change.kind === 'status'
    ? apiRequest<AdminOrder>('PATCH', `/api/admin/orders/${change.id}/status`, {
        body: { status: change.value },
      })
    : apiRequest<AdminOrder>('PATCH', `/api/admin/orders/${change.id}/delivery-status`, {
        body: { deliveryStatus: change.value },
      })

/** Sets an order's status or delivery status; the lists (the admin's and the customer's) follow. */
export function useChangeOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeOrder,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderQueries.all() }),
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.myOrders }),
      ])
    },
  })
}

export function useDeleteOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('DELETE', `/api/admin/orders/${id}`),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderQueries.all() }),
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.myOrders }),
      ])
    },
  })
}
