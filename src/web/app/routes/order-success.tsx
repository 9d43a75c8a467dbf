import { useSearchParams } from '#web/lib/router.tsx'
import { PAGE_META } from '#shared/page-meta.ts'
import { OrderSuccess } from '#web/features/checkout/components/order-success.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/** /order-success?payment_intent=… (docs/product.md#payments). */
export default function OrderSuccessRoute() {
  usePageTitle(PAGE_META.orderSuccess.title)
  const [searchParams] = useSearchParams()
  return <OrderSuccess paymentIntentId={searchParams.get('payment_intent')} />
}
