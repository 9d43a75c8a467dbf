import { PartyPopperIcon } from 'lucide-react'
import { useState, type RefObject } from 'react'
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
} from '#web/components/ui/dialog.tsx'
import { WaitlistForm } from './waitlist-form.tsx'

/**
 * The waitlist modal (docs/product.md#visitor-forms): an e-mail form, then "You're on the
 * waitlist!"; closing it, however it closes, brings the form back for next time. Loaded when its
 * button is first pressed (./waitlist-dialog.tsx); focus goes back to that button on close.
 */
export function WaitlistDialogContent({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: RefObject<HTMLElement | null>
}) {
  const [joined, setJoined] = useState(false)
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setJoined(false)
        onOpenChange(next)
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          trigger.current?.focus()
        }}
      >
        {joined ? (
          <>
            <DialogHeader className="items-center sm:items-start">
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
