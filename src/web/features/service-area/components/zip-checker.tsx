import { CheckCircle2Icon, XCircleIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { DELIVERY_WINDOW, ORDER_CUTOFF } from '#shared/domain/delivery.ts'
import { isServedZip } from '#shared/domain/service-area.ts'
import { paths } from '#shared/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { rememberZip } from '#web/lib/remembered-zip.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'

/** How long the check appears to take (docs/product.md#service-area). */
export const ZIP_CHECK_DELAY_MS = 500

type CheckState =
  | { step: 'unchecked' }
  | { step: 'checking' }
  | { step: 'available'; zip: string }
  | { step: 'unavailable'; zip: string }

/**
 * The how-it-works ZIP checker. It answers from the shared service-area list, the same one the
 * server uses, so it needs no round trip; the short pause tells the visitor something happened.
 * It is a GET form to its own page: the page's `?zip=` (`givenZip`, sent by this form or the
 * header's without the app) is answered as the page renders, on the server too.
 */
export function ZipChecker({
  givenZip = '',
  renderUnavailable,
}: {
  givenZip?: string
  /** shown under "Sorry…": the app passes the "tell me when you deliver" sign-up */
  renderUnavailable?: (zip: string) => ReactNode
}) {
  const inputId = useId()
  const hydrated = useHydrated()
  const [zip, setZip] = useState(() => givenZip.replace(/\D/g, '').slice(0, 5))
  const [state, setState] = useState<CheckState>(() =>
    // short of five digits is not served, as the header's check answers it
    givenZip.trim() ? answerFor(givenZip.trim().slice(0, 5)) : { step: 'unchecked' },
  )
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  function check(event: FormEvent) {
    event.preventDefault()
    if (zip.length !== 5) return
    const checked = zip
    setState({ step: 'checking' })
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      // a ZIP the visitor checked is remembered, as the header's is; a ?zip= from a link is not
      rememberZip(checked)
      setState(answerFor(checked))
    }, ZIP_CHECK_DELAY_MS)
  }

  return (
    <div className="flex flex-col gap-4">
      <form
        method="get"
        action={paths.zipAnswer()}
        onSubmit={check}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-semibold">
            Your ZIP code
          </label>
          <Input
            id={inputId}
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            placeholder="e.g. 77006"
            value={zip}
            onChange={(event) => {
              setZip(event.target.value.replace(/\D/g, '').slice(0, 5))
              if (state.step !== 'checking') setState({ step: 'unchecked' })
            }}
            inputSize="lg"
          />
        </div>
        <Button
          type="submit"
          size="lg-field"
          // enabled without the app: a disabled default button would stop Enter sending the form
          disabled={(hydrated && zip.length !== 5) || state.step === 'checking'}
        >
          {state.step === 'checking' ? 'Checking…' : 'Check ZIP'}
        </Button>
      </form>
      <div aria-live="polite">
        {state.step === 'available' ? (
          <div className="flex items-start gap-3 rounded-lg bg-accent p-4 text-accent-foreground">
            <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-forest" aria-hidden />
            <div className="flex flex-col gap-2">
              <p className="font-semibold">Good news: we deliver to {state.zip}!</p>
              <p>
                Order by {ORDER_CUTOFF.label} and your food arrives that Saturday,{' '}
                {DELIVERY_WINDOW.label}.
              </p>
              <Link to="/shop" className="font-semibold text-primary underline">
                Start shopping
              </Link>
            </div>
          </div>
        ) : state.step === 'unavailable' ? (
          <div className="flex flex-col gap-3">
            <div className="flex items-start gap-3 rounded-lg bg-tomato/10 p-4">
              <XCircleIcon className="mt-0.5 size-5 shrink-0 text-tomato" aria-hidden />
              <div className="flex flex-col gap-1">
                <p className="font-semibold">Sorry, we don&apos;t deliver to {state.zip} yet.</p>
                <p className="text-muted-foreground">
                  We currently serve the Houston metro area (77xxx zip codes).
                </p>
              </div>
            </div>
            {renderUnavailable?.(state.zip)}
          </div>
        ) : null}
      </div>
    </div>
  )
}

function answerFor(zip: string): CheckState {
  return { step: isServedZip(zip) ? 'available' : 'unavailable', zip }
}
