import { AlertDialog as AlertDialogPrimitive } from 'radix-ui'
import type { ReactNode } from 'react'
import { buttonVariants } from '#web/components/ui/button.tsx'

/**
 * A confirmation that interrupts (shadcn's AlertDialog): focus starts on Cancel, Escape cancels,
 * and a click outside does nothing, so a destructive action needs a deliberate second click.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  pending = false,
  pendingLabel = 'Deleting...',
  onConfirm,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel: string
  /** the button that keeps things as they are */
  cancelLabel?: string
  pending?: boolean
  pendingLabel?: string
  onConfirm: () => void
  children?: ReactNode
}) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-charcoal/50 data-[state=open]:animate-fade-in" />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-card p-6 shadow-xl data-[state=open]:animate-fade-in">
          <AlertDialogPrimitive.Title className="font-display text-2xl font-semibold">
            {title}
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-muted-foreground">
            {description}
          </AlertDialogPrimitive.Description>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: 'outline' })}>
              {cancelLabel}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={buttonVariants({ variant: 'destructive' })}
              disabled={pending}
              onClick={(event) => {
                // the dialog closes when the action has succeeded, not on the click
                event.preventDefault()
                onConfirm()
              }}
            >
              {pending ? pendingLabel : confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  )
}
