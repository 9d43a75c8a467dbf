import { useQuery } from '@tanstack/react-query'
import type { Product } from '#shared/schemas/product.ts'
import { buyAgainQueries } from '../api/buy-again-queries.ts'
import { ProductGrid } from './product-grid.tsx'

/**
 * /shop's "Buy again" row for a signed-in customer (docs/product.md#buy-again): their
 * most-ordered products in stock, as the shop's own cards. Nothing while loading, on an error or
 * when they have none. Loaded lazily, after hydration, so the shop's first load does not carry it.
 */
export default function BuyAgainRow({ onOpenBox }: { onOpenBox: (box: Product) => void }) {
  const products = useQuery(buyAgainQueries.list())
  if (!products.data || products.data.length === 0) return null
  return (
    <section aria-labelledby="buy-again-heading" className="mb-8 flex flex-col gap-4">
      <h2 id="buy-again-heading" className="text-2xl font-semibold text-forest">
        Buy again
      </h2>
      {/* below the fold's first pictures: the shop's own list is what to fetch first */}
      <ProductGrid products={products.data} onOpenBox={onOpenBox} eagerImages={0} />
    </section>
  )
}
