import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Product } from '#shared/schemas/product.ts'
import { buyAgainQueries } from '../api/buy-again-queries.ts'
import { ProductCard } from './product-card.tsx'

/**
 * /shop's "Buy again" row for a signed-in customer (docs/product.md#buy-again): their
 * most-ordered products in stock, as the shop's own cards with their basket control, in one row
 * that scrolls sideways (on a phone it would otherwise push the shop two screens down). Nothing
 * while loading, on an error or when they have none. Loaded lazily, after hydration, so the
 * shop's first load does not carry it.
 */
export default function BuyAgainRow({
  onOpenBox,
  renderAction,
}: {
  onOpenBox: (box: Product) => void
  /** each card's basket control (the page passes it in: features do not import each other) */
  renderAction: (product: Product) => ReactNode
}) {
  const products = useQuery(buyAgainQueries.list())
  if (!products.data || products.data.length === 0) return null
  return (
    <section aria-labelledby="buy-again-heading" className="mb-8 flex min-w-0 flex-col gap-4">
      <h2 id="buy-again-heading" className="text-2xl font-semibold text-forest">
        Buy again
      </h2>
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 sm:mx-0 sm:scroll-px-0 sm:gap-5 sm:px-0">
        {products.data.map((product) => (
          <li key={product.id} className="flex w-40 shrink-0 snap-start sm:w-52">
            {/* below the fold's first pictures: the shop's own list is what to fetch first */}
            <div className="flex w-full">
              <ProductCard product={product} onOpenBox={onOpenBox} action={renderAction(product)} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
