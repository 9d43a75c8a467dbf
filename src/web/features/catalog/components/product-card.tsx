import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { paths } from '#shared/routes.ts'
import type { Product } from '#shared/schemas/product.ts'
import { ProductImage } from '#web/components/product-image.tsx'
import { StockNotice } from '#web/components/stock-notice.tsx'

export function ProductCard({
  product,
  eagerImage = false,
  onOpenBox,
  action,
}: {
  product: Product
  eagerImage?: boolean
  /** where farm boxes open the custom box builder: the card says so (docs/product.md#farm-boxes) */
  onOpenBox?: ((box: Product) => void) | undefined
  /**
   * the basket control under the price, which also says "Out of stock" (the page passes it in:
   * features do not import each other)
   */
  action?: ReactNode
}) {
  const opensBuilder =
    onOpenBox !== undefined && product.category === 'farm-boxes' && product.inStock
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xs transition-shadow hover:shadow-md">
      <div className="relative overflow-hidden bg-wheat">
        <ProductImage
          src={product.imageUrl}
          alt=""
          eager={eagerImage}
          className="transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {product.isNew ? (
          <span className="absolute top-2 left-2 rounded-full bg-butter px-2.5 py-0.5 text-xs font-bold text-charcoal">
            New!
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <h3 className="font-sans text-sm leading-snug font-semibold sm:text-base">
          <Link
            to={paths.product(product.id)}
            className="after:absolute after:inset-0 hover:text-primary"
          >
            {product.name}
          </Link>
        </h3>
        {opensBuilder ? (
          <p className="text-xs font-semibold text-forest">Build your own: choose 7 items</p>
        ) : null}
        <p className="mt-auto flex items-baseline justify-between gap-2 pt-2">
          <span className="font-semibold text-primary">{formatDecimalPrice(product.price)}</span>
          <span className="text-xs text-muted-foreground">{product.stockCount}</span>
        </p>
        <StockNotice leftThisWeek={product.leftThisWeek} only="few-left" />
        {action ? <div className="relative z-10 pt-2">{action}</div> : null}
      </div>
      {product.producerSlug ? (
        <Link
          to={paths.producer(product.producerSlug)}
          className="relative z-10 border-t border-border bg-muted/60 px-3 py-2 text-xs font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground sm:px-4"
        >
          From {product.farmSource}
        </Link>
      ) : (
        <p className="border-t border-border bg-muted/60 px-3 py-2 text-xs font-medium text-muted-foreground sm:px-4">
          From {product.farmSource}
        </p>
      )}
    </article>
  )
}
