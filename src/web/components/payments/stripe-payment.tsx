import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe, type StripeError } from '@stripe/stripe-js'
import { LockIcon } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { CHECKOUT_MESSAGES } from '#shared/schemas/checkout.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import type { ConfirmPayment, PaymentOutcome, StripeIntent } from './payment-outcome.ts'

/*
 * Stripe's Payment Element (docs/product.md#payments). Only this module imports Stripe, and the
 * page loads it only when the shop is configured for Stripe, so nobody else downloads it.
 */

const stripes = new Map<string, Promise<Stripe | null>>()
/** Stripe.js for a key, fetched from Stripe once; a failed fetch is tried again next time. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey)
  if (!stripe) {
    stripe = loadStripe(publishableKey).then((loaded) => {
      if (!loaded) throw new Error('Stripe.js is not available here')
      return loaded
    })
    stripe.catch(() => stripes.delete(publishableKey))
    stripes.set(publishableKey, stripe)
  }
  return stripe
}

export default function StripePayment({
  publishableKey,
  clientSecret,
  returnPath,
  intent = 'payment',
  onReady,
  className,
}: {
  publishableKey: string
  clientSecret: string
  /** where the bank's page sends the customer back to: /checkout, the order's page, /profile */
  returnPath: string
  /** a PaymentIntent's secret (a payment), or a SetupIntent's (a card kept without a payment) */
  intent?: StripeIntent
  /** hands the page the function that confirms this payment (null while Stripe loads) */
  onReady: (confirm: ConfirmPayment | null) => void
  className?: string
}) {
  // a failed fetch of Stripe.js (offline, blocked) offers to try again with a new promise
  const [stripe, setStripe] = useState(() => stripeFor(publishableKey))
  const [failed, setFailed] = useState<Promise<Stripe | null> | null>(null)
  // Elements gets a promise that never rejects: null (nothing rendered) when Stripe.js failed
  const forElements = useMemo(() => stripe.catch(() => null), [stripe])
  useEffect(() => {
    stripe.catch(() => setFailed(stripe))
  }, [stripe])

  // Note for whoever trims this module: like every page chunk it uses cn, an icon and a Button
  // (the common chunk's modules); a lazy chunk that shared only React would make the bundler
  // split the common chunk, and the landing page would fetch the pieces one by one.
  return (
    <div className={cn('flex min-h-40 flex-col gap-3', className)}>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LockIcon className="size-4" aria-hidden />
        Card details go straight to Stripe; we never see them.
      </p>
      {failed === stripe ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm">
          <p>
            We couldn&apos;t load the card form from Stripe. Check your connection and try again.
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={() => setStripe(stripeFor(publishableKey))}
          >
            Try again
          </Button>
        </div>
      ) : (
        // Elements takes its stripe and clientSecret once: a new payment (after a decline) or a
        // new try at loading Stripe.js needs a new Elements
        <Elements key={clientSecret} stripe={forElements} options={{ clientSecret }}>
          <PaymentElement />
          <Confirmer returnPath={returnPath} intent={intent} onReady={onReady} />
        </Elements>
      )}
    </div>
  )
}

/** A refusal of Stripe.js as a payment outcome: the card's fault, or anything else. */
function outcomeOfError(error: StripeError): PaymentOutcome {
  const message = error.message ?? CHECKOUT_MESSAGES.unexpected
  return error.type === 'card_error' || error.type === 'validation_error'
    ? { status: 'failed', message }
    : { status: 'error', message }
}

function Confirmer({
  returnPath,
  intent,
  onReady,
}: {
  returnPath: string
  intent: StripeIntent
  onReady: (confirm: ConfirmPayment | null) => void
}) {
  const stripe = useStripe()
  const elements = useElements()
  useEffect(() => {
    if (!stripe || !elements) {
      onReady(null)
      return
    }
    const confirmParams = { return_url: `${window.location.origin}${returnPath}` }
    onReady(async () => {
      if (intent === 'setup') {
        // the bank's page only when the card needs it; it comes back to return_url
        const { error, setupIntent } = await stripe.confirmSetup({
          elements,
          confirmParams,
          redirect: 'if_required',
        })
        if (error) return outcomeOfError(error)
        return setupIntent.status === 'succeeded' || setupIntent.status === 'processing'
          ? { status: 'succeeded' }
          : { status: 'error', message: CHECKOUT_MESSAGES.paymentNotCompleted }
      }
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams,
        // the bank's page only when the card needs it; it comes back to return_url
        redirect: 'if_required',
      })
      if (error) return outcomeOfError(error)
      // the card is authorised at checkout and charged at the cut-off (requires_capture)
      return paymentIntent.status === 'requires_capture' ||
        paymentIntent.status === 'succeeded' ||
        paymentIntent.status === 'processing'
        ? { status: 'succeeded' }
        : { status: 'error', message: CHECKOUT_MESSAGES.paymentNotCompleted }
    })
    return () => onReady(null)
  }, [stripe, elements, onReady, returnPath, intent])
  return null
}
