import type { QueryClient } from '@tanstack/react-query'
import type { PageName } from '#shared/routes.ts'
import type { Producer } from '#shared/schemas/producer.ts'
import type { Product } from '#shared/schemas/product.ts'
import { producerQueries, productQueries } from '#web/features/catalog/api/product-queries.ts'
import {
  parseShopFilters,
  parseShopSearch,
  shopProductFilters,
} from '#web/features/catalog/hooks/use-shop-filters.ts'
import { ApiError } from '#web/lib/api-client.ts'

export interface PageMatch {
  page: PageName
  params: Record<string, string>
  search: URLSearchParams
}

/** What a server render learnt while fetching a page's data: the thing the page is about. */
export interface PageData {
  notFound: boolean
  product?: Product
  producer?: Producer
}

/**
 * The queries a public page shows on its first screen, fetched before a server render under the
 * same keys the page's components use, so the browser finds them in its cache and asks nothing
 * again. A product or producer the API does not know makes the page a 404; any other failure
 * is thrown, and the server sends the page to be rendered in the browser instead.
 */
export async function loadPageData(
  queryClient: QueryClient,
  { page, params, search }: PageMatch,
): Promise<PageData> {
  switch (page) {
    case 'home':
    case 'producers':
      await queryClient.fetchQuery(producerQueries.list())
      return { notFound: false }
    case 'shop':
    case 'shopCategory':
    case 'shopSubcategory':
      await Promise.all([
        queryClient.fetchQuery(
          productQueries.list(
            shopProductFilters(parseShopFilters(search), {
              category: params.category,
              subcategory: params.subcategory,
              search: parseShopSearch(search),
            }),
          ),
        ),
        // the farm filter's names
        queryClient.fetchQuery(producerQueries.list()),
      ])
      return { notFound: false }
    case 'product': {
      const product = await orNotFound(
        queryClient.fetchQuery(productQueries.detail(params.id ?? '')),
      )
      if (!product) return { notFound: true }
      // "More from this producer", as the page asks for it
      await queryClient.fetchQuery(
        productQueries.list({ farm: product.producerSlug ?? product.farmSource, limit: 5 }),
      )
      return { notFound: false, product }
    }
    case 'producer': {
      const slug = params.slug ?? ''
      const [producer] = await Promise.all([
        orNotFound(queryClient.fetchQuery(producerQueries.detail(slug))),
        queryClient.fetchQuery(productQueries.list({ farm: slug })),
      ])
      return producer ? { notFound: false, producer } : { notFound: true }
    }
    default:
      return { notFound: false }
  }
}

async function orNotFound<T>(query: Promise<T>): Promise<T | undefined> {
  try {
    return await query
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined
    throw error
  }
}
