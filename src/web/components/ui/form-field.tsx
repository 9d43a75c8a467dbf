import type { ReactNode } from 'react'
import { Label } from '#web/components/ui/label.tsx'
import { cn } from '#web/lib/cn.ts'

// shadcn's form pattern, shared by every form (account, checkout, contact).

/** The id of the element holding a field's message, for the control's aria-describedby. */
export const fieldErrorId = (controlId: string) => `${controlId}-error`
/** The id of a field's standing hint, for the control's aria-describedby. */
export const fieldHintId = (controlId: string) => `${controlId}-hint`

/** What a control needs to say it is invalid and where its message (and hint) are. */
export function fieldErrorProps(controlId: string, error: string | undefined, hint = false) {
  const describedBy = [error ? fieldErrorId(controlId) : '', hint ? fieldHintId(controlId) : '']
    .filter(Boolean)
    .join(' ')
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const
}

/** A label, its control, the control's message under it and an optional hint. */
export function FormField({
  controlId,
  label,
  optional = false,
  error,
  hint,
  aside,
  className,
  children,
}: {
  controlId: string
  label: string
  optional?: boolean
  error?: string | undefined
  /** a standing explanation under the control; pass `hint` to fieldErrorProps too */
  hint?: ReactNode
  /** shown at the end of the label's row, e.g. a "Forgot password?" link */
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
      {hint ? (
        <p id={fieldHintId(controlId)} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
