import { LeafIcon, MapPinIcon } from 'lucide-react'
import { productTagBadges } from '#shared/domain/catalog.ts'
import { decimalToCents, formatDecimalPrice } from '#shared/domain/money.ts'
import { unitPriceLabel } from '#shared/domain/unit-price.ts'
import type { Product } from '#shared/schemas/product.ts'

/** "In season" and the product's tags, as badges (docs/product.md#the-product-page). */
export function ProductBadges({ product }: { product: Pick<Product, 'seasonal' | 'tags'> }) {
  const tags = productTagBadges(product.tags)
  if (!product.seasonal && tags.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label="About this product at a glance">
      {product.seasonal ? (
        <li className="flex items-center gap-1 rounded-full bg-butter px-3 py-1 text-sm font-semibold text-charcoal">
          <LeafIcon className="size-3.5" aria-hidden />
          In season
        </li>
      ) : null}
      {tags.map((tag) => (
        <li
          key={tag.slug}
          className="rounded-full border border-forest/30 bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground"
        >
          {tag.label}
        </li>
      ))}
    </ul>
  )
}

/** The producer's distance from Houston, when the producer gives one. */
export function ProducerDistance({ distance }: { distance: string }) {
  if (distance === '') return null
  return (
    <span className="flex items-center gap-1 text-sm text-muted-foreground">
      <MapPinIcon className="size-4 shrink-0" aria-hidden />
      {distance}
    </span>
  )
}

/** "$4.50 / 2 lb · $2.25/lb": the price, its unit and, for a weight, the price per lb or oz. */
export function ProductPrice({ product }: { product: Pick<Product, 'price' | 'stockCount'> }) {
  const perUnit = unitPriceLabel(decimalToCents(product.price), product.stockCount)
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {/* the spaces between the parts keep the text readable as one line: "$4.50 / 2 lb · $2.25/lb" */}
      <span className="text-3xl font-semibold">{formatDecimalPrice(product.price)}</span>{' '}
      <span className="text-muted-foreground">/ {product.stockCount}</span>
      {perUnit ? (
        <>
          {' '}
          <span className="text-muted-foreground">· {perUnit}</span>
        </>
      ) : null}
    </p>
  )
}
