import { PAGE_META } from '#shared/page-meta.ts'
import { OrderHistory } from '#web/features/orders/components/order-history.tsx'
import { OrdersPage } from '../orders-page.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { useAddToBasket } from '../use-add-to-basket.ts'

/** /order-history (docs/product.md#orders): the customer's orders, or a log-in prompt. */
export default function OrderHistoryRoute() {
  const addToBasket = useAddToBasket()
  usePageTitle(PAGE_META.orderHistory.title)
  return (
    <OrdersPage
      title="Order History"
      signedOut={{
        title: 'Log in to see your orders',
        intro: "Every order you place, what was in it and when it arrived, once you're signed in.",
        returnTo: '/order-history',
      }}
    >
      {(onSessionExpired) => (
        <OrderHistory onSessionExpired={onSessionExpired} addToBasket={addToBasket} />
      )}
    </OrdersPage>
  )
}
