import { useSearchParams } from '#web/lib/router.tsx'
import type { CheckoutBasket, CheckoutSession } from '../checkout-basket.ts'
import { CheckoutPage } from './checkout-page.tsx'
import { CheckoutReturn } from './checkout-return.tsx'

/**
 * /checkout, and /checkout?payment_intent=…&redirect_status=… when the customer comes back
 * from authenticating a payment (with the demo provider or with Stripe).
 */
export function Checkout({
  basket,
  session,
}: {
  basket: CheckoutBasket
  session: CheckoutSession
}) {
  const [searchParams] = useSearchParams()
  const paymentIntentId = searchParams.get('payment_intent')
  const redirectStatus = searchParams.get('redirect_status')
  if (paymentIntentId && redirectStatus === 'succeeded') {
    return <CheckoutReturn paymentIntentId={paymentIntentId} basket={basket} session={session} />
  }
  return (
    <CheckoutPage
      basket={basket}
      session={session}
      failedReturn={paymentIntentId !== null && redirectStatus !== null}
    />
  )
}
