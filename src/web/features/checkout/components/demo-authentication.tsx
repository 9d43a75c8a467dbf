import { useMutation } from '@tanstack/react-query'
import { LandmarkIcon, ShieldCheckIcon } from 'lucide-react'
import { Link, useNavigate } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import { CHECKOUT_MESSAGES } from '#shared/schemas/checkout.ts'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { authenticateDemoPayment } from '../api/demo-payments.ts'
import { isUnauthorized } from '../hooks/use-checkout-exits.ts'
import { joinKeptFor, joinReturnPath } from '../pending-join.ts'

/** a payment (pi_…) or a card kept without one (seti_…, docs/product.md#saved-cards) */
const CHECKED_ID = /^(pi|seti)_[A-Za-z0-9_]{6,120}$/

/**
 * The demo provider's stand-in for a bank's verification page (docs/product.md#payments): complete
 * or fail the check, then back to where the server says, as a real bank would:
 * /checkout?payment_intent=…&redirect_status=…, an order's page for an order's payment, or
 * /profile?setup_intent=…&redirect_status=… for a card being saved. A payment the checkout
 * started to add its basket to an order comes back to the checkout with the order's id.
 */
export function DemoAuthentication({ paymentIntentId }: { paymentIntentId: string | null }) {
  const navigate = useNavigate()
  const setup = paymentIntentId?.startsWith('seti_') === true
  // where the customer started: the profile for a card being saved, else the checkout
  const home = setup ? '/profile' : '/checkout'
  const authenticate = useMutation({
    mutationFn: (outcome: 'succeeded' | 'failed') =>
      authenticateDemoPayment(paymentIntentId ?? '', outcome),
    onSuccess: ({ returnUrl }) => {
      const target = new URL(returnUrl, window.location.href)
      // the return address is always one of the shop's own pages
      if (target.origin !== window.location.origin) return void navigate(home, { replace: true })
      // a basket being added to its Saturday order goes back through the checkout, which
      // applies the payment as the order's page would and empties the basket too
      // (docs/product.md#one-order-per-saturday)
      const joining = paymentIntentId ? joinKeptFor(paymentIntentId) : undefined
      if (joining && target.pathname === paths.order(joining)) {
        return void navigate(`${joinReturnPath(joining)}&${target.search.slice(1)}`, {
          replace: true,
        })
      }
      void navigate(`${target.pathname}${target.search}`, { replace: true })
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        toast({ variant: 'destructive', title: CHECKOUT_MESSAGES.sessionExpired })
        void navigate(paths.login(home))
      }
    },
  })
  const valid = paymentIntentId !== null && CHECKED_ID.test(paymentIntentId)

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <section
        aria-labelledby="demo-bank-title"
        className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
      >
        <div className="flex items-center gap-3 bg-charcoal px-6 py-4 text-white">
          <LandmarkIcon className="size-6" aria-hidden />
          <p className="font-semibold tracking-wide">Demo Bank</p>
        </div>
        <div className="flex flex-col gap-5 p-6 sm:p-8">
          <div className="flex flex-col gap-2">
            <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-accent text-forest">
              <ShieldCheckIcon className="size-6" aria-hidden />
            </span>
            <h1 id="demo-bank-title" className="text-3xl font-semibold text-forest">
              Demo bank verification
            </h1>
            <p className="text-muted-foreground">
              {setup
                ? 'Your card asks you to confirm saving it with Houston Farm to Door.'
                : 'Your card asks you to confirm this payment.'}{' '}
              This page stands in for your bank&apos;s check:{' '}
              {CHECKOUT_MESSAGES.demoOnly.toLowerCase()}.
            </p>
          </div>
          {valid ? (
            <>
              <p className="rounded-lg bg-muted px-4 py-3 font-mono text-xs break-all text-muted-foreground">
                {setup ? 'Card' : 'Payment'} {paymentIntentId}
              </p>
              {authenticate.isError && !isUnauthorized(authenticate.error) ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {errorMessage(authenticate.error, CHECKOUT_MESSAGES.unexpected)}
                </p>
              ) : null}
              <div className="flex flex-col gap-3">
                <Button
                  size="lg"
                  disabled={authenticate.isPending}
                  onClick={() => authenticate.mutate('succeeded')}
                >
                  Complete authentication
                </Button>
                <Button
                  size="lg"
                  variant="outline"
                  disabled={authenticate.isPending}
                  onClick={() => authenticate.mutate('failed')}
                >
                  Fail authentication
                </Button>
              </div>
            </>
          ) : (
            <>
              <p role="alert" className="font-medium text-destructive">
                {CHECKOUT_MESSAGES.paymentNotFound}.{' '}
                {setup
                  ? 'Please add the card again from your profile.'
                  : 'Please start again from the checkout.'}
              </p>
              <Button asChild size="lg">
                <Link to={home}>{setup ? 'Back to your profile' : 'Back to checkout'}</Link>
              </Button>
            </>
          )}
        </div>
      </section>
    </div>
  )
}
