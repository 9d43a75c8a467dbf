import { ShoppingBasketIcon } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { useBasket } from '../basket-provider.tsx'

/** The header's basket button with the number of items in it. */
export function BasketButton() {
  const basket = useBasket()
  const count = basket.itemCount
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      onClick={() => basket.open()}
      // the count as the badge shows it, so the name holds the badge's words
      aria-label={
        count === 0
          ? 'Open cart, empty'
          : `Open cart, ${count > 99 ? '99+' : count} ${count === 1 ? 'item' : 'items'}`
      }
    >
      <ShoppingBasketIcon className="size-5" aria-hidden />
      {count > 0 ? (
        <span
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-tomato px-1 text-[0.6875rem] font-bold text-white tabular-nums"
          aria-hidden
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Button>
  )
}
