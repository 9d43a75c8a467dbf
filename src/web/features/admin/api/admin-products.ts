import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminProduct, BoxChoices, ProductInput } from '#shared/schemas/product.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'
import { ADMIN_CATALOGUE_ROOTS } from './admin-query-keys.ts'

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
  all: () => ADMIN_CATALOGUE_ROOTS.products,
  list: (filters: AdminProductFilters) =>
    queryOptions({
      queryKey: [...adminProductQueries.all(), filters] as const,
      queryFn: ({ signal }) => apiGet<AdminProduct[]>(adminProductsPath(filters), signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
}

/**
 * After any change the admin's products and producers (their product counts) and the shop's own
 * product queries are fetched afresh.
 */
function useRefreshProducts() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [ADMIN_CATALOGUE_ROOTS.products, ADMIN_CATALOGUE_ROOTS.producers, QUERY_ROOTS.products].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    )
}

export function useSaveProduct() {
  const refresh = useRefreshProducts()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput }) =>
      id === null
        ? apiRequest<AdminProduct>('POST', '/api/admin/products', { body: input })
        : apiRequest<AdminProduct>('PATCH', `/api/admin/products/${id}`, { body: input }),
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

/** A farm box's own list of items, as the admin sets it (docs/product.md#farm-boxes). */
export const boxChoicesQuery = (boxId: string) =>
  queryOptions({
    queryKey: [...adminProductQueries.all(), 'box-choices', boxId] as const,
    queryFn: ({ signal }) =>
      apiGet<BoxChoices>(`/api/admin/products/${encodeURIComponent(boxId)}/box-choices`, signal),
    staleTime: 0,
  })

export function useSaveBoxChoices(boxId: string) {
  const refresh = useRefreshProducts()
  return useMutation({
    mutationFn: (productIds: string[]) =>
      apiRequest<BoxChoices>(
        'PUT',
        `/api/admin/products/${encodeURIComponent(boxId)}/box-choices`,
        {
          body: { productIds },
        },
      ),
    onSuccess: refresh,
  })
}
