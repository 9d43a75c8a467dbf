import type { ReactNode } from 'react'
import type { Product } from '#shared/schemas/product.ts'
import { ProductCard } from './product-card.tsx'

export function ProductGrid({
  products,
  onOpenBox,
  eagerImages = 4,
  renderAction,
}: {
  products: readonly Product[]
  onOpenBox?: ((box: Product) => void) | undefined
  /** how many of the first cards fetch their picture at once, at high priority (a list's top) */
  eagerImages?: number
  /** each card's basket control (the page passes it in: features do not import each other) */
  renderAction?: ((product: Product) => ReactNode) | undefined
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <div className="flex w-full">
            <ProductCard
              product={product}
              eagerImage={index < eagerImages}
              onOpenBox={onOpenBox}
              action={renderAction?.(product)}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}
