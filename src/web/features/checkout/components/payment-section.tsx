import { LockIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { CHECKOUT_MESSAGES, type PaymentProviderName } from '#shared/schemas/checkout.ts'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import { CardFields } from '#web/components/payments/card-fields.tsx'
import { PaymentAlert } from '#web/components/payments/payment-alert.tsx'
import type { ConfirmPayment } from '#web/components/payments/payment-outcome.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeCheckbox } from '#web/components/ui/native-checkbox.tsx'
import { errorMessage } from '#web/lib/api-client.ts'
import type { CheckoutProblem } from '../hooks/use-complete-order.ts'
import { CheckoutPanel } from './checkout-panels.tsx'

/**
 * 'Failed to initialize checkout' (docs/product.md#payments): the server's reason and the ways
 * back.
 */
export function SetupFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <CheckoutPanel
      title={CHECKOUT_MESSAGES.failedToInitialize}
      tone="problem"
      headingLevel={2}
      inset
      actions={
        <>
          <Button type="button" onClick={onRetry}>
            Try again
          </Button>
          <Button asChild variant="outline">
            <Link to="?cart=open">Review your basket</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/shop">Back to the shop</Link>
          </Button>
        </>
      }
    >
      {errorMessage(error, 'We could not prepare your payment. Please try again.')}
    </CheckoutPanel>
  )
}

/**
 * "Save this card for changes to my orders" (docs/product.md#saved-cards), with the consent the
 * provider needs to charge the card later without the customer, in small print beside it.
 */
export function SaveCardChoice({
  controlId,
  checked,
  disabled,
  onChange,
}: {
  controlId: string
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
}) {
  const consentId = `${controlId}-consent`
  return (
    <div className="flex flex-col gap-1">
      {/* the whole row takes the tap: 44 px high however short the words */}
      <div className="flex min-h-11 items-center gap-3">
        <NativeCheckbox
          id={controlId}
          checked={checked}
          disabled={disabled}
          aria-describedby={consentId}
          onChange={(event) => onChange(event.target.checked)}
        />
        <Label htmlFor={controlId} look="option-long" className="cursor-pointer py-2">
          {SAVED_CARD_MESSAGES.saveCard}
        </Label>
      </div>
      <p id={consentId} className="pl-8 text-xs text-muted-foreground">
        {SAVED_CARD_MESSAGES.consent}
      </p>
    </div>
  )
}

/**
 * The provider's card form (the demo's own fields, or Stripe's Payment Element), the choice to
 * keep the card, what went wrong with the last try, the total and 'Complete Order'
 * ('Processing...' while it runs).
 */
export function PaymentFields({
  provider,
  stripe,
  onStripeReady,
  card,
  saveCard,
  problem,
  total,
  canPay,
  processing,
}: {
  provider: PaymentProviderName | undefined
  /** Stripe's keys, once the payment exists; null with the demo provider */
  stripe: { publishableKey: string; clientSecret: string } | null
  onStripeReady: (confirm: ConfirmPayment | null) => void
  /** the demo provider's card fields */
  card: ReactNode
  /** the box to keep the card for changes to the customer's orders */
  saveCard: ReactNode
  problem: CheckoutProblem | null
  /** the server's total, "98.54" */
  total: string
  canPay: boolean
  processing: boolean
}) {
  return (
    <div className="flex flex-col gap-5">
      <CardFields
        provider={provider}
        stripe={stripe ? { ...stripe, returnPath: '/checkout' } : null}
        onStripeReady={onStripeReady}
        card={card}
      />
      {saveCard}
      {problem ? <PaymentAlert {...problem} /> : null}
      <div className="flex flex-col gap-3 border-t border-border pt-5">
        <p className="flex items-baseline justify-between text-lg font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{formatDecimalPrice(total)}</span>
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={!canPay || processing}>
          <LockIcon aria-hidden />
          {processing ? 'Processing...' : 'Complete Order'}
        </Button>
      </div>
    </div>
  )
}
