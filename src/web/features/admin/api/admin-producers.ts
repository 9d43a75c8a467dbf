import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminProducer, ProducerInput } from '#shared/schemas/producer.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'
import { ADMIN_CATALOGUE_ROOTS } from './admin-query-keys.ts'

/** Every producer, inactive ones included, with its id and product count. */
export const adminProducerQueries = {
  all: () => ADMIN_CATALOGUE_ROOTS.producers,
  list: () =>
    queryOptions({
      queryKey: adminProducerQueries.all(),
      queryFn: ({ signal }) => apiGet<AdminProducer[]>('/api/admin/producers', signal),
      staleTime: 0,
    }),
}

/**
 * After any change: the admin's producers and products (a product shows its producer's name),
 * and the shop's own producer and product queries, are fetched afresh.
 */
function useRefreshProducers() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [
        ADMIN_CATALOGUE_ROOTS.producers,
        ADMIN_CATALOGUE_ROOTS.products,
        QUERY_ROOTS.producers,
        QUERY_ROOTS.products,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

export function useSaveProducer() {
  const refresh = useRefreshProducers()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProducerInput }) =>
      id === null
        ? apiRequest<AdminProducer>('POST', '/api/admin/producers', { body: input })
        : apiRequest<AdminProducer>('PATCH', `/api/admin/producers/${id}`, { body: input }),
    onSuccess: refresh,
  })
}

export function useDeleteProducer() {
  const refresh = useRefreshProducers()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('DELETE', `/api/admin/producers/${id}`),
    onSettled: refresh,
  })
}
