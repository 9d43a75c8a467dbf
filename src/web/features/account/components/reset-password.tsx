import { zodResolver } from '@hookform/resolvers/zod'
import { CircleCheckBigIcon, KeyRoundIcon, TriangleAlertIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from '#web/lib/router.tsx'
import { z } from 'zod'
import { AUTH_MESSAGES, PasswordSchema } from '#shared/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { RESET_PASSWORD_ERROR_MESSAGE, useResetPassword } from '../api/reset-password.ts'
import { AuthCard } from './auth-card.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { PasswordInput } from './password-input.tsx'

/**
 * After a reset the visitor goes to /login after 3 s; a link without a token to /forgot-password
 * after 2 s (docs/product.md#accounts).
 */
export const LOGIN_REDIRECT_MS = 3000
export const MISSING_TOKEN_REDIRECT_MS = 2000

const INVALID_LINK = {
  title: 'Invalid Link',
  description: 'This password reset link is invalid. Please request a new one.',
}

/** The new password's rules, and a confirmation that must match it (docs/product.md#accounts). */
const NewPasswordFormSchema = z
  .object({ newPassword: PasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
  })

type ResetState = { step: 'form' } | { step: 'done' } | { step: 'invalid'; message: string }

/**
 * Reset password (docs/product.md#accounts): the form, then success, or the Invalid Link screen.
 */
export function ResetPassword({ token }: { token: string | null }) {
  const [state, setState] = useState<ResetState>({ step: 'form' })
  if (!token) return <MissingToken />
  if (state.step === 'done') return <PasswordChanged />
  if (state.step === 'invalid') return <InvalidLink message={state.message} />
  return (
    <AuthCard
      icon={<KeyRoundIcon aria-hidden />}
      title="Choose a new password"
      intro="Pick something at least 8 characters long. A short sentence is easy to remember and hard to guess."
    >
      <NewPasswordForm
        token={token}
        onDone={() => setState({ step: 'done' })}
        onInvalid={(message) => setState({ step: 'invalid', message })}
      />
    </AuthCard>
  )
}

function NewPasswordForm({
  token,
  onDone,
  onInvalid,
}: {
  token: string
  onDone: () => void
  onInvalid: (message: string) => void
}) {
  const idPrefix = useId()
  const controlId = (field: 'newPassword' | 'confirmPassword') => `${idPrefix}-${field}`
  const reset = useResetPassword()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(({ newPassword }) =>
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: ({ message }) => {
          toast({ title: 'Password reset', description: message })
          onDone()
        },
        onError: (error) => {
          const passwordError =
            error instanceof ApiError ? error.fieldErrors.newPassword : undefined
          if (passwordError) {
            setError(
              'newPassword',
              { type: 'server', message: passwordError },
              { shouldFocus: true },
            )
          } else if (error instanceof ApiError && error.status === 400) {
            // an unknown, used or expired token: nothing on this page can fix it
            onInvalid(error.serverMessage ?? AUTH_MESSAGES.invalidResetToken)
            return
          }
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(error, RESET_PASSWORD_ERROR_MESSAGE),
          })
        },
      },
    ),
  )

  const field = (name: 'newPassword' | 'confirmPassword') => ({
    id: controlId(name),
    ...fieldErrorProps(controlId(name), errors[name]?.message),
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormField
        controlId={controlId('newPassword')}
        label="New password"
        error={errors.newPassword?.message}
      >
        <PasswordInput
          autoComplete="new-password"
          aria-required
          {...field('newPassword')}
          {...register('newPassword')}
        />
      </FormField>
      <FormField
        controlId={controlId('confirmPassword')}
        label="Confirm new password"
        error={errors.confirmPassword?.message}
      >
        <PasswordInput
          autoComplete="new-password"
          aria-required
          {...field('confirmPassword')}
          {...register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Reset Password'}
      </Button>
    </form>
  )
}

/** Shown for the 3 s before the visitor is taken to /login. */
function PasswordChanged() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/login'), LOGIN_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <AuthCard
      icon={<CircleCheckBigIcon aria-hidden />}
      title="Password updated"
      intro={AUTH_MESSAGES.passwordReset}
    >
      <p role="status" className="text-sm text-muted-foreground">
        Taking you to the log-in page…
      </p>
      <Button asChild size="lg">
        <Link to="/login">Log in now</Link>
      </Button>
    </AuthCard>
  )
}

/** A reset link that can no longer be used. */
function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard icon={<TriangleAlertIcon aria-hidden />} title={INVALID_LINK.title} intro={message}>
      <p className="text-sm text-muted-foreground">
        Reset links work once, for an hour. Ask for a fresh one and we&apos;ll e-mail it right away.
      </p>
      <Button asChild size="lg">
        <Link to="/forgot-password">Request New Reset Link</Link>
      </Button>
    </AuthCard>
  )
}

/** /reset-password without a token: say so, then go to /forgot-password after 2 s. */
function MissingToken() {
  const navigate = useNavigate()
  useEffect(() => {
    toast({ variant: 'destructive', ...INVALID_LINK })
    const timer = setTimeout(
      () => void navigate('/forgot-password', { replace: true }),
      MISSING_TOKEN_REDIRECT_MS,
    )
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <AuthCard
      icon={<TriangleAlertIcon aria-hidden />}
      title={INVALID_LINK.title}
      intro={INVALID_LINK.description}
    >
      <p role="status" className="text-sm text-muted-foreground">
        Taking you to the forgot-password page…
      </p>
    </AuthCard>
  )
}
