import { useSearchParams } from '#web/lib/router.tsx'
import { DemoAuthentication } from '#web/features/checkout/components/demo-authentication.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/**
 * /checkout/authenticate?payment_intent=… : the demo provider's bank check
 * (docs/product.md#payments).
 */
export default function CheckoutAuthenticateRoute() {
  usePageTitle('Verify your payment')
  const [searchParams] = useSearchParams()
  return <DemoAuthentication paymentIntentId={searchParams.get('payment_intent')} />
}
