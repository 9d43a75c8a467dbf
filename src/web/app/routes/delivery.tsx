import { PAGE_META } from '#shared/page-meta.ts'
import { Deliveries } from '#web/features/orders/components/deliveries.tsx'
import { OrdersPage } from '../orders-page.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /delivery (docs/product.md#orders): upcoming and past deliveries, or a log-in prompt. */
export default function DeliveryRoute() {
  usePageTitle(PAGE_META.delivery.title)
  return (
    <OrdersPage
      title="Your Deliveries"
      intro="Follow this Saturday's box from the farm to your door."
      signedOut={{
        title: 'Log in to see your deliveries',
        intro: "Follow this Saturday's box from the farm to your door, once you're signed in.",
        returnTo: '/delivery',
      }}
    >
      {(onSessionExpired) => <Deliveries onSessionExpired={onSessionExpired} />}
    </OrdersPage>
  )
}
