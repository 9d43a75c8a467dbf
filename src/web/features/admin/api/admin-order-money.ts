import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminRefundInput, ReleaseOrderInput } from '#shared/schemas/order-changes.ts'
import type { AdminOrder, OrderRefund } from '#shared/schemas/order.ts'
import { ApiError, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'
import { adminOrderQueries } from './admin-orders.ts'

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
