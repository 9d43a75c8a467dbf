import { queryOptions } from '@tanstack/react-query'
import type { Product } from '#shared/schemas/product.ts'
import { apiGet } from '#web/lib/api-client.ts'
import { productListPath, productQueries } from './product-queries.ts'

/** The header dropdown shows at most this many matches (docs/product.md#catalogue). */
export const SEARCH_DROPDOWN_LIMIT = 5

export interface ProductSearchResult {
  /** the text these products match, so a result kept on screen while the next one loads still says what it answers */
  term: string
  products: Product[]
}

/**
 * `GET /api/products?search=<term>&limit=5`: the header search's matches
 * (docs/product.md#catalogue).
 */
export function searchProductsQuery(term: string) {
  return queryOptions({
    queryKey: [...productQueries.all(), 'search', term, SEARCH_DROPDOWN_LIMIT] as const,
    queryFn: async ({ signal }): Promise<ProductSearchResult> => ({
      term,
      products: await apiGet<Product[]>(
        productListPath({ search: term, limit: SEARCH_DROPDOWN_LIMIT }),
        signal,
      ),
    }),
  })
}
