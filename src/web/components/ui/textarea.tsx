import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/** A multi-line text box with the Input's look. */
export function Textarea({
  className,
  minHeight = 'min-h-36',
  ...props
}: ComponentProps<'textarea'> & {
  minHeight?: 'min-h-20' | 'min-h-24' | 'min-h-28' | 'min-h-36'
}) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        'aria-invalid:border-destructive aria-invalid:ring-2 aria-invalid:ring-destructive/20',
        minHeight,
        className,
      )}
      {...props}
    />
  )
}
