import { XIcon } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

export function DialogContent({
  className,
  children,
  width = 'max-w-lg',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  /** the widest the dialog grows on a large screen */
  width?: 'max-w-md' | 'max-w-lg' | 'max-w-xl' | 'max-w-2xl'
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-charcoal/50 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          // one column that never grows past the dialog (minmax(0, 1fr)): a long word or a row
          // that will not shrink wraps or shrinks instead of widening the dialog off a phone
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 grid-cols-1 gap-4 overflow-y-auto rounded-xl bg-card p-4 shadow-xl data-[state=open]:animate-fade-in sm:p-6',
          width,
          className,
        )}
        {...props}
      >
        {children}
        {/* a 44 px target on a phone */}
        <DialogPrimitive.Close className="absolute top-1.5 right-1.5 flex size-11 items-center justify-center rounded-md text-muted-foreground transition-colors hover:text-foreground sm:top-3 sm:right-3 sm:size-9">
          <XIcon className="size-5" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

/**
 * `center`: centred at every width (a confirmation with an icon above its title). The title
 * keeps clear of the close button in the corner.
 */
export function DialogHeader({
  className,
  align = 'start',
  ...props
}: ComponentProps<'div'> & { align?: 'start' | 'center' }) {
  return (
    <div
      className={cn(
        'flex flex-col gap-2 text-center [&>h2]:px-8',
        align === 'center' ? 'items-center' : 'sm:text-left sm:[&>h2]:pl-0',
        className,
      )}
      {...props}
    />
  )
}

/** The buttons: stacked on a phone, in a row from `sm`, at the end or (`center`) centred. */
export function DialogFooter({
  className,
  align = 'end',
  ...props
}: ComponentProps<'div'> & { align?: 'end' | 'center' }) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 sm:flex-row',
        align === 'center' ? 'sm:justify-center' : 'sm:justify-end',
        className,
      )}
      {...props}
    />
  )
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('font-display text-2xl font-semibold', className)}
      {...props}
    />
  )
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-muted-foreground', className)} {...props} />
  )
}
