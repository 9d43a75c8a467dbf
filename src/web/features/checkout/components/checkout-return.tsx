import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from '#web/lib/router.tsx'
import { CHECKOUT_MESSAGES } from '#shared/schemas/checkout.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { forgetMyOrders, orderQueries } from '../api/create-order.ts'
import {
  toCheckoutItems,
  totalsFromBasket,
  type CheckoutBasket,
  type CheckoutSession,
} from '../checkout-basket.ts'
import { isUnauthorized, useCheckoutExits } from '../hooks/use-checkout-exits.ts'
import { deliveryKeptFor, forgetDeliveryFor } from '../pending-delivery.ts'
import { AfterPaymentLinks, CheckoutPanel, Finalizing } from './checkout-panels.tsx'

/**
 * Back from the bank's page with redirect_status=succeeded (the redirect return of
 * docs/product.md#payments): the order is made (with the address typed before leaving), the basket
 * emptied and the confirmation shown. The server makes one order per payment, so a reload here is
 * harmless.
 */
export function CheckoutReturn({
  paymentIntentId,
  basket,
  session,
}: {
  paymentIntentId: string
  basket: CheckoutBasket
  session: CheckoutSession
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const exits = useCheckoutExits(session)
  // what the page knew on arrival (the basket is emptied once the order is saved), read when
  // the order is asked for: the address typed before leaving, the basket's figures
  const [arrival] = useState(() => ({
    cartItems: toCheckoutItems(basket.lines),
    ...totalsFromBasket(basket.estimate, basket.promoCode ?? null),
  }))
  const details = () => {
    const deliveryInfo = deliveryKeptFor(paymentIntentId)
    return deliveryInfo ? { ...arrival, deliveryInfo } : arrival
  }
  const order = useQuery({ ...orderQueries.forPayment(paymentIntentId, details), retry: false })
  const handled = useRef(false)
  const { clear } = basket

  useEffect(() => {
    if (handled.current || order.isPending) return
    handled.current = true
    if (order.isError) {
      if (isUnauthorized(order.error)) return exits.sessionExpired()
      toast({
        variant: 'destructive',
        title: 'Order Processing Issue',
        description: CHECKOUT_MESSAGES.orderProcessingIssue,
      })
      return
    }
    forgetDeliveryFor(paymentIntentId)
    forgetMyOrders(queryClient)
    exits.orderSaved()
    clear()
    toast({ title: CHECKOUT_MESSAGES.paymentSuccessful, description: 'Your order is confirmed.' })
    void navigate(`/order-success?payment_intent=${encodeURIComponent(paymentIntentId)}`, {
      replace: true,
    })
  }, [
    order.isPending,
    order.isError,
    order.error,
    paymentIntentId,
    exits,
    clear,
    navigate,
    queryClient,
  ])

  if (order.isError && !isUnauthorized(order.error)) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <CheckoutPanel
          title="Order Processing Issue"
          tone="problem"
          actions={<AfterPaymentLinks />}
        >
          {CHECKOUT_MESSAGES.orderProcessingIssue}
        </CheckoutPanel>
      </div>
    )
  }
  return <Finalizing />
}
