import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Producer } from '#shared/schemas/producer.ts'
import type { Product, ProductInput } from '#shared/schemas/product.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

export interface AdminProductFilters {
  search?: string | undefined
  category?: string | undefined
}

function adminProductsPath({ search, category }: AdminProductFilters) {
  const params = new URLSearchParams()
  if (search) params.set('search', search)
  if (category) params.set('category', category)
  const query = params.toString()
  return query ? `/api/admin/products?${query}` : '/api/admin/products'
}

/** Every product, in stock or not, searched by name or farm on the server. */
export const adminProductQueries = {
  all: () => ['admin', 'products'] as const,
  list: (filters: AdminProductFilters) =>
    queryOptions({
      queryKey: [...adminProductQueries.all(), filters] as const,
      queryFn: ({ signal }) => apiGet<Product[]>(adminProductsPath(filters), signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  /** the producers' names, offered as the Farm Source */
  producerNames: () =>
    queryOptions({
      queryKey: [...QUERY_ROOTS.producers, 'names'] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<Producer[]>('/api/producers', signal)).map((producer) => producer.name),
    }),
}

/** After any change the admin list and the shop's own product queries are fetched afresh. */
function useRefreshProducts() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminProductQueries.all() }),
      queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.products }),
    ])
}

export function useSaveProduct() {
  const refresh = useRefreshProducts()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput }) =>
      id === null
        ? apiRequest<Product>('POST', '/api/admin/products', { body: input })
        : apiRequest<Product>('PATCH', `/api/admin/products/${id}`, { body: input }),
    onSuccess: refresh,
  })
}

export function useDeleteProduct() {
  const refresh = useRefreshProducts()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('DELETE', `/api/admin/products/${id}`),
    onSettled: refresh,
  })
}
