import { useQuery } from '@tanstack/react-query'
import { XIcon } from 'lucide-react'
import { PRODUCT_TAG_GROUPS, type ProductTag } from '#shared/domain/catalog.ts'
import { formatCentsBrief, type Cents } from '#shared/domain/money.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { producerQueries } from '../api/product-queries.ts'
import type { ShopFilters } from '../hooks/use-shop-filters.ts'
import { findProducer } from './product-filters.tsx'

const TAG_LABELS = new Map<string, string>(
  PRODUCT_TAG_GROUPS.flatMap((group) => group.tags.map((tag) => [tag.slug, tag.label] as const)),
)

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
 * filters themselves sit in a drawer, this row shows what narrows the list.
 */
export function ActiveFilters({
  filters,
  onRemoveTag,
  onRemovePrice,
  onRemoveFarm,
  onClear,
  className,
}: {
  filters: ShopFilters
  onRemoveTag: (tag: ProductTag) => void
  onRemovePrice: () => void
  onRemoveFarm: () => void
  onClear: () => void
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
            <FilterChip label={TAG_LABELS.get(tag) ?? tag} onRemove={() => onRemoveTag(tag)} />
          </li>
        ))}
        {hasPrice ? (
          <li>
            <FilterChip
              label={priceRangeLabel(filters.minPrice, filters.maxPrice)}
              onRemove={onRemovePrice}
            />
          </li>
        ) : null}
        {farmName ? (
          <li>
            <FilterChip label={farmName} onRemove={onRemoveFarm} />
          </li>
        ) : null}
      </ul>
      <Button variant="link" size="sm" className="h-8 px-2" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  )
}

function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      // an aria-label, not screen-reader-only text: that text is positioned out of the line,
      // and the browser would put a space before its comma
      aria-label={`${label}, remove filter`}
      className="inline-flex h-8 items-center gap-1.5 rounded-full border border-primary/30 bg-accent pr-2 pl-3 text-xs font-medium text-accent-foreground transition-colors hover:border-primary"
    >
      {label}
      <XIcon className="size-3.5" aria-hidden />
    </button>
  )
}
