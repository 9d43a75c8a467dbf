import { CircleAlertIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { cn } from '#web/lib/cn.ts'
import type { EmailSignUp } from '../hooks/use-email-sign-up.ts'

/**
 * The look of a one-field e-mail sign-up: a label, the address and a button side by side
 * (stacked on a phone), the field's message under it and the failure alert below. `dark`
 * is for the forest-green footer.
 */
export function EmailSignUpForm({
  signUp,
  label,
  hideLabel = false,
  submitLabel,
  pendingLabel,
  tone = 'light',
  className,
}: {
  signUp: EmailSignUp
  label: string
  hideLabel?: boolean
  submitLabel: ReactNode
  pendingLabel: string
  tone?: 'light' | 'dark'
  className?: string
}) {
  const { inputId } = signUp
  const errorId = `${inputId}-error`
  const dark = tone === 'dark'
  return (
    <form noValidate onSubmit={signUp.submit} className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={inputId} className={cn(hideLabel && 'sr-only', dark && 'text-cream')}>
        {label}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={signUp.email}
          onChange={(event) => signUp.change(event.target.value)}
          aria-invalid={signUp.fieldError ? true : undefined}
          aria-describedby={signUp.fieldError ? errorId : undefined}
          tone={dark ? 'dark' : 'default'}
          className="sm:flex-1"
        />
        <Button type="submit" disabled={signUp.pending} variant={dark ? 'butter' : 'default'}>
          {signUp.pending ? pendingLabel : submitLabel}
        </Button>
      </div>
      {signUp.fieldError ? (
        <p id={errorId} className={cn('text-sm', dark ? 'text-red-200' : 'text-destructive')}>
          {signUp.fieldError}
        </p>
      ) : null}
      {signUp.formError ? (
        <p
          role="alert"
          className={cn(
            'flex items-start gap-2 rounded-md px-3 py-2 text-sm',
            dark ? 'bg-white/10 text-red-100' : 'bg-destructive/10 text-destructive',
          )}
        >
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {signUp.formError}
        </p>
      ) : null}
    </form>
  )
}
