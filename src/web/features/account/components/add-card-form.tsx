import { useQuery } from '@tanstack/react-query'
import { LockIcon } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { CHECKOUT_MESSAGES, DemoCardSchema } from '#shared/schemas/checkout.ts'
import { SAVED_CARD_MESSAGES, type CardSetupResult } from '#shared/schemas/saved-cards.ts'
import { CardFields } from '#web/components/payments/card-fields.tsx'
import { DemoCardFields, useDemoCardForm } from '#web/components/payments/demo-card-fields.tsx'
import { payWithDemoCard } from '#web/components/payments/demo-payments.ts'
import { PaymentAlert } from '#web/components/payments/payment-alert.tsx'
import { paymentQueries } from '#web/components/payments/payment-config.ts'
import type { ConfirmPayment, PaymentOutcome } from '#web/components/payments/payment-outcome.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { openPaymentRedirect } from '#web/lib/router.tsx'

/**
 * "Add a card" on the profile (docs/product.md#saved-cards): the provider's card form (the demo's
 * own fields, or Stripe's Payment Element) confirms a card setup, so the card is kept without a
 * payment. A card the bank wants to check goes to the bank's page, which comes back to /profile.
 */
export function AddCardForm({
  setup,
  zip,
  onSaved,
  onCancel,
  onSessionExpired,
}: {
  setup: CardSetupResult
  /** the customer's ZIP, for the demo card's billing ZIP */
  zip: string
  onSaved: () => void
  onCancel: () => void
  onSessionExpired: () => void
}) {
  const idPrefix = useId()
  const config = useQuery(paymentQueries.config())
  const provider = config.data?.provider
  const cardForm = useDemoCardForm(zip)
  const stripeConfirm = useRef<ConfirmPayment | null>(null)
  const setStripeConfirm = useCallback((confirm: ConfirmPayment | null) => {
    stripeConfirm.current = confirm
  }, [])
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null)
  const [saving, setSaving] = useState(false)

  // the form opens where the customer asked for it: straight to the card number
  const { setFocus } = cardForm
  useEffect(() => {
    if (provider === 'demo') setFocus('cardNumber')
  }, [provider, setFocus])

  async function confirmCard(): Promise<PaymentOutcome> {
    if (provider === 'stripe') {
      const confirm = stripeConfirm.current
      return confirm
        ? confirm()
        : { status: 'error', message: 'The card form is still loading. Please try again.' }
    }
    return payWithDemoCard(setup.setupIntentId, DemoCardSchema.parse(cardForm.getValues()))
  }

  async function save() {
    if (saving || !provider) return
    if (provider === 'demo' && !(await cardForm.trigger(undefined, { shouldFocus: true }))) return
    setProblem(null)
    setSaving(true)
    let outcome: PaymentOutcome
    try {
      outcome = await confirmCard()
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onSessionExpired()
      outcome = { status: 'error', message: errorMessage(error, CHECKOUT_MESSAGES.unexpected) }
    }
    switch (outcome.status) {
      case 'succeeded':
        return onSaved()
      case 'redirect':
        return openPaymentRedirect(outcome.url)
      default:
        setSaving(false)
        setProblem({
          title: outcome.status === 'failed' ? 'Card not saved' : CHECKOUT_MESSAGES.paymentError,
          message: outcome.message,
        })
    }
  }

  const titleId = `${idPrefix}-title`
  const consentId = `${idPrefix}-consent`
  const publishableKey = config.data?.publishableKey
  // on a phone the form is set off by a rule, not a box of its own: a box inside the section's
  // box would leave the card fields too narrow
  return (
    <form
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-5 border-t border-border pt-6 sm:rounded-xl sm:border sm:bg-background sm:p-5"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <h3 id={titleId} className="text-lg font-semibold text-forest">
        Add a card
      </h3>
      {config.isError ? (
        <PaymentAlert
          title={CHECKOUT_MESSAGES.paymentError}
          message="We couldn't load the card form just now. Please try again."
        />
      ) : (
        <CardFields
          provider={provider}
          stripe={
            provider === 'stripe' && publishableKey
              ? {
                  publishableKey,
                  clientSecret: setup.clientSecret,
                  returnPath: '/profile',
                  intent: 'setup',
                }
              : null
          }
          onStripeReady={setStripeConfirm}
          card={<DemoCardFields form={cardForm} idPrefix={`${idPrefix}-card`} />}
        />
      )}
      {problem ? <PaymentAlert {...problem} /> : null}
      <p id={consentId} className="text-xs text-muted-foreground">
        {SAVED_CARD_MESSAGES.consent}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="touch" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button
          type="submit"
          size="touch"
          disabled={saving || !provider}
          aria-describedby={consentId}
        >
          <LockIcon aria-hidden />
          {saving ? 'Saving card...' : 'Save card'}
        </Button>
      </div>
    </form>
  )
}
