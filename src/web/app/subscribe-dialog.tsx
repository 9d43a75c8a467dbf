import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { WaitlistForm } from '#web/features/marketing/components/waitlist-form.tsx'

/** A product's SUBSCRIBE: subscriptions are coming, the waitlist hears first (routes/product.tsx). */
export function SubscribeDialog({
  open,
  onOpenChange,
  productName,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  productName: string
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Weekly subscriptions are coming</DialogTitle>
          <DialogDescription>
            Soon you will be able to get {productName} every Saturday without reordering, and skip
            or pause any week. Join the waitlist and we will tell you when subscriptions start.
          </DialogDescription>
        </DialogHeader>
        <WaitlistForm submitLabel="Tell me when" />
      </DialogContent>
    </Dialog>
  )
}
