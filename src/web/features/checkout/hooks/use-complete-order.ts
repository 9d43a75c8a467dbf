import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { openPaymentRedirect, useNavigate } from '#web/lib/router.tsx'
import {
  CHECKOUT_MESSAGES,
  DemoCardSchema,
  type CreatePaymentIntentResult,
} from '#shared/schemas/checkout.ts'
import { DeliveryInfoSchema, type DeliveryInfo } from '#shared/schemas/order.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { createOrder, forgetMyOrders, orderQueries } from '../api/create-order.ts'
import type { DeliveryForm } from '#web/components/delivery-fields.tsx'
import type { DemoCardForm } from '#web/components/payments/demo-card-fields.tsx'
import { payWithDemoCard } from '#web/components/payments/demo-payments.ts'
import type { ConfirmPayment, PaymentOutcome } from '#web/components/payments/payment-outcome.ts'
import { toCheckoutItems, type CheckoutBasket } from '../checkout-basket.ts'
import { forgetDeliveryFor, keepDeliveryFor } from '../pending-delivery.ts'
import { isUnauthorized } from './use-checkout-exits.ts'

export type CheckoutPhase = 'form' | 'paying' | 'saving' | 'saveFailed' | 'done'
export interface CheckoutProblem {
  title: string
  message: string
}

/**
 * Complete Order (docs/product.md#payments): check the address (and the demo card), confirm
 * the payment with the provider, then save the order. Only an order the server has saved
 * empties the basket; a declined card leaves it as it was, and the same payment takes another card.
 */
export function useCompleteOrder({
  basket,
  deliveryForm,
  cardForm,
  onSessionExpired,
  onOrderSaved,
  initialProblem,
}: {
  basket: CheckoutBasket
  deliveryForm: DeliveryForm
  cardForm: DemoCardForm
  onSessionExpired: () => void
  /** called before the basket empties, so an empty basket sends nobody to the shop */
  onOrderSaved: () => void
  initialProblem: CheckoutProblem | null
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [phase, setPhase] = useState<CheckoutPhase>('form')
  const [problem, setProblem] = useState<CheckoutProblem | null>(initialProblem)
  const stripeConfirm = useRef<ConfirmPayment | null>(null)
  /** the Stripe form hands its confirm function here once it has loaded */
  const setStripeConfirm = useCallback((confirm: ConfirmPayment | null) => {
    stripeConfirm.current = confirm
  }, [])

  function fail(title: string, message: string) {
    setProblem({ title, message })
    toast({ variant: 'destructive', title, description: message })
    setPhase('form')
  }

  async function pay(payment: CreatePaymentIntentResult): Promise<PaymentOutcome> {
    if (payment.provider === 'stripe') {
      const confirm = stripeConfirm.current
      return confirm
        ? confirm()
        : { status: 'error', message: 'The payment form is still loading. Please try again.' }
    }
    return payWithDemoCard(payment.paymentIntentId, DemoCardSchema.parse(cardForm.getValues()))
  }

  async function saveOrder(payment: CreatePaymentIntentResult, delivery: DeliveryInfo) {
    setPhase('saving')
    const { totals, paymentIntentId } = payment
    try {
      const order = await createOrder({
        paymentIntentId,
        deliveryInfo: delivery,
        cartItems: toCheckoutItems(basket.lines),
        subtotal: totals.subtotal,
        deliveryFee: totals.deliveryFee,
        tax: totals.tax,
        total: totals.total,
        promoCode: totals.promoCode,
        discountAmount: totals.discountAmount,
      })
      // the confirmation page shows this order without asking for it again
      queryClient.setQueryData(orderQueries.forPayment(paymentIntentId).queryKey, order)
    } catch (error) {
      if (isUnauthorized(error)) return onSessionExpired()
      setPhase('saveFailed')
      toast({
        variant: 'destructive',
        title: 'Order Save Error',
        description: CHECKOUT_MESSAGES.orderSaveError,
      })
      return
    }
    forgetDeliveryFor(paymentIntentId)
    forgetMyOrders(queryClient)
    setPhase('done')
    onOrderSaved()
    basket.clear()
    toast({ title: CHECKOUT_MESSAGES.paymentSuccessful, description: 'Your order is confirmed.' })
    void navigate(`/order-success?payment_intent=${encodeURIComponent(paymentIntentId)}`)
  }

  /**
   * `current` gives the payment to confirm once the form is valid: the same one, or a new one
   * when what it was made with changed (the delivery instructions).
   */
  async function completeOrder(
    shown: CreatePaymentIntentResult | undefined,
    current: () => Promise<CreatePaymentIntentResult> = async () =>
      shown as CreatePaymentIntentResult,
  ) {
    if (!shown || phase !== 'form') return
    const deliveryValid = await deliveryForm.trigger(undefined, { shouldFocus: true })
    const cardValid =
      shown.provider !== 'demo' ||
      (await cardForm.trigger(undefined, { shouldFocus: deliveryValid }))
    if (!deliveryValid || !cardValid) return
    const delivery = DeliveryInfoSchema.parse(deliveryForm.getValues())

    setProblem(null)
    setPhase('paying')
    let payment: CreatePaymentIntentResult
    try {
      payment = await current()
    } catch (error) {
      if (isUnauthorized(error)) return onSessionExpired()
      return fail(CHECKOUT_MESSAGES.paymentError, errorMessage(error, CHECKOUT_MESSAGES.unexpected))
    }
    keepDeliveryFor(payment.paymentIntentId, delivery)
    let outcome: PaymentOutcome
    try {
      outcome = await pay(payment)
    } catch (error) {
      if (isUnauthorized(error)) return onSessionExpired()
      outcome = { status: 'error', message: errorMessage(error, CHECKOUT_MESSAGES.unexpected) }
    }
    switch (outcome.status) {
      case 'succeeded':
        return saveOrder(payment, delivery)
      case 'redirect':
        return openPaymentRedirect(outcome.url)
      case 'failed':
        // the same payment takes another card (Stripe's and the demo's alike), so a limited
        // coupon's hold stays with this checkout instead of waiting an hour to be released
        return fail(CHECKOUT_MESSAGES.paymentFailed, outcome.message)
      case 'error':
        return fail(CHECKOUT_MESSAGES.paymentError, outcome.message)
    }
  }

  return { phase, problem, completeOrder, setStripeConfirm }
}
