import { PlusIcon } from 'lucide-react'
import type { Product } from '#shared/schemas/product.ts'
import { lineKey, useBasket } from './basket-provider.tsx'
import { QuantityStepper } from './quantity-stepper.tsx'
import { toBasketItem } from './to-basket-item.ts'

/**
 * The add button over a product tile; once the product is in the basket, the quantity with plus and
 * minus and the words 'in your order', as on a producer's page (docs/product.md#catalogue).
 */
export function BasketTileControl({ product }: { product: Product }) {
  const basket = useBasket()
  const quantity = basket.getItemQuantity(product.id)
  if (!product.inStock) {
    return (
      <span className="rounded-full bg-charcoal/85 px-3 py-1 text-xs font-semibold text-white">
        Out of stock
      </span>
    )
  }
  if (quantity === 0) {
    return (
      <button
        type="button"
        onClick={() => basket.add(toBasketItem(product))}
        aria-label={`Add ${product.name} to cart`}
        className="flex size-10 items-center justify-center rounded-full bg-forest text-white shadow-md transition-colors hover:bg-forest-dark"
      >
        <PlusIcon className="size-5" aria-hidden />
      </button>
    )
  }
  return (
    <div className="flex w-full flex-col items-center gap-1 rounded-xl bg-forest/95 px-2 py-2 text-white shadow-md">
      <QuantityStepper
        quantity={quantity}
        itemName={product.name}
        onChange={(next) => basket.updateQuantity(lineKey({ id: product.id }), next)}
      />
      <span className="text-xs font-medium">in your order</span>
    </div>
  )
}
