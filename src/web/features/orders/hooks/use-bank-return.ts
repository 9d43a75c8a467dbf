import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from '#web/lib/router.tsx'
import { CHECKOUT_MESSAGES } from '#shared/schemas/checkout.ts'
import type { Order } from '#shared/schemas/order.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { completeOrderPayment } from '../api/order-payments.ts'

const NOT_PAID = `${CHECKOUT_MESSAGES.paymentNotCompleted} Your order has not changed.`

/**
 * Back from the bank's page on /orders/:id?payment_intent=…&redirect_status=…
 * (docs/product.md#order-payments): a succeeded check completes the order's payment (the
 * server applies it once, whoever asks first), a failed one leaves the order as it was. The
 * address bar goes back to the plain order page either way.
 */
export function useBankReturn(
  orderId: string,
  { onPaid, onSessionExpired }: { onPaid: (order: Order) => void; onSessionExpired: () => void },
): { confirming: boolean; problem: string | null } {
  const [searchParams, setSearchParams] = useSearchParams()
  // what the address said on arrival; the address bar is cleaned at once
  const [arrival] = useState(() => ({
    paymentIntentId: searchParams.get('payment_intent'),
    redirectStatus: searchParams.get('redirect_status'),
  }))
  const complete = useMutation({
    mutationFn: (paymentIntentId: string) => completeOrderPayment(orderId, paymentIntentId),
    onSuccess: (order) => onPaid(order),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) onSessionExpired()
    },
  })
  const { mutate } = complete
  const handled = useRef(false)

  useEffect(() => {
    const { paymentIntentId, redirectStatus } = arrival
    if (handled.current || !paymentIntentId || !redirectStatus) return
    handled.current = true
    setSearchParams({}, { replace: true })
    if (redirectStatus === 'succeeded') mutate(paymentIntentId)
  }, [arrival, mutate, setSearchParams])

  const returned = arrival.paymentIntentId !== null && arrival.redirectStatus !== null
  const failedCheck = returned && arrival.redirectStatus !== 'succeeded'
  return {
    confirming: returned && !failedCheck && (complete.isIdle || complete.isPending),
    problem: failedCheck
      ? NOT_PAID
      : complete.isError && !(complete.error instanceof ApiError && complete.error.status === 401)
        ? errorMessage(complete.error, NOT_PAID)
        : null,
  }
}
