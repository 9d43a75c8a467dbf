import { PartyPopperIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { SITE } from '#shared/site-content.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import { WaitlistForm } from './waitlist-form.tsx'

/**
 * The waitlist modal (docs/product.md#visitor-forms): an e-mail form, then "You're on the
 * waitlist!"; closing it, however it closes, brings the form back for next time. `children` is the
 * button that opens it (it gets the focus back on close).
 */
export function WaitlistDialog({ children }: { children: ReactNode }) {
  const [joined, setJoined] = useState(false)
  return (
    <Dialog onOpenChange={(open) => !open && setJoined(false)}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        {joined ? (
          <>
            <DialogHeader className="items-center text-center sm:items-start sm:text-left">
              <span className="flex size-12 items-center justify-center rounded-full bg-accent text-forest">
                <PartyPopperIcon className="size-6" aria-hidden />
              </span>
              <DialogTitle>You&apos;re on the waitlist!</DialogTitle>
              <DialogDescription>
                We&apos;ll e-mail you the week Saturday deliveries start, with first pick of the
                opening week&apos;s boxes. No spam in the meantime.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button>Close</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Join the Waitlist</DialogTitle>
              <DialogDescription>
                We&apos;re {SITE.launchText.toLowerCase()}. Leave your e-mail and we&apos;ll tell
                you when Saturday deliveries start in your neighborhood. No spam, ever.
              </DialogDescription>
            </DialogHeader>
            <WaitlistForm onSuccess={() => setJoined(true)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
