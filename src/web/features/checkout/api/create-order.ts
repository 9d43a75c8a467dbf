import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CreateOrderInput } from '#shared/schemas/checkout.ts'
import type { Order } from '#shared/schemas/order.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

/**
 * POST /api/orders: 201 with a new order, 200 with the one this payment already made (the
 * server makes one order per payment, whoever asks first), 409 while the payment has not
 * succeeded.
 */
export const createOrder = (input: CreateOrderInput, signal?: AbortSignal) =>
  apiRequest<Order>('POST', '/api/orders', { body: input, signal })

/** The order of a payment, for the confirmation page: asking again is safe. */
export const orderQueries = {
  forPayment: (
    paymentIntentId: string,
    /** what the page knows besides the payment, read when the call is made */
    details: () => Omit<CreateOrderInput, 'paymentIntentId'> = () => ({}),
  ) =>
    queryOptions({
      queryKey: ['checkout', 'order', paymentIntentId] as const,
      queryFn: ({ signal }) => createOrder({ ...details(), paymentIntentId }, signal),
      staleTime: Infinity,
    }),
}

/**
 * A new order: the customer's order lists cached before it are dropped, not just marked stale, so
 * My Orders in the basket shows it (or 'Loading') rather than the list from before the purchase.
 */
export const forgetMyOrders = (queryClient: QueryClient) =>
  void queryClient.resetQueries({ queryKey: QUERY_ROOTS.myOrders })
