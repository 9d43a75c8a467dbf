import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { paths } from '#shared/routes.ts'
import type { Product } from '#shared/schemas/product.ts'
import { ProductImage } from '#web/components/product-image.tsx'

/**
 * A producer's products in a row that scrolls sideways (docs/product.md#catalogue). `renderAction`
 * puts the basket control under each price (the page passes it in: features do not import each
 * other).
 */
export function ProducerProductsRow({
  products,
  renderAction,
}: {
  products: readonly Product[]
  renderAction?: (product: Product) => ReactNode
}) {
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:scroll-px-6 sm:px-6">
      {products.map((product) => (
        <li key={product.id} className="w-44 shrink-0 snap-start sm:w-52">
          <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xs">
            <div className="relative bg-wheat">
              <ProductImage src={product.imageUrl} alt="" />
            </div>
            <div className="flex flex-1 flex-col gap-1 p-3">
              <h3 className="font-sans text-sm leading-snug font-semibold">
                <Link to={paths.product(product.id)} className="hover:text-primary hover:underline">
                  {product.name}
                </Link>
              </h3>
              <p className="text-xs text-muted-foreground">{product.stockCount}</p>
              <p className="mt-auto pt-1 font-semibold text-primary">
                {formatDecimalPrice(product.price)}
              </p>
              {renderAction ? <div className="pt-2">{renderAction(product)}</div> : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}
