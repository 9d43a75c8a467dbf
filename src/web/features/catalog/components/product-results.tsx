import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Product } from '#shared/schemas/product.ts'
import { cn } from '#web/lib/cn.ts'
import { ProductGrid } from './product-grid.tsx'

/**
 * A shop list in its states (docs/product.md#catalogue): loading, failed, empty, or the grid. While
 * a new filter loads, the previous products stay on screen, dimmed, so the page does not jump.
 */
export function ProductResults({
  products,
  emptyText,
  onOpenBox,
  renderAction,
}: {
  products: UseQueryResult<Product[]>
  emptyText: string
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
        <ProductGrid products={products.data} onOpenBox={onOpenBox} renderAction={renderAction} />
      )}
    </div>
  )
}
