import type { Order, OrderConflict } from '#shared/schemas/order.ts'
import type { OrderChangeInput, OrderChangeResult } from '#shared/schemas/order-changes.ts'
import { ApiError, apiRequest } from '#web/lib/api-client.ts'

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`

/**
 * PATCH /api/orders/:id (docs/product.md#order-changes): 200 with the saved order, or 200 with
 * { paymentRequired } when the new total is above what the card authorised; 409 with the order
 * as it stands when it is locked, cancelled or was changed elsewhere.
 */
export const changeOrder = (id: string, input: OrderChangeInput) =>
  apiRequest<OrderChangeResult>('PATCH', orderPath(id), { body: input })

/** POST /api/orders/:id/cancel: the cancelled order; 409 after the cut-off. */
export const cancelOrder = (id: string) =>
  apiRequest<Order>('POST', `${orderPath(id)}/cancel`, { body: {} })

/** A 409's body: why, and the order as it stands now. */
export function orderConflictOf(error: unknown): OrderConflict | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  const body = error.body as Partial<OrderConflict> | undefined
  return typeof body?.message === 'string' && body.order ? (body as OrderConflict) : undefined
}
