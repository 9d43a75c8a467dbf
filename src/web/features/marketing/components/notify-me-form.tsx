import { BellIcon, CheckCircle2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { WaitlistForm } from './waitlist-form.tsx'

/**
 * "Tell me when you deliver to {zip}": a waitlist sign-up stored with its ZIP, so the shop learns
 * where demand is (docs/product.md#demand-where-we-do-not-deliver). Shown in the header's "Sorry!"
 * dialog, on /how-it-works and in the basket drawer, each on a white card.
 */
export function NotifyMeForm({ zip }: { zip: string }) {
  const titleId = useId()
  const [signedUp, setSignedUp] = useState(false)
  if (signedUp) {
    return (
      <p
        role="status"
        className="flex items-start gap-3 rounded-lg bg-accent p-4 text-accent-foreground"
      >
        <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-forest" aria-hidden />
        <span>Thanks! We&apos;ll e-mail you as soon as we start delivering to {zip}.</span>
      </p>
    )
  }
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-4"
    >
      <p id={titleId} className="flex items-center gap-2 font-semibold text-forest">
        <BellIcon className="size-4 shrink-0" aria-hidden />
        Tell me when you deliver to {zip}
      </p>
      <WaitlistForm zipCode={zip} submitLabel="Notify me" onSuccess={() => setSignedUp(true)} />
    </section>
  )
}
