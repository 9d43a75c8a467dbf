import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { OutboxEmail } from '#shared/schemas/order-changes.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'

/** The e-mail outbox (docs/product.md#order-emails): the sends that failed, and Retry. */
export const adminOutboxQueries = {
  all: () => ['admin', 'outbox'] as const,
  failed: () =>
    queryOptions({
      queryKey: [...adminOutboxQueries.all(), 'failed'] as const,
      queryFn: ({ signal }) =>
        apiGet<{ emails: OutboxEmail[] }>('/api/admin/outbox?status=failed', signal),
      staleTime: 0,
    }),
}

/** Sends a failed e-mail again: back to pending, with a new send job. */
export function useRetryEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest<OutboxEmail>('POST', `/api/admin/outbox/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOutboxQueries.all() }),
  })
}
