import { CheckCircle2Icon } from 'lucide-react'
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

/** The contact form's success modal (docs/product.md#visitor-forms). */
export function ContactSuccessDialog({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** where focus goes afterwards: the modal has no trigger to return to */
  onClosed: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          onClosed()
        }}
      >
        <DialogHeader align="center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent text-forest">
            <CheckCircle2Icon className="size-8" aria-hidden />
          </span>
          <DialogTitle>Message Sent Successfully!</DialogTitle>
          <DialogDescription>
            Thank you for reaching out! We&apos;ve received your message and will get back to you
            within 24 hours.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter align="center">
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
