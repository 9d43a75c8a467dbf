import { MapPinIcon } from 'lucide-react'
import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react'
import { paths } from '#shared/routes.ts'
import { FIVE_DIGIT_ZIP } from '#shared/domain/service-area.ts'
import type { ServiceAreaResult } from '#shared/schemas/service-area.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { rememberZip } from '#web/lib/remembered-zip.ts'
import { useCheckServiceArea } from '../api/check-service-area.ts'

// the answer's dialog (Radix Dialog) loads with the first answer: the first paint is the field
const ZipResultDialog = lazy(() =>
  import('./zip-result-dialog.tsx').then((module) => ({ default: module.ZipResultDialog })),
)

const ZIP_FIELD = 'zip'

/**
 * The header's zip input: Enter checks the ZIP and opens the answer (docs/product.md#service-area).
 * It is a real GET form to the how-it-works page, which renders the answer for `?zip=`: without
 * the app the server answers it, and one sent before the app has started is held by the boot
 * script and sent again through the app (docs/decisions/0014-early-presses.md). The field is not
 * controlled, so what was typed before the app started stays in it.
 */
export function HeaderZipCheck({
  tone = 'dark',
  renderUnavailable,
}: {
  tone?: 'dark' | 'light'
  /** shown in the "Sorry!" dialog: the app passes the "tell me when you deliver" sign-up */
  renderUnavailable?: (zip: string) => ReactNode
}) {
  const inputId = useId()
  const [result, setResult] = useState<ServiceAreaResult | null>(null)
  const [wanted, setWanted] = useState(false)
  if (result !== null && !wanted) setWanted(true)
  const check = useCheckServiceArea()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const field = event.currentTarget.elements.namedItem(ZIP_FIELD)
    const value = field instanceof HTMLInputElement ? field.value.trim() : ''
    if (value === '') return // an empty zip does nothing (docs/product.md#service-area)
    if (!FIVE_DIGIT_ZIP.test(value)) {
      setResult({ isValid: false, zipCode: value })
      return
    }
    check.mutate(value, {
      onSuccess: (answer) => {
        // the basket drawer and the join form start from it (docs/product.md#service-area)
        rememberZip(answer.zipCode)
        setResult(answer)
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not check that ZIP',
          description: errorMessage(error, 'Please try again in a moment.'),
        }),
    })
  }

  return (
    <>
      <form
        method="get"
        action={paths.zipAnswer()}
        data-kept-until-app=""
        onSubmit={submit}
        className="relative flex items-center"
      >
        <label htmlFor={inputId} className="sr-only">
          Please enter your zip to check delivery
        </label>
        <MapPinIcon
          className={cn(
            'pointer-events-none absolute left-2.5 size-4',
            tone === 'dark' ? 'text-sage' : 'text-forest',
          )}
          aria-hidden
        />
        <input
          id={inputId}
          name={ZIP_FIELD}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="Please enter your zip"
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '')
            if (digits !== event.target.value) event.target.value = digits
          }}
          className={cn(
            'rounded-md border pr-2 pl-8 text-sm',
            tone === 'dark'
              ? 'h-8 w-40 border-white/25 xl:w-48 bg-white/10 text-white placeholder:text-white/75 focus:bg-white/15'
              : 'h-10 w-full border-input bg-card placeholder:text-muted-foreground',
          )}
        />
      </form>
      {wanted ? (
        <Suspense fallback={null}>
          <ZipResultDialog
            result={result}
            onClose={() => setResult(null)}
            renderUnavailable={renderUnavailable}
          />
        </Suspense>
      ) : null}
    </>
  )
}
