import { zodResolver } from '@hookform/resolvers/zod'
import { LogInIcon } from 'lucide-react'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate } from '#web/lib/router.tsx'
import { useNextPath } from '../hooks/use-next-path.ts'
import { LoginInputSchema, type LoginInput } from '#shared/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { LOGIN_ERROR_MESSAGE, landingAfterLogIn, useLogIn } from '../api/log-in.ts'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { PasswordInput } from './password-input.tsx'

const FIELDS = ['email', 'password'] as const satisfies ReadonlyArray<keyof LoginInput>
type LoginField = (typeof FIELDS)[number]

/**
 * Where to go after logging in: the page in `?next=` (the checkout's 'Quick Stop!', the orders
 * pages), or one the router's state names, or the shop (docs/product.md#accounts; an admin's
 * dashboard, a driver's deliveries: landingAfterLogIn). Only a path of our own: never another site.
 */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/shop'
}

/**
 * Log in (docs/product.md#accounts): 'Welcome back!' and the shop (or the admin's dashboard), or
 * 'Login failed' and why.
 */
export function LoginForm() {
  const idPrefix = useId()
  const controlId = (field: LoginField) => `${idPrefix}-${field}`
  const navigate = useNavigate()
  const next = useNextPath()
  const state = useLocation().state
  const returnTo = next ?? returnPath(state)
  const logIn = useLogIn()
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  })

  const onSubmit = handleSubmit((values) =>
    logIn.mutate(values, {
      onSuccess: (user) => {
        toast({ title: 'Welcome back!', description: `Good to see you, ${user.firstName}.` })
        void landingAfterLogIn(returnTo, user).then((path) =>
          navigate(path, { replace: path !== '/shop' }),
        )
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, FIELDS)
        for (const [field, message] of fieldErrors) setError(field, { type: 'server', message })
        setFocus(fieldErrors[0]?.[0] ?? 'password')
        toast({
          variant: 'destructive',
          title: 'Login failed',
          description: errorMessage(error, LOGIN_ERROR_MESSAGE),
        })
      },
    }),
  )

  const field = (name: LoginField) => ({
    id: controlId(name),
    ...fieldErrorProps(controlId(name), errors[name]?.message),
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormField controlId={controlId('email')} label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-required
          {...field('email')}
          {...register('email')}
        />
      </FormField>
      <FormField
        controlId={controlId('password')}
        label="Password"
        error={errors.password?.message}
        aside={
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        }
      >
        <PasswordInput
          autoComplete="current-password"
          aria-required
          {...field('password')}
          {...register('password')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={logIn.isPending}>
        <LogInIcon aria-hidden />
        {logIn.isPending ? 'Logging in...' : 'Log in'}
      </Button>
    </form>
  )
}
