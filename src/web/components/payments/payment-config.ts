import { queryOptions } from '@tanstack/react-query'
import type { PaymentConfig } from '#shared/schemas/checkout.ts'
import { apiGet } from '#web/lib/api-client.ts'

/** GET /api/payments/config: which payment form the checkout shows (docs/product.md#payments). */
export const paymentQueries = {
  config: () =>
    queryOptions({
      queryKey: ['payments', 'config'] as const,
      queryFn: ({ signal }) => apiGet<PaymentConfig>('/api/payments/config', signal),
      staleTime: Infinity,
    }),
}
