import { queryOptions } from '@tanstack/react-query'
import type { Producer } from '#shared/schemas/producer.ts'
import type { Product, ProductListQueryInput } from '#shared/schemas/product.ts'
import { apiGet } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

/** Query keys and fetchers of the catalogue, together (style rule 6). */
export const productQueries = {
  all: () => QUERY_ROOTS.products,
  list: (filters: ProductFilters = {}) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'list', filters] as const,
      queryFn: ({ signal }) => apiGet<Product[]>(productListPath(filters), signal),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => apiGet<Product>(`/api/products/${encodeURIComponent(id)}`, signal),
    }),
  /** what a farm box's builder offers: its own list, in stock (docs/product.md#farm-boxes) */
  boxChoices: (boxId: string) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'box-choices', boxId] as const,
      queryFn: ({ signal }) =>
        apiGet<Product[]>(`/api/products/${encodeURIComponent(boxId)}/box-choices`, signal),
    }),
}

export const producerQueries = {
  list: () =>
    queryOptions({
      queryKey: [...QUERY_ROOTS.producers, 'list'] as const,
      queryFn: ({ signal }) => apiGet<Producer[]>('/api/producers', signal),
    }),
  detail: (slug: string) =>
    queryOptions({
      queryKey: [...QUERY_ROOTS.producers, 'detail', slug] as const,
      queryFn: ({ signal }) =>
        apiGet<Producer>(`/api/producers/${encodeURIComponent(slug)}`, signal),
    }),
}

/** The list filters as a URL carries them (tags comma-separated), checked by the server. */
export type ProductFilters = { [Key in keyof ProductListQueryInput]?: string | number | undefined }

export function productListPath(filters: ProductFilters): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '') continue
    params.set(key, String(value))
  }
  const query = params.toString()
  return query ? `/api/products?${query}` : '/api/products'
}
