import { isFarmBox } from '#shared/domain/farm-boxes.ts'
import { formatCents } from '#shared/domain/money.ts'
import { MAX_LINE_QUANTITY } from '#shared/domain/pricing.ts'
import { mostOf } from '#shared/domain/weekly-stock.ts'
import type { Product } from '#shared/schemas/product.ts'
import { StockNotice } from '#web/components/stock-notice.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { cn } from '#web/lib/cn.ts'
import { basketSubtotal, productCount } from '../basket-lines.ts'
import { lineKey, useBasket } from '../basket-provider.tsx'
import { basketStore } from '../basket-store.ts'
import { toBasketItem } from '../to-basket-item.ts'

// one look for ADD, BUILD YOUR BOX and the stepper, kept short: the shop's JavaScript budget
const PILL = 'flex h-9 w-full items-center rounded-full bg-forest text-sm font-semibold text-white'
const STEP = 'size-9 rounded-full text-lg hover:bg-forest-dark disabled:opacity-50'

/**
 * The one basket control of a product card (the shop, search, a producer's page, "More from"):
 * ADD, then minus, the quantity and plus (minus at 1 removes the line; plus stops at what is
 * left of a limited product); "Out of stock" or "Sold out for Saturday…" with nothing to add; a farm box opens the builder where the page offers one
 * (docs/product.md#quick-add). The add confirms with a toast, not the drawer. The server renders
 * ADD (its basket is empty); the stepper follows hydration.
 */
export function ProductCardAction({
  product,
  onOpenBox,
}: {
  product: Product
  onOpenBox?: ((box: Product) => void) | undefined
}) {
  const basket = useBasket()
  const { id, name } = product
  const box = onOpenBox && isFarmBox(product)
  // the plain line's quantity: a built box is a line of its own, which the builder makes
  const quantity = box ? 0 : (basket.lines.find((line) => lineKey(line) === id)?.quantity ?? 0)
  if (!product.inStock) {
    return <p className="py-2 text-center font-semibold text-muted-foreground">Out of stock</p>
  }
  // sold out for the coming Saturday (docs/product.md#weekly-quantities); what is in the basket
  // already can still be taken out there
  if (product.leftThisWeek === 0 && quantity === 0) {
    return <StockNotice leftThisWeek={0} className="py-2 text-center text-sm" />
  }
  if (quantity > 0) {
    const change = (next: number) => basket.updateQuantity(id, next)
    return (
      <div className={cn(PILL, 'justify-between')}>
        <button
          type="button"
          className={STEP}
          aria-label={`Remove one ${name}`}
          onClick={() => change(quantity - 1)}
        >
          −
        </button>
        <span role="status">
          {quantity}
          <span className="sr-only"> {name} in your basket</span>
        </span>
        <button
          type="button"
          className={STEP}
          aria-label={`Add one ${name}`}
          disabled={quantity >= mostOf(product, MAX_LINE_QUANTITY)}
          onClick={() => change(quantity + 1)}
        >
          +
        </button>
      </div>
    )
  }
  const label = box ? 'BUILD YOUR BOX' : 'ADD'
  return (
    <button
      type="button"
      className={cn(PILL, 'justify-center hover:bg-forest-dark')}
      aria-haspopup={box ? 'dialog' : undefined}
      aria-label={`${label}, ${name}`}
      onClick={() => {
        if (box) return onOpenBox(product)
        basket.add(toBasketItem(product), { openDrawer: false })
        const lines = basketStore.getSnapshot()
        const added = toast({
          title: `Added ${name}`,
          description: `${productCount(lines)} in your basket, ${formatCents(basketSubtotal(lines))}`,
          action: (
            <button
              type="button"
              className="shrink-0 rounded-full border border-forest px-2.5 py-1 text-sm font-semibold text-nowrap text-forest sm:px-3 sm:py-1.5 sm:text-base"
              onClick={() => {
                added.dismiss()
                basket.open()
              }}
            >
              View basket
            </button>
          ),
        })
      }}
    >
      {label}
    </button>
  )
}
