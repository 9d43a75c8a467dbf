import { useCallback, useMemo } from 'react'
import { useLocation, useSearchParams } from '#web/lib/router.tsx'
import {
  PRODUCT_SORTS,
  PRODUCT_TAGS,
  type ProductSort,
  type ProductTag,
} from '#shared/domain/catalog.ts'
import { centsToTypedAmount, readMoneyInput, type Cents } from '#shared/domain/money.ts'
import type { ProductFilters } from '../api/product-queries.ts'

/** The shop's filters and sort, as the page's URL query carries them (docs/product.md#catalogue). */
export interface ShopFilters {
  tags: ProductTag[]
  /** cents; the URL and the API carry dollars ("5", "7.50") */
  minPrice: Cents | undefined
  maxPrice: Cents | undefined
  /** one producer: its slug (or name, from an older link) */
  farm: string | undefined
  sort: ProductSort
}

export const DEFAULT_SORT: ProductSort = 'featured'
/** Every filter off; the sort stays. */
export const NO_FILTERS = {
  tags: [] as ProductTag[],
  minPrice: undefined,
  maxPrice: undefined,
  farm: undefined,
} satisfies Partial<ShopFilters>
/** $100,000 in cents: the highest price bound the server takes */
const MAX_PRICE_CENTS = 10_000_000
const MAX_TEXT = 100

/**
 * Reads the filters from a URL query. A hand-edited or stale link must not turn into a 400 from
 * the server, so unknown tags and sorts are dropped, bad prices ignored and a reversed range
 * swapped; what is left is exactly what the server accepts. Tags come as one comma list
 * (`tags=local,gluten-free`, what the page writes) or as repeated keys (`tags=local&tags=gluten-free`,
 * what the filter form sends without JavaScript, docs/product.md#without-javascript), or both.
 */
export function parseShopFilters(params: URLSearchParams): ShopFilters {
  const requested = new Set(
    params
      .getAll('tags')
      .flatMap((list) => list.split(','))
      .map((tag) => tag.trim())
      .filter(Boolean),
  )
  let minPrice = parsePrice(params.get('minPrice'))
  let maxPrice = parsePrice(params.get('maxPrice'))
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    ;[minPrice, maxPrice] = [maxPrice, minPrice]
  }
  const sort = params.get('sort')
  return {
    tags: PRODUCT_TAGS.filter((tag) => requested.has(tag)),
    minPrice,
    maxPrice,
    farm: cleanText(params.get('farm')),
    sort: PRODUCT_SORTS.find((known) => known === sort) ?? DEFAULT_SORT,
  }
}

/** The search text of /shop?search=, cleaned the way the server would refuse otherwise. */
export function parseShopSearch(params: URLSearchParams): string | undefined {
  return cleanText(params.get('search'))
}

export function countActiveFilters(filters: ShopFilters): number {
  return (
    filters.tags.length +
    (filters.minPrice !== undefined || filters.maxPrice !== undefined ? 1 : 0) +
    (filters.farm ? 1 : 0)
  )
}

/** The `GET /api/products` query of a shop page: every filter and the sort run on the server. */
export function shopProductFilters(
  filters: ShopFilters,
  scope: { category?: string | undefined; subcategory?: string | undefined; search?: string },
): ProductFilters {
  return {
    category: scope.category,
    subcategory: scope.subcategory,
    search: scope.search,
    tags: filters.tags.length > 0 ? filters.tags.join(',') : undefined,
    minPrice: typedAmount(filters.minPrice),
    maxPrice: typedAmount(filters.maxPrice),
    farm: filters.farm,
    sort: filters.sort === DEFAULT_SORT ? undefined : filters.sort,
  }
}

const typedAmount = (cents: Cents | undefined) =>
  cents === undefined ? undefined : centsToTypedAmount(cents)

/**
 * Writes filters into a URL query, leaving its other keys (search...) as they are, except the
 * page: a change of filters starts again at the first (docs/product.md#catalogue).
 */
export function writeShopFilters(params: URLSearchParams, filters: ShopFilters): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete('page')
  const set = (key: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(key)
    else next.set(key, value)
  }
  set('tags', PRODUCT_TAGS.filter((tag) => filters.tags.includes(tag)).join(','))
  set('minPrice', typedAmount(filters.minPrice))
  set('maxPrice', typedAmount(filters.maxPrice))
  set('farm', filters.farm)
  set('sort', filters.sort === DEFAULT_SORT ? undefined : filters.sort)
  return next
}

/**
 * The shop's filters, read from and written to the URL query: every change is a new history
 * entry, so a filtered page can be shared and the back button undoes the last change.
 */
export function useShopFilters() {
  const [searchParams, setSearchParams] = useSearchParams()
  const { pathname } = useLocation()
  const filters = useMemo(() => parseShopFilters(searchParams), [searchParams])
  const search = parseShopSearch(searchParams)
  const searchOnly = new URLSearchParams(search === undefined ? [] : [['search', search]])

  const update = useCallback(
    (change: Partial<ShopFilters>) =>
      setSearchParams((current) =>
        writeShopFilters(current, { ...parseShopFilters(current), ...change }),
      ),
    [setSearchParams],
  )

  const toggleTag = useCallback(
    (tag: ProductTag, checked: boolean) =>
      update({
        tags: checked
          ? [...filters.tags.filter((known) => known !== tag), tag]
          : filters.tags.filter((known) => known !== tag),
      }),
    [filters.tags, update],
  )

  const clearFilters = useCallback(() => update(NO_FILTERS), [update])

  /** The address of this page with some filters changed: links that work without JavaScript. */
  const hrefWith = useCallback(
    (change: Partial<ShopFilters>) => {
      const query = writeShopFilters(searchParams, { ...filters, ...change }).toString()
      return query ? `${pathname}?${query}` : pathname
    },
    [filters, pathname, searchParams],
  )

  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1)
  const more = new URLSearchParams(searchParams)
  more.set('page', String(page + 1))

  return {
    filters,
    search,
    /** `?page=n` shows the first n pages of the list */
    page,
    /** the address of the list one page longer: Show more */
    moreHref: `${pathname}?${more}`,
    activeCount: countActiveFilters(filters),
    /** the query string to keep when moving to another category (filters and sort, no search) */
    filterQuery: writeShopFilters(new URLSearchParams(), filters).toString(),
    /** where the shop's GET forms are sent: this page, its query made of their fields */
    formAction: pathname,
    /** what the filter form sends besides its fields: the sort and the search */
    filterFormKeep: writeShopFilters(searchOnly, { ...filters, ...NO_FILTERS }),
    /** what the sort form sends besides the sort: the filters and the search */
    sortFormKeep: writeShopFilters(searchOnly, { ...filters, sort: DEFAULT_SORT }),
    update,
    toggleTag,
    clearFilters,
    hrefWith,
  }
}

function parsePrice(value: string | null): Cents | undefined {
  if (value === null) return undefined
  const read = readMoneyInput(value)
  return read.ok && read.cents <= MAX_PRICE_CENTS ? read.cents : undefined
}

function cleanText(value: string | null): string | undefined {
  // PostgreSQL stores no NUL character, and the server refuses one (TextSchema)
  const text = value?.replaceAll('\u0000', '').trim().slice(0, MAX_TEXT).trim()
  return text ? text : undefined
}
