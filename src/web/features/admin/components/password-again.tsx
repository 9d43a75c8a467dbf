import { KeyRoundIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { errorMessage } from '#web/lib/api-client.ts'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'
import { usePasswordCheck } from '../api/admin-order-money.ts'

/**
 * The password again, asked inside a money dialog when the server says the admin has been away
 * for more than 30 minutes (docs/product.md#accounts). Once it is right, `onConfirmed` sends the
 * action again. Not a form of its own: it sits inside the refund form too.
 */
export function PasswordAgain({ onConfirmed }: { onConfirmed: () => void }) {
  const id = useId()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const check = usePasswordCheck()
  const confirm = () => {
    setProblem(undefined)
    check.mutate(password, {
      onSuccess: onConfirmed,
      onError: (error) =>
        setProblem(
          serverFieldErrors(error, ['password'])[0]?.[1] ??
            errorMessage(error, 'We could not check your password. Please try again.'),
        ),
    })
  }
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-4"
    >
      <p id={`${id}-title`} role="alert" className="flex items-center gap-2 text-sm font-semibold">
        <KeyRoundIcon className="size-4" aria-hidden />
        You were away for more than 30 minutes: enter your password to go on.
      </p>
      <FormField controlId={`${id}-password`} label="Your password" error={problem}>
        <Input
          id={`${id}-password`}
          type="password"
          // it appears after a press of the dialog's button: the person types here next
          autoFocus
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={(event) => {
            // inside the refund form, Enter confirms the password rather than sending the form
            if (event.key === 'Enter') {
              event.preventDefault()
              confirm()
            }
          }}
          {...fieldErrorProps(`${id}-password`, problem)}
        />
      </FormField>
      <Button
        type="button"
        variant="outline"
        disabled={check.isPending || password === ''}
        onClick={confirm}
      >
        {check.isPending ? 'Checking...' : 'Confirm and go on'}
      </Button>
    </div>
  )
}
