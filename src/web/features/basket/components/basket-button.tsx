import { ShoppingBasketIcon } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { useBasket } from '../basket-provider.tsx'

/** The header's basket button with the number of products (lines) in it. */
export function BasketButton() {
  const basket = useBasket()
  const count = basket.lineCount
  const shown = count > 99 ? '99+' : String(count)
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      onClick={() => basket.open()}
      // the badge counts products, not units (docs/product.md#basket): the name says so
      aria-label={
        count === 0
          ? 'Open cart, empty'
          : `Open cart, ${shown} ${count === 1 ? 'product' : 'products'}`
      }
    >
      <ShoppingBasketIcon className="size-5" aria-hidden />
      {count > 0 ? (
        <span
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-tomato px-1 text-[0.6875rem] font-bold text-white tabular-nums"
          aria-hidden
        >
          {shown}
        </span>
      ) : null}
    </Button>
  )
}
