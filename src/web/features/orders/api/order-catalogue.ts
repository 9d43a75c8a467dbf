import { queryOptions } from '@tanstack/react-query'
import type { CouponCheck } from '#shared/schemas/coupon.ts'
import type { Product } from '#shared/schemas/product.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

/**
 * What an order's change form reads besides the order: the shop's catalogue (products to add,
 * a custom box's choices, current prices) and the terms of the order's coupon, for the live
 * estimate of the new total. The server prices the change itself.
 */
export const orderChangeQueries = {
  catalogue: () =>
    queryOptions({
      // under the catalogue's root, so an admin's product change refreshes it too
      queryKey: [...QUERY_ROOTS.products, 'order-change'] as const,
      queryFn: ({ signal }) => apiGet<Product[]>('/api/products', signal),
      staleTime: 60_000,
    }),
  /** what a farm box's builder offers: its own list, in stock (docs/product.md#farm-boxes) */
  boxChoices: (boxId: string) =>
    queryOptions({
      queryKey: [...QUERY_ROOTS.products, 'box-choices', boxId] as const,
      queryFn: ({ signal }) =>
        apiGet<Product[]>(`/api/products/${encodeURIComponent(boxId)}/box-choices`, signal),
      staleTime: 60_000,
    }),
  coupon: (code: string) =>
    queryOptions({
      queryKey: ['orders', 'coupon-terms', code] as const,
      queryFn: ({ signal }) =>
        apiRequest<CouponCheck>('POST', '/api/validate-coupon', { body: { code }, signal }),
      staleTime: Infinity,
      retry: false,
    }),
}
