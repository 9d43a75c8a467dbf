import type { ComponentProps, ReactNode } from 'react'
import { Label } from '#web/components/ui/label.tsx'
import { cn } from '#web/lib/cn.ts'

/** The id of the element holding a field's message, for the control's aria-describedby. */
export const fieldErrorId = (controlId: string) => `${controlId}-error`

/** What a control needs to say it is invalid and where its message is (shadcn's form pattern). */
export function fieldErrorProps(controlId: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? fieldErrorId(controlId) : undefined,
  } as const
}

/** A label, its control and the control's message under it. */
export function FormField({
  controlId,
  label,
  optional = false,
  error,
  aside,
  className,
  children,
}: {
  controlId: string
  label: string
  optional?: boolean
  error?: string | undefined
  /** shown at the end of the label's row, e.g. a character count */
  aside?: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={controlId}>
          {label}
          {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
        </Label>
        {aside}
      </div>
      {/* focus on an invalid field must not leave it under the sticky header */}
      <div className="contents [&>*]:scroll-mt-36">{children}</div>
      {error ? (
        <p id={fieldErrorId(controlId)} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A multi-line text box with the Input's look. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-36 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        'aria-invalid:border-destructive aria-invalid:ring-2 aria-invalid:ring-destructive/20',
        className,
      )}
      {...props}
    />
  )
}
