import { useQuery } from '@tanstack/react-query'
import { XIcon } from 'lucide-react'
import { productTagLabel } from '#shared/domain/catalog.ts'
import { formatCentsBrief, type Cents } from '#shared/domain/money.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { Link } from '#web/lib/router.tsx'
import { producerQueries } from '../api/product-queries.ts'
import { NO_FILTERS, type ShopFilters } from '../hooks/use-shop-filters.ts'
import { findProducer } from './product-filters.tsx'

const dollars = formatCentsBrief

/** The price range (in cents) as words: "$5 – $20", "$5 and up", "Up to $20". */
export function priceRangeLabel(minPrice: Cents | undefined, maxPrice: Cents | undefined) {
  if (minPrice !== undefined && maxPrice !== undefined) {
    return `${dollars(minPrice)} – ${dollars(maxPrice)}`
  }
  if (minPrice !== undefined) return `${dollars(minPrice)} and up`
  return maxPrice === undefined ? '' : `Up to ${dollars(maxPrice)}`
}

/**
 * The filters in force, each a chip that removes it, and 'Clear filters': on a phone, where the
 * filters themselves sit in a drawer, this row shows what narrows the list. Each is a link to the
 * address without that filter, so it works before and without JavaScript too
 * (docs/product.md#without-javascript).
 */
export function ActiveFilters({
  filters,
  hrefWith,
  className,
}: {
  filters: ShopFilters
  /** the address of this page with these filters changed */
  hrefWith: (change: Partial<ShopFilters>) => string
  className?: string
}) {
  const producers = useQuery(producerQueries.list())
  const hasPrice = filters.minPrice !== undefined || filters.maxPrice !== undefined
  if (filters.tags.length === 0 && !hasPrice && !filters.farm) return null
  const farmName = filters.farm
    ? (findProducer(producers.data ?? [], filters.farm)?.name ?? filters.farm)
    : undefined

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <ul aria-label="Filters in use" className="flex flex-wrap items-center gap-2">
        {filters.tags.map((tag) => (
          <li key={tag}>
            <FilterChip
              label={productTagLabel(tag) ?? tag}
              to={hrefWith({ tags: filters.tags.filter((known) => known !== tag) })}
            />
          </li>
        ))}
        {hasPrice ? (
          <li>
            <FilterChip
              label={priceRangeLabel(filters.minPrice, filters.maxPrice)}
              to={hrefWith({ minPrice: undefined, maxPrice: undefined })}
            />
          </li>
        ) : null}
        {farmName ? (
          <li>
            <FilterChip label={farmName} to={hrefWith({ farm: undefined })} />
          </li>
        ) : null}
      </ul>
      <Button asChild variant="link" size="xs">
        <Link to={hrefWith(NO_FILTERS)}>Clear filters</Link>
      </Button>
    </div>
  )
}

function FilterChip({ label, to }: { label: string; to: string }) {
  return (
    <Link
      to={to}
      // an aria-label, not screen-reader-only text: that text is positioned out of the line,
      // and the browser would put a space before its comma
      aria-label={`${label}, remove filter`}
      className="inline-flex h-8 items-center gap-1.5 rounded-full border border-primary/30 bg-accent pr-2 pl-3 text-xs font-medium text-accent-foreground transition-colors hover:border-primary"
    >
      {label}
      <XIcon className="size-3.5" aria-hidden />
    </Link>
  )
}
