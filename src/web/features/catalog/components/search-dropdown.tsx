import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from '#web/lib/router.tsx'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { paths } from '#shared/routes.ts'
import type { Product } from '#shared/schemas/product.ts'
import { cn } from '#web/lib/cn.ts'
import { SEARCH_DROPDOWN_LIMIT, searchProductsQuery } from '../api/search-products.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { ProductImage } from '#web/components/product-image.tsx'

const DEBOUNCE_MS = 250

/**
 * The matches under the header's search field (docs/product.md#catalogue): at most 5, each with
 * image, name, farm and price; the PRODUCTS label and 'View all results' only at exactly 5; 'No
 * products found for "…"' when nothing matches. Products are fetched only for non-empty text, after
 * a pause in typing.
 */
export function SearchDropdown({ text, onNavigate }: { text: string; onNavigate: () => void }) {
  const typed = text.trim()
  const term = useDebouncedValue(typed, DEBOUNCE_MS)
  const search = useQuery({
    ...searchProductsQuery(term),
    enabled: term !== '',
    // the last answer stays on screen (dimmed) while the next one loads, so the list does not jump
    placeholderData: keepPreviousData,
  })

  const result = typed === '' ? undefined : search.data
  let message: string | null = null
  if (typed !== '' && !result) {
    message = search.isError
      ? 'Search is not available right now. Please try again.'
      : 'Searching...'
  } else if (result?.products.length === 0) {
    message = `No products found for "${result.term}"`
  }
  const stale = result !== undefined && (search.isPlaceholderData || result.term !== typed)

  // one live region, always present while the box is open, so screen readers hear each answer
  return (
    <div className={cn('transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <div role="status">
        {message ? (
          <p className="px-1 py-4 text-center text-sm text-muted-foreground">{message}</p>
        ) : result ? (
          <p className="sr-only">
            {result.products.length === 1 ? '1 product' : `${result.products.length} products`}{' '}
            found
          </p>
        ) : null}
      </div>
      {result && result.products.length > 0 ? (
        <SearchResults result={result.products} term={result.term} onNavigate={onNavigate} />
      ) : null}
    </div>
  )
}

function SearchResults({
  result,
  term,
  onNavigate,
}: {
  result: readonly Product[]
  term: string
  onNavigate: () => void
}) {
  const labelId = useId()
  const full = result.length === SEARCH_DROPDOWN_LIMIT
  return (
    <div className="max-h-[calc(100dvh-9rem)] overflow-y-auto pt-1">
      {full ? (
        <p
          id={labelId}
          className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
        >
          Products
        </p>
      ) : null}
      <ul
        aria-labelledby={full ? labelId : undefined}
        aria-label={full ? undefined : 'Matching products'}
        className="flex flex-col"
      >
        {result.map((product) => (
          <li key={product.id}>
            <Link
              to={paths.product(product.id)}
              data-search-item
              onClick={onNavigate}
              className="flex items-center gap-3 rounded-md px-2 py-2 transition-colors outline-offset-0 hover:bg-accent focus-visible:bg-accent"
            >
              <ProductImage
                src={product.imageUrl}
                alt=""
                size="size-12"
                className="shrink-0 rounded-md bg-wheat"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-semibold">{product.name}</span>
                <span className="truncate text-xs text-muted-foreground">{product.farmSource}</span>
              </span>
              <span className="text-sm font-semibold text-primary">
                {formatDecimalPrice(product.price)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {full ? (
        <Link
          to={paths.shopSearch(term)}
          data-search-item
          onClick={onNavigate}
          className="mt-1 block rounded-md border-t border-border px-2 py-2.5 text-center text-sm font-semibold text-primary transition-colors hover:bg-accent hover:underline focus-visible:bg-accent"
        >
          View all results
        </Link>
      ) : null}
    </div>
  )
}
