import { lazy, Suspense, type ReactNode } from 'react'
import type { PaymentProviderName } from '#shared/schemas/checkout.ts'
import type { ConfirmPayment, StripeIntent } from './payment-outcome.ts'

// Stripe's libraries load only for a shop configured for Stripe
const StripePayment = lazy(() => import('./stripe-payment.tsx'))

/**
 * The provider's card form (docs/product.md#payments): the demo provider's own fields, or
 * Stripe's Payment Element once the payment exists. The checkout, an order's page and the
 * profile's "Add a card" use it.
 */
export function CardFields({
  provider,
  stripe,
  onStripeReady,
  card,
}: {
  provider: PaymentProviderName | undefined
  /**
   * Stripe's keys and where its bank page returns to, once the payment (or the card setup,
   * `intent: 'setup'`) exists; else null
   */
  stripe: {
    publishableKey: string
    clientSecret: string
    returnPath: string
    intent?: StripeIntent
  } | null
  onStripeReady: (confirm: ConfirmPayment | null) => void
  /** the demo provider's card fields */
  card: ReactNode
}) {
  const loading = (
    <p role="status" className="text-muted-foreground">
      Loading payment form…
    </p>
  )
  if (provider === 'demo') return card
  if (!stripe) return loading
  return (
    <Suspense fallback={loading}>
      <StripePayment {...stripe} onReady={onStripeReady} />
    </Suspense>
  )
}
