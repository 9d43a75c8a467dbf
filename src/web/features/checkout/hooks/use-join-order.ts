import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { openPaymentRedirect, useNavigate } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import {
  CHECKOUT_MESSAGES,
  DemoCardSchema,
  type AmountMismatch,
  type CreatePaymentIntentResult,
  type PaymentProviderName,
} from '#shared/schemas/checkout.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { SavedCard } from '#shared/schemas/saved-cards.ts'
import type { DemoCardForm } from '#web/components/payments/demo-card-fields.tsx'
import { payWithDemoCard } from '#web/components/payments/demo-payments.ts'
import type { ConfirmPayment, PaymentOutcome } from '#web/components/payments/payment-outcome.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { forgetMyOrders } from '../api/create-order.ts'
import { amountMismatchOf } from '../api/create-payment-intent.ts'
import {
  completeJoinPayment,
  isJoinedOrder,
  JOINED_TOAST,
  joinOrder,
  joinRefusalOf,
  type JoinRefusal,
} from '../api/join-order.ts'
import { toCheckoutItems, type CheckoutBasket } from '../checkout-basket.ts'
import { forgetJoinFor, keepJoinFor } from '../pending-join.ts'
import type { CheckoutProblem } from './use-complete-order.ts'
import { isUnauthorized } from './use-checkout-exits.ts'

export type JoinPhase = 'form' | 'paying' | 'done'

/**
 * "Add to your Saturday order" (docs/product.md#one-order-per-saturday): the basket joins the
 * order at the new total the page showed. A saved card is authorised in the background and the
 * answer is the order; otherwise, or when the saved card needs the customer, the answer is a
 * payment for the card form, which replaces the order's hold, and the server applies it once
 * the card went through. Only an order the server has changed empties the basket.
 */
export function useJoinOrder({
  order,
  basket,
  basketKey,
  newTotal,
  savedCard,
  provider,
  cardForm,
  onNewTotals,
  onRefused,
  onSessionExpired,
  onOrderSaved,
  initialProblem,
}: {
  /** the open order the basket is added to (none: nothing to add to) */
  order: Order | null
  basket: CheckoutBasket
  /** what is bought: a payment made for another basket is not this one's */
  basketKey: string
  /** the order's new total as the page shows it ("123.45"), once the server has priced it */
  newTotal: string | undefined
  /** the newest saved card, authorised without the card form */
  savedCard: SavedCard | null
  provider: PaymentProviderName | undefined
  cardForm: DemoCardForm
  /** the server's figures differ from those shown: the page shows these instead */
  onNewTotals: (figures: AmountMismatch) => void
  /** the order cannot take the basket (its Saturday closed, a box it holds already, …) */
  onRefused: (refusal: JoinRefusal) => void
  onSessionExpired: () => void
  /** called before the basket empties, so an empty basket sends nobody to the shop */
  onOrderSaved: () => void
  initialProblem: CheckoutProblem | null
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [phase, setPhase] = useState<JoinPhase>('form')
  const [problem, setProblem] = useState<CheckoutProblem | null>(initialProblem)
  /** the server's new total differed from the one shown: say so, and ask again */
  const [repriced, setRepriced] = useState<string | null>(null)
  const [started, setStarted] = useState<{
    key: string
    payment: CreatePaymentIntentResult
  } | null>(null)
  const stripeConfirm = useRef<ConfirmPayment | null>(null)
  const setStripeConfirm = useCallback((confirm: ConfirmPayment | null) => {
    stripeConfirm.current = confirm
  }, [])

  /** the payment waiting for the card, when it is for this basket */
  const payment = started?.key === basketKey ? started.payment : null
  /** the card form is the way to pay: no saved card, or the one tried could not pay */
  const needsCard = payment !== null || savedCard === null

  function fail(title: string, message: string) {
    setProblem({ title, message })
    toast({ variant: 'destructive', title, description: message })
    setPhase('form')
  }

  function finish(joined: Order, paymentIntentId?: string) {
    if (paymentIntentId) forgetJoinFor(paymentIntentId)
    forgetMyOrders(queryClient)
    setPhase('done')
    onOrderSaved()
    basket.clear()
    toast({ title: JOINED_TOAST, description: 'One order, one delivery fee.' })
    void navigate(paths.order(joined.id))
  }

  async function confirmCard(current: CreatePaymentIntentResult): Promise<PaymentOutcome> {
    if (current.provider === 'stripe') {
      const confirm = stripeConfirm.current
      return confirm
        ? confirm()
        : { status: 'error', message: 'The payment form is still loading. Please try again.' }
    }
    return payWithDemoCard(current.paymentIntentId, DemoCardSchema.parse(cardForm.getValues()))
  }

  async function payWithCard(order: Order, current: CreatePaymentIntentResult) {
    let outcome: PaymentOutcome
    try {
      outcome = await confirmCard(current)
    } catch (error) {
      if (isUnauthorized(error)) return onSessionExpired()
      outcome = { status: 'error', message: errorMessage(error, CHECKOUT_MESSAGES.unexpected) }
    }
    switch (outcome.status) {
      case 'redirect':
        return openPaymentRedirect(outcome.url)
      case 'failed':
        // the same payment takes another card
        return fail(
          CHECKOUT_MESSAGES.paymentFailed,
          `${outcome.message} Your order has not changed.`,
        )
      case 'error':
        return fail(
          CHECKOUT_MESSAGES.paymentError,
          `${outcome.message} Your order has not changed.`,
        )
      case 'succeeded':
        break
    }
    try {
      finish(await completeJoinPayment(order.id, current.paymentIntentId), current.paymentIntentId)
    } catch (error) {
      if (isUnauthorized(error)) return onSessionExpired()
      fail(
        'We could not update your order',
        errorMessage(
          error,
          'Your card went through, but we could not add your basket to the order just now. Please open the order; if it still shows the old total, contact us.',
        ),
      )
    }
  }

  async function submit() {
    if (!order || phase !== 'form' || newTotal === undefined) return
    if (needsCard && provider === 'demo') {
      if (!(await cardForm.trigger(undefined, { shouldFocus: true }))) return
    }
    setProblem(null)
    setRepriced(null)
    setPhase('paying')
    if (payment) return payWithCard(order, payment)

    let answer
    try {
      answer = await joinOrder({
        amount: newTotal,
        items: toCheckoutItems(basket.lines),
        joinOrderId: order.id,
        ...(savedCard ? { paymentMethodId: savedCard.id } : {}),
      })
    } catch (error) {
      if (isUnauthorized(error)) return onSessionExpired()
      setPhase('form')
      const figures = amountMismatchOf(error)
      if (figures) {
        onNewTotals(figures)
        setRepriced(figures.totals.total)
        return
      }
      const refusal = joinRefusalOf(error)
      if (refusal) return onRefused(refusal)
      return fail(CHECKOUT_MESSAGES.paymentError, errorMessage(error, CHECKOUT_MESSAGES.unexpected))
    }
    if (isJoinedOrder(answer)) return finish(answer.joinedOrder)

    // the bank's page, if the card needs it, comes back through the checkout
    keepJoinFor(answer.paymentIntentId, order.id)
    setStarted({ key: basketKey, payment: answer })
    // the saved card could not pay, or Stripe's form needs the payment to show: the customer
    // confirms the card next; the demo's card fields were filled already
    if (answer.savedCard || savedCard || answer.provider !== 'demo') return setPhase('form')
    return payWithCard(order, answer)
  }

  return { phase, problem, repriced, payment, needsCard, submit, setStripeConfirm }
}
