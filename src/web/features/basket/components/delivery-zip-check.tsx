import { BellIcon, CheckIcon, MapPinIcon, XCircleIcon } from 'lucide-react'
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { FIVE_DIGIT_ZIP, isServedZip } from '#shared/domain/service-area.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { rememberZip, useRememberedZip } from '#web/lib/remembered-zip.ts'

/**
 * The drawer's one-line "Delivering to ZIP …?" check (docs/product.md#basket): a small field
 * until a ZIP is remembered (by this check or any other, docs/product.md#service-area), then the
 * answer in its place with Change. It answers from the service-area list, never blocks the basket,
 * and a ZIP we do not serve offers the "tell me when you deliver" sign-up.
 */
export function DeliveryZipCheck({
  renderUnavailable,
}: {
  /** the "tell me when you deliver" sign-up (the marketing feature's, passed by the app) */
  renderUnavailable?: ((zip: string) => ReactNode) | undefined
}) {
  const remembered = useRememberedZip()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState('')
  const [offerOpen, setOfferOpen] = useState(false)
  const inputId = useId()
  const offerId = useId()
  const change = useRef<HTMLButtonElement>(null)
  const field = useRef<HTMLInputElement>(null)

  function check(event: FormEvent) {
    event.preventDefault()
    if (!FIVE_DIGIT_ZIP.test(draft)) return
    // the field gives way to the answer: the focus goes to its Change, not to the page
    flushSync(() => {
      rememberZip(draft)
      setEditing(false)
      setOfferOpen(false)
    })
    change.current?.focus()
  }

  function edit() {
    flushSync(() => {
      setDraft(remembered ?? '')
      setEditing(true)
    })
    field.current?.select()
  }

  // the answer shown in place of the field, while the visitor is not changing it
  const answer = editing ? null : remembered
  const served = answer !== null && isServedZip(answer)
  return (
    <div className="flex flex-col gap-2 text-sm">
      {/* the answer replacing the field is read out */}
      <div aria-live="polite">
        {answer === null ? (
          <form onSubmit={check} className="flex items-center gap-2">
            <MapPinIcon className="size-4 shrink-0 text-forest" aria-hidden />
            <label htmlFor={inputId} className="font-semibold whitespace-nowrap text-forest">
              Delivering to ZIP
            </label>
            <Input
              ref={field}
              id={inputId}
              value={draft}
              onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 5))}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              className="h-8 w-[4.75rem] px-2 tabular-nums"
            />
            <Button type="submit" variant="outline" size="xs" disabled={draft.length !== 5}>
              Check
            </Button>
          </form>
        ) : (
          <div className="flex items-center gap-2">
            {served ? (
              <MapPinIcon className="size-4 shrink-0 text-forest" aria-hidden />
            ) : (
              <XCircleIcon className="size-4 shrink-0 text-tomato" aria-hidden />
            )}
            {served ? (
              <p className="min-w-0 flex-1 font-semibold text-forest">
                Delivering to {answer}
                <CheckIcon className="ml-1 inline size-4 align-[-0.125em]" aria-hidden />
              </p>
            ) : (
              <p className="min-w-0 flex-1 font-semibold">We don&apos;t deliver to {answer} yet</p>
            )}
            <Button ref={change} type="button" variant="link" size="inline" onClick={edit}>
              Change<span className="sr-only"> ZIP</span>
            </Button>
          </div>
        )}
      </div>
      {answer !== null && !served && renderUnavailable ? (
        <>
          <Button
            type="button"
            variant="link"
            size="inline"
            className="self-start"
            aria-expanded={offerOpen}
            aria-controls={offerId}
            onClick={() => setOfferOpen((open) => !open)}
          >
            <BellIcon aria-hidden />
            Tell me when you do
          </Button>
          <div id={offerId}>{offerOpen ? renderUnavailable(answer) : null}</div>
        </>
      ) : null}
    </div>
  )
}
