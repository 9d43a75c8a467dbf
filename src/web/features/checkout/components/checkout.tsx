import { useSearchParams } from '#web/lib/router.tsx'
import type { CheckoutBasket, CheckoutSession } from '../checkout-basket.ts'
import { CheckoutPage } from './checkout-page.tsx'
import { CheckoutReturn } from './checkout-return.tsx'
import { JoinReturn } from './join-return.tsx'

/**
 * /checkout, and /checkout?payment_intent=…&redirect_status=… when the customer comes back
 * from authenticating a payment (with the demo provider or with Stripe); with join_order=… when
 * the payment was adding the basket to an open order (docs/product.md#one-order-per-saturday).
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
  const joinOrderId = searchParams.get('join_order')
  if (paymentIntentId && redirectStatus === 'succeeded' && joinOrderId) {
    return (
      <JoinReturn
        orderId={joinOrderId}
        paymentIntentId={paymentIntentId}
        basket={basket}
        session={session}
      />
    )
  }
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
