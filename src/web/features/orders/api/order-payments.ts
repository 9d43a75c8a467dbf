import type { Order } from '#shared/schemas/order.ts'
import type { PaymentRequired } from '#shared/schemas/order-changes.ts'
import { apiRequest } from '#web/lib/api-client.ts'

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`

/**
 * POST /api/orders/:id/pay-again (docs/product.md#order-payments): a new payment for an order
 * whose capture was declined, until its pay-again deadline.
 */
export const payAgain = (id: string) =>
  apiRequest<PaymentRequired>('POST', `${orderPath(id)}/pay-again`, { body: {} })

/**
 * POST /api/orders/:id/payments/complete: once the card form confirmed a change's (or a
 * pay-again's) payment, the server applies it (exactly once, whoever asks first) and answers
 * with the order.
 */
export const completeOrderPayment = (id: string, paymentIntentId: string) =>
  apiRequest<Order>('POST', `${orderPath(id)}/payments/complete`, { body: { paymentIntentId } })
