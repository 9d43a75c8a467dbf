import { MapPinIcon } from 'lucide-react'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { FIVE_DIGIT_ZIP } from '#shared/domain/service-area.ts'
import type { ServiceAreaResult } from '#shared/schemas/service-area.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { useCheckServiceArea } from '../api/check-service-area.ts'

// the answer's dialog (Radix Dialog) loads with the first answer: the first paint is the field
const ZipResultDialog = lazy(() =>
  import('./zip-result-dialog.tsx').then((module) => ({ default: module.ZipResultDialog })),
)

/**
 * The header's zip input: Enter checks the ZIP and opens the answer (docs/product.md#service-area).
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
  const [zip, setZip] = useState('')
  const [result, setResult] = useState<ServiceAreaResult | null>(null)
  const [wanted, setWanted] = useState(false)
  if (result !== null && !wanted) setWanted(true)
  const check = useCheckServiceArea()

  function submit() {
    const value = zip.trim()
    if (value === '') return // an empty zip does nothing (docs/product.md#service-area)
    if (!FIVE_DIGIT_ZIP.test(value)) {
      setResult({ isValid: false, zipCode: value })
      return
    }
    check.mutate(value, {
      onSuccess: setResult,
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
      <div className="relative flex items-center">
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
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="Please enter your zip"
          value={zip}
          onChange={(event) => setZip(event.target.value.replace(/\D/g, ''))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              submit()
            }
          }}
          className={cn(
            'rounded-md border pr-2 pl-8 text-sm',
            tone === 'dark'
              ? 'h-8 w-40 border-white/25 xl:w-48 bg-white/10 text-white placeholder:text-white/75 focus:bg-white/15'
              : 'h-10 w-full border-input bg-card placeholder:text-muted-foreground',
          )}
        />
      </div>
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
