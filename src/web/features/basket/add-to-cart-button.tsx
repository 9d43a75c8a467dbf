import { ShoppingBasketIcon } from 'lucide-react'
import { MAX_LINE_QUANTITY } from '#shared/domain/pricing.ts'
import { canBeAdded, mostOf } from '#shared/domain/weekly-stock.ts'
import type { Product } from '#shared/schemas/product.ts'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { useBasket } from './basket-provider.tsx'
import { toBasketItem } from './to-basket-item.ts'

/**
 * ADD TO CART, then 'ADD (n)' once the product is in the basket; disabled when out of stock
 * or sold out for the coming Saturday (docs/product.md#catalogue). It adds one, or `quantity` (the product page's picker).
 */
export function AddToCartButton({
  product,
  quantity = 1,
  className,
  size = 'lg',
  grow,
}: { product: Product; quantity?: number } & Pick<ButtonProps, 'className' | 'size' | 'grow'>) {
  const basket = useBasket()
  const inBasket = basket.getItemQuantity(product.id)
  return (
    <Button
      size={size}
      grow={grow}
      className={className}
      // nothing more once the basket holds what is left of a limited product
      disabled={!canBeAdded(product) || inBasket >= mostOf(product, MAX_LINE_QUANTITY)}
      onClick={() => basket.add(toBasketItem(product), { quantity })}
      // the visible words first, so a speech-input user can say them (WCAG 2.5.3)
      aria-label={
        inBasket > 0
          ? `ADD (${inBasket}), ${product.name}, ${inBasket} in your basket`
          : `ADD TO CART, ${product.name}`
      }
    >
      <ShoppingBasketIcon aria-hidden />
      {inBasket > 0 ? `ADD (${inBasket})` : 'ADD TO CART'}
    </Button>
  )
}
