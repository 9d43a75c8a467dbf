import { useParams } from '#web/lib/router.tsx'
import { orderNumber } from '#shared/domain/order-number.ts'
import { PAGE_META } from '#shared/page-meta.ts'
import { paths } from '#shared/routes.ts'
import { OrderDetail } from '#web/features/orders/components/order-detail.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'
import { useAddToBasket } from '../use-add-to-basket.ts'
import { OrdersPage } from '../orders-page.tsx'

/**
 * /orders/:id (docs/product.md#order-changes): one of the customer's orders, to read, change or
 * cancel until its cut-off; or a log-in prompt.
 */
export default function OrderRoute() {
  const { id = '' } = useParams()
  const title = `Order ${orderNumber(id)}`
  const addToBasket = useAddToBasket()
  usePageTitle(id ? title : PAGE_META.order.title)
  return (
    <OrdersPage
      title={title}
      wide
      signedOut={{
        title: 'Log in to see your order',
        intro: "Your order, and until Wednesday evening a way to change it, once you're signed in.",
        returnTo: paths.order(id),
      }}
    >
      {(onSessionExpired) => (
        <OrderDetail
          key={id}
          orderId={id}
          onSessionExpired={onSessionExpired}
          addToBasket={addToBasket}
        />
      )}
    </OrdersPage>
  )
}
