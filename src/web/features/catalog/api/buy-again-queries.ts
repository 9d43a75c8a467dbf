import { queryOptions } from '@tanstack/react-query'
import type { Product } from '#shared/schemas/product.ts'
import { apiGet } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

/** The signed-in customer's most-ordered products in stock (docs/product.md#buy-again). */
export const buyAgainQueries = {
  list: () =>
    queryOptions({
      // under the customer's orders, so a new order refreshes it
      queryKey: [...QUERY_ROOTS.myOrders, 'buy-again'] as const,
      queryFn: ({ signal }) => apiGet<Product[]>('/api/orders/buy-again', signal),
      retry: false,
    }),
}
