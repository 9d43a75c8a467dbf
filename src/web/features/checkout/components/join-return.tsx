import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useNavigate } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { forgetMyOrders } from '../api/create-order.ts'
import { completeJoinPayment, JOINED_TOAST } from '../api/join-order.ts'
import type { CheckoutBasket, CheckoutSession } from '../checkout-basket.ts'
import { isUnauthorized, useCheckoutExits } from '../hooks/use-checkout-exits.ts'
import { forgetJoinFor } from '../pending-join.ts'
import { CheckoutPanel, Finalizing } from './checkout-panels.tsx'

/**
 * Back from the bank's page with the payment of a basket being added to an open order
 * (/checkout?join_order=…&payment_intent=…&redirect_status=succeeded,
 * docs/product.md#one-order-per-saturday): the server applies it to the order (once, whoever
 * asks first, so a reload here is harmless), the basket is emptied and the order shown.
 */
export function JoinReturn({
  orderId,
  paymentIntentId,
  basket,
  session,
}: {
  orderId: string
  paymentIntentId: string
  basket: CheckoutBasket
  session: CheckoutSession
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const exits = useCheckoutExits(session)
  const completed = useQuery({
    queryKey: ['checkout', 'join-complete', orderId, paymentIntentId] as const,
    queryFn: () => completeJoinPayment(orderId, paymentIntentId),
    staleTime: Infinity,
    retry: false,
  })
  const handled = useRef(false)
  const { clear } = basket

  useEffect(() => {
    if (handled.current || completed.isPending) return
    handled.current = true
    if (completed.isError) {
      if (isUnauthorized(completed.error)) exits.sessionExpired()
      return
    }
    forgetJoinFor(paymentIntentId)
    forgetMyOrders(queryClient)
    exits.orderSaved()
    clear()
    toast({ title: JOINED_TOAST, description: 'One order, one delivery fee.' })
    void navigate(paths.order(orderId), { replace: true })
  }, [
    completed.isPending,
    completed.isError,
    completed.error,
    orderId,
    paymentIntentId,
    exits,
    clear,
    navigate,
    queryClient,
  ])

  if (completed.isError && !isUnauthorized(completed.error)) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <CheckoutPanel
          title="We could not update your order"
          tone="problem"
          actions={
            <>
              <Button asChild>
                <Link to={paths.order(orderId)}>View your order</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/contact?subject=order">Contact support</Link>
              </Button>
            </>
          }
        >
          {errorMessage(
            completed.error,
            'Your card went through, but we could not add your basket to the order just now. Please open the order; if it still shows the old total, contact us.',
          )}
        </CheckoutPanel>
      </div>
    )
  }
  return <Finalizing />
}
