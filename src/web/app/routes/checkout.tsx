import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { PAGE_META } from '#shared/page-meta.ts'
import { priceBasket } from '#shared/domain/pricing.ts'
import { setSessionUser } from '#web/features/account/api/session.ts'
import { useSession } from '#web/features/account/hooks/use-session.ts'
import { basketPricingLines } from '#web/features/basket/basket-lines.ts'
import { updateBasketPrices } from '#web/features/basket/basket-prices.ts'
import { useBasket } from '#web/features/basket/basket-provider.tsx'
import { couponDiscount, couponStore, useAppliedCoupon } from '#web/features/basket/coupon-store.ts'
import { productQueries } from '#web/features/catalog/api/product-queries.ts'
import type { CheckoutBasket } from '#web/features/checkout/checkout-basket.ts'
import { Checkout } from '#web/features/checkout/components/checkout.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/**
 * /checkout (docs/product.md#payments): the checkout feature, given the basket and its coupon, the
 * session, and the catalogue's names for what a custom box holds.
 */
export default function CheckoutRoute() {
  usePageTitle(PAGE_META.checkout.title)
  const shopBasket = useBasket()
  const { lines } = shopBasket
  const coupon = useAppliedCoupon()
  const session = useSession()
  const queryClient = useQueryClient()
  const hasBoxes = lines.some((line) => (line.customSelections?.length ?? 0) > 0)
  const catalogue = useQuery({ ...productQueries.list(), enabled: hasBoxes })

  const names = useMemo(
    () => new Map([...(catalogue.data ?? []), ...lines].map((item) => [item.id, item.name])),
    [catalogue.data, lines],
  )
  const clear = useCallback(() => {
    shopBasket.clear()
    couponStore.set(null)
  }, [shopBasket])
  const expire = useCallback(() => setSessionUser(queryClient, null), [queryClient])

  const basket: CheckoutBasket = {
    lines,
    estimate: priceBasket(basketPricingLines(lines), couponDiscount(coupon)),
    promoCode: coupon?.code,
    productName: (id) => names.get(id),
    takePrices: updateBasketPrices,
    clear,
  }
  return (
    <Checkout
      basket={basket}
      session={{ user: session.user, isPending: session.isPending, expire }}
    />
  )
}
