import { useQuery } from '@tanstack/react-query'
import { CreditCardIcon, InfoIcon, LockIcon } from 'lucide-react'
import { useCallback, useId, useRef, useState } from 'react'
import { openPaymentRedirect } from '#web/lib/router.tsx'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { paths } from '#shared/routes.ts'
import { CHECKOUT_MESSAGES, DemoCardSchema } from '#shared/schemas/checkout.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { PaymentRequired } from '#shared/schemas/order-changes.ts'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import { CardFields } from '#web/components/payments/card-fields.tsx'
import { DemoCardFields, useDemoCardForm } from '#web/components/payments/demo-card-fields.tsx'
import { payWithDemoCard } from '#web/components/payments/demo-payments.ts'
import { PaymentAlert } from '#web/components/payments/payment-alert.tsx'
import { paymentQueries } from '#web/components/payments/payment-config.ts'
import type { ConfirmPayment, PaymentOutcome } from '#web/components/payments/payment-outcome.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { completeOrderPayment } from '../api/order-payments.ts'

export type OrderPaymentPurpose = 'change' | 'payAgain'

/**
 * A card payment for an order (docs/product.md#order-payments): the whole new total of a change
 * above what the card authorised, or the order's total again after a declined capture. The card
 * is confirmed with the provider, then the server applies the payment; a declined card leaves
 * the order as it was, and the same payment takes another card. A change's payment replaces the
 * card's hold, and says so, so the customer does not read it as a second charge; when a saved
 * card could not pay (docs/product.md#saved-cards), the page says why first.
 */
export function OrderPaymentStep({
  order,
  payment,
  purpose,
  onPaid,
  onSessionExpired,
  onBack,
}: {
  order: Order
  payment: PaymentRequired['paymentRequired']
  purpose: OrderPaymentPurpose
  onPaid: (order: Order) => void
  onSessionExpired: () => void
  /** leave the payment: the order stays as it is */
  onBack: () => void
}) {
  const idPrefix = useId()
  const zip = /TX (\d{5})$/.exec(order.deliveryAddress)?.[1] ?? ''
  const cardForm = useDemoCardForm(zip)
  const config = useQuery(paymentQueries.config())
  const stripeConfirm = useRef<ConfirmPayment | null>(null)
  const setStripeConfirm = useCallback((confirm: ConfirmPayment | null) => {
    stripeConfirm.current = confirm
  }, [])
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null)
  const [paying, setPaying] = useState(false)

  async function confirmCard(): Promise<PaymentOutcome> {
    if (payment.provider === 'stripe') {
      const confirm = stripeConfirm.current
      return confirm
        ? confirm()
        : { status: 'error', message: 'The payment form is still loading. Please try again.' }
    }
    return payWithDemoCard(payment.paymentIntentId, DemoCardSchema.parse(cardForm.getValues()))
  }

  async function pay() {
    if (paying) return
    if (
      payment.provider === 'demo' &&
      !(await cardForm.trigger(undefined, { shouldFocus: true }))
    ) {
      return
    }
    setProblem(null)
    setPaying(true)
    let outcome: PaymentOutcome
    try {
      outcome = await confirmCard()
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onSessionExpired()
      outcome = { status: 'error', message: errorMessage(error, CHECKOUT_MESSAGES.unexpected) }
    }
    if (outcome.status === 'redirect') return openPaymentRedirect(outcome.url)
    if (outcome.status !== 'succeeded') {
      setPaying(false)
      setProblem({
        title:
          outcome.status === 'failed'
            ? CHECKOUT_MESSAGES.paymentFailed
            : CHECKOUT_MESSAGES.paymentError,
        message: `${outcome.message} Your order has not changed.`,
      })
      return
    }
    try {
      onPaid(await completeOrderPayment(order.id, payment.paymentIntentId))
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onSessionExpired()
      setPaying(false)
      setProblem({
        title: 'We could not update your order',
        message: errorMessage(
          error,
          'Your card went through, but we could not update the order just now. Please reload this page; if it still shows the old total, contact us.',
        ),
      })
    }
  }

  const titleId = `${idPrefix}-title`
  const publishableKey = config.data?.publishableKey
  const total = formatDecimalPrice(payment.total)
  const savedCard = payment.savedCard
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-forest">
          <CreditCardIcon className="size-5" aria-hidden />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-semibold text-forest">
            {purpose === 'change' ? 'Confirm your card for the new total' : 'Pay with another card'}
          </h2>
          <p className="text-sm text-muted-foreground">
            {purpose === 'change'
              ? `Your changed order comes to ${total}, more than the ${formatDecimalPrice(order.authorizedAmount)} your card authorized. Authorize the new total and the change is saved.`
              : `Your card was declined for this order. Pay ${total} with another card to keep your delivery.`}
          </p>
        </div>
      </div>
      {savedCard ? (
        savedCard.status === 'declined' ? (
          <PaymentAlert title="Saved card declined" message={savedCard.message} />
        ) : (
          <p
            role="status"
            className="rounded-lg border border-butter bg-butter/20 px-4 py-3 text-sm font-medium"
          >
            {savedCard.message}
          </p>
        )
      ) : null}
      {purpose === 'change' ? (
        <p className="flex gap-3 rounded-lg bg-accent px-4 py-3 text-sm text-accent-foreground">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-forest" aria-hidden />
          <span>{SAVED_CARD_MESSAGES.replacesHold(total)}</span>
        </p>
      ) : null}
      <form
        noValidate
        aria-label="Card payment"
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault()
          void pay()
        }}
      >
        <CardFields
          provider={payment.provider}
          stripe={
            payment.provider === 'stripe' && publishableKey
              ? {
                  publishableKey,
                  clientSecret: payment.clientSecret,
                  returnPath: paths.order(order.id),
                }
              : null
          }
          onStripeReady={setStripeConfirm}
          card={<DemoCardFields form={cardForm} idPrefix={`${idPrefix}-card`} />}
        />
        {problem ? <PaymentAlert {...problem} /> : null}
        <div className="flex flex-col gap-3 border-t border-border pt-5">
          <p className="flex items-baseline justify-between text-lg font-semibold">
            <span>{purpose === 'change' ? 'New total' : 'Total'}</span>
            <span className="tabular-nums">{total}</span>
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onBack} disabled={paying}>
              {purpose === 'change' ? 'Keep the order as it was' : 'Not now'}
            </Button>
            <Button type="submit" size="lg" disabled={paying}>
              <LockIcon aria-hidden />
              {/* a change's payment takes the place of the hold: not a second charge */}
              {paying
                ? 'Processing...'
                : purpose === 'change'
                  ? `Authorize ${total} instead`
                  : `Pay ${total}`}
            </Button>
          </div>
        </div>
      </form>
    </section>
  )
}
