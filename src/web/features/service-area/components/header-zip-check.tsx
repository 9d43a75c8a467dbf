import { MapPinIcon } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { FIVE_DIGIT_ZIP } from '#shared/domain/service-area.ts'
import type { ServiceAreaResult } from '#shared/schemas/service-area.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { useCheckServiceArea } from '../api/check-service-area.ts'

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
      <Dialog open={result !== null} onOpenChange={(open) => !open && setResult(null)}>
        <DialogContent>
          {result?.isValid ? (
            <>
              <DialogHeader>
                <DialogTitle>Great News!</DialogTitle>
                <DialogDescription>We deliver to {result.zipCode}!</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button asChild onClick={() => setResult(null)}>
                  <Link to="/shop">Start Shopping</Link>
                </Button>
              </DialogFooter>
            </>
          ) : (
            <>
              <DialogHeader>
                <DialogTitle>Sorry!</DialogTitle>
                <DialogDescription>
                  We don&apos;t currently deliver to {result?.zipCode}. We serve the Houston and
                  greater Houston area.
                </DialogDescription>
              </DialogHeader>
              {result && renderUnavailable ? renderUnavailable(result.zipCode) : null}
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Close</Button>
                </DialogClose>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  )
}
