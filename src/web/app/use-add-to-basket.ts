import { useCallback } from 'react'
import { useBasket } from '#web/features/basket/basket-provider.tsx'
import { toBasketItem } from '#web/features/basket/to-basket-item.ts'
import type { AddToBasket } from '#web/features/orders/buy-again.ts'

/** The order pages' way into the shop's basket ("Add these items to my basket"). */
export function useAddToBasket(): AddToBasket {
  const basket = useBasket()
  return useCallback(
    (additions) => {
      for (const { product, quantity, customSelections } of additions) {
        basket.add(toBasketItem(product, customSelections), { quantity })
      }
    },
    [basket],
  )
}
