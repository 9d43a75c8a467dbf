import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import type { Product } from '#shared/schemas/product.ts'
import { cn } from '#web/lib/cn.ts'
import { ProductGrid } from './product-grid.tsx'

/** Products a page of the shop adds to the list (docs/product.md#catalogue). */
export const SHOP_PAGE_SIZE = 24

/**
 * A shop list in its states (docs/product.md#catalogue): loading, failed, empty, or the grid. While
 * a new filter loads, the previous products stay on screen, dimmed, so the page does not jump.
 */
export function ProductResults({
  products,
  emptyText,
  onOpenBox,
  renderAction,
  page = 1,
  moreHref,
}: {
  products: UseQueryResult<Product[]>
  emptyText: string
  /** how many pages of the list are shown */
  page?: number
  /** where Show more leads: the list a page longer, a link that works without JavaScript */
  moreHref?: string
  onOpenBox?: ((box: Product) => void) | undefined
  renderAction?: ((product: Product) => ReactNode) | undefined
}) {
  if (products.isPending) {
    return (
      <p className="py-16 text-center text-muted-foreground" role="status">
        Loading products...
      </p>
    )
  }
  if (products.isError) {
    return (
      <p className="py-16 text-center text-destructive" role="alert">
        Error loading products. Please try again later.
      </p>
    )
  }
  const updating = products.isPlaceholderData
  return (
    <div
      aria-busy={updating}
      className={cn(
        'transition-opacity duration-200',
        updating && 'pointer-events-none opacity-50',
      )}
    >
      {products.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-card/60 px-4 py-16 text-center text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        <ProductGrid
          products={products.data.slice(0, page * SHOP_PAGE_SIZE)}
          onOpenBox={onOpenBox}
          renderAction={renderAction}
        />
      )}
      {moreHref && products.data.length > page * SHOP_PAGE_SIZE ? (
        <Link
          to={moreHref}
          className="mx-auto mt-8 block w-fit rounded-full border border-forest px-8 py-2.5 font-semibold text-forest"
        >
          Show more
        </Link>
      ) : null}
    </div>
  )
}
