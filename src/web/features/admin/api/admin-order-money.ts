import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminRefundInput, ReleaseOrderInput } from '#shared/schemas/order-changes.ts'
import type { AdminOrder, OrderRefund } from '#shared/schemas/order.ts'
import type {
  ItemShortInput,
  ItemShortPreview,
  ItemShortResult,
} from '#shared/schemas/shortfalls.ts'
import { ApiError, apiGet, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'
import { adminOrderQueries } from './admin-orders.ts'
import { adminWeekQueries } from './admin-week.ts'

/*
 * The staff's money actions on an order (docs/product.md#order-payments): cancel it (the
 * authorisation released before the cut-off's capture, the whole amount refunded after it) and
 * refund part of a captured order. The server decides which; these only ask.
 */

/** POST /api/admin/orders/{id}/cancel → the cancelled order */
export const cancelAdminOrder = (id: string) =>
  apiRequest<AdminOrder>('POST', `/api/admin/orders/${id}/cancel`, { body: {} })

/**
 * POST /api/admin/orders/{id}/refunds → 201 the refund; 409 before capture, 400 above what is
 * left. `idempotencyKey` is the dialog's own: sent again (a retry, a second click) it answers
 * the same refund instead of making another.
 */
export const refundAdminOrder = ({
  id,
  input,
  idempotencyKey,
}: {
  id: string
  input: AdminRefundInput
  idempotencyKey: string
}) =>
  apiRequest<OrderRefund>('POST', `/api/admin/orders/${id}/refunds`, {
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  })

/** POST /api/admin/orders/{id}/release → the order, marked paid and out of its hold */
export const releaseAdminOrder = ({ id, input }: { id: string; input: ReleaseOrderInput }) =>
  apiRequest<AdminOrder>('POST', `/api/admin/orders/${id}/release`, { body: input })

/** After a money action the admin's list and the customer's orders are fetched afresh. */
function useRefreshOrders() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminOrderQueries.all() }),
      queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.myOrders }),
    ])
}

export function useCancelAdminOrder() {
  const refresh = useRefreshOrders()
  return useMutation({ mutationFn: cancelAdminOrder, onSettled: refresh })
}

export function useRefundAdminOrder() {
  const refresh = useRefreshOrders()
  return useMutation({ mutationFn: refundAdminOrder, onSettled: refresh })
}

export function useReleaseAdminOrder() {
  const refresh = useRefreshOrders()
  return useMutation({ mutationFn: releaseAdminOrder, onSettled: refresh })
}

const itemShortUrl = (orderId: string, itemId: string) =>
  `/api/admin/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}/short`

/**
 * GET …/items/{itemId}/short?quantity=N → what an item short would take off, as the server
 * prices it (docs/product.md#refunds): the dialog shows it before the staff confirm.
 */
export const itemShortPreview = (orderId: string, itemId: string, quantity: number) =>
  queryOptions({
    queryKey: ['admin', 'item-short', orderId, itemId, quantity] as const,
    queryFn: ({ signal }) =>
      apiGet<ItemShortPreview>(`${itemShortUrl(orderId, itemId)}?quantity=${quantity}`, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

/**
 * POST …/items/{itemId}/short → 201 what it took off (and its refund once the card was
 * charged). The key is the dialog's own: a second click answers the same shortfall.
 */
export function useItemShort() {
  const refresh = useRefreshOrders()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      orderId,
      itemId,
      input,
      idempotencyKey,
    }: {
      orderId: string
      itemId: string
      input: ItemShortInput
      idempotencyKey: string
    }) =>
      apiRequest<ItemShortResult>('POST', itemShortUrl(orderId, itemId), {
        body: input,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSettled: () =>
      Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: adminWeekQueries.all() })]),
  })
}

/** A money action refused until the admin gives the password again (after 30 minutes away). */
export const needsPasswordAgain = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 403 &&
  (error.body as { passwordAgain?: unknown } | undefined)?.passwordAgain === true

/** POST /api/auth/password-check: the admin's password, given again. */
export function usePasswordCheck() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ message: string }>('POST', '/api/auth/password-check', { body: { password } }),
  })
}
