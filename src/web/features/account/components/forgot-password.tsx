import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeftIcon, MailCheckIcon, SendIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from '#web/lib/router.tsx'
import { ForgotPasswordInputSchema } from '#shared/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { FORGOT_PASSWORD_ERROR_MESSAGE, useRequestPasswordReset } from '../api/forgot-password.ts'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'
import { AuthCard } from './auth-card.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'

const backToLogin = (
  <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
    Back to log in
  </Link>
)

/**
 * Forgot password (docs/product.md#accounts): an e-mail address, then 'Check Your Email'. The
 * confirmation is the same whether or not the address has an account, so it tells nobody
 * which addresses are customers'.
 */
export function ForgotPassword() {
  const [sentTo, setSentTo] = useState<string>()
  return sentTo === undefined ? (
    <AuthCard
      title="Forgot your password?"
      intro="It happens to the best of us. Tell us the e-mail address you shop with and we'll send you a link to choose a new one."
      footer={backToLogin}
    >
      <ForgotPasswordForm onSent={setSentTo} />
    </AuthCard>
  ) : (
    <AuthCard
      icon={<MailCheckIcon aria-hidden />}
      title="Check Your Email"
      intro={
        <>
          If there&apos;s an account for{' '}
          <span className="font-medium break-all text-foreground">{sentTo}</span>, a link to reset
          your password is on its way. It works once, for the next hour.
        </>
      }
      footer={backToLogin}
    >
      <div className="flex flex-col gap-3 text-sm text-muted-foreground">
        <p>Nothing after a few minutes? Check your spam folder, or try another address.</p>
        <Button variant="outline" onClick={() => setSentTo(undefined)}>
          <ArrowLeftIcon aria-hidden />
          Try a different address
        </Button>
      </div>
    </AuthCard>
  )
}

function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const controlId = `${useId()}-email`
  const request = useRequestPasswordReset()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ForgotPasswordInputSchema),
    defaultValues: { email: '' },
  })

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => onSent(values.email),
      onError: (error) => {
        for (const [field, message] of serverFieldErrors(error, ['email'] as const)) {
          setError(field, { type: 'server', message }, { shouldFocus: true })
        }
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, FORGOT_PASSWORD_ERROR_MESSAGE),
        })
      },
    }),
  )

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormField controlId={controlId} label="Email" error={errors.email?.message}>
        <Input
          id={controlId}
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-required
          {...fieldErrorProps(controlId, errors.email?.message)}
          {...register('email')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={request.isPending}>
        <SendIcon aria-hidden />
        {request.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  )
}
