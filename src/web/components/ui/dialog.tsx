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
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-card p-6 shadow-xl data-[state=open]:animate-fade-in',
          width,
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm p-1 text-muted-foreground transition-colors hover:text-foreground">
          <XIcon className="size-5" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

/** `center`: centred at every width (a confirmation with an icon above its title) */
export function DialogHeader({
  className,
  align = 'start',
  ...props
}: ComponentProps<'div'> & { align?: 'start' | 'center' }) {
  return (
    <div
      className={cn(
        'flex flex-col gap-2 text-center',
        align === 'center' ? 'items-center' : 'sm:text-left',
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
