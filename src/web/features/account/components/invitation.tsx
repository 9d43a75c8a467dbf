import { zodResolver } from '@hookform/resolvers/zod'
import { paths } from '#shared/routes.ts'
import { useQuery } from '@tanstack/react-query'
import { BadgeCheckIcon, LinkIcon, MailWarningIcon, UserPlusIcon } from 'lucide-react'
import { useEffect, useId } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { Link, Navigate } from '#web/lib/router.tsx'
import type { z } from 'zod'
import type { User } from '#shared/schemas/auth.ts'
import {
  InvitationRegisterInputSchema,
  STAFF_ROLE_LABELS,
  type InvitationAccepted,
  type InvitationRegisterInput,
  type InvitationView,
  type StaffRole,
} from '#shared/schemas/staff.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'
import {
  invitationQueries,
  useAcceptInvitation,
  useRegisterWithInvitation,
} from '../api/invitation.ts'
import { useLogOut } from '../hooks/use-log-out.ts'
import { useSession } from '../hooks/use-session.ts'
import { ADDRESS_FIELDS, AddressFields } from './address-fields.tsx'
import { AuthCard } from './auth-card.tsx'
import { PasswordInput } from './password-input.tsx'

const withArticle = (role: StaffRole) =>
  `${role === 'admin' ? 'an' : 'a'} ${STAFF_ROLE_LABELS[role].toLowerCase()}`

const FIELDS = ['firstName', 'lastName', 'password', ...ADDRESS_FIELDS] as const

/**
 * /invitations/{token} (docs/product.md#staff): a staff invitation. A new person signs up with
 * the invited address; someone signed in with it just accepts; an expired, used or unknown link
 * says so.
 */
export function Invitation({ token }: { token: string }) {
  const invitation = useQuery(invitationQueries.view(token))
  const session = useSession()
  const accept = useAcceptInvitation(token)
  const registration = useRegisterWithInvitation(token)
  const accepted = accept.data ?? registration.data

  // a new driver goes straight to the driver's view, on the coming Saturday's route
  if (accepted?.role === 'driver') return <DriverWelcome accepted={accepted} />
  if (accepted) return <Accepted accepted={accepted} />
  if (invitation.isPending || session.isPending) {
    return <AuthCard title="Your invitation" intro={<span role="status">Loading...</span>} />
  }
  if (invitation.isError) {
    return (
      <AuthCard
        icon={<LinkIcon aria-hidden />}
        title="This invitation cannot be used"
        intro={errorMessage(invitation.error, 'We could not open this invitation just now.')}
        footer={
          <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
            Go to the home page
          </Link>
        }
      />
    )
  }
  const { email, role } = invitation.data
  const user = session.user
  if (user && user.email.toLowerCase() !== email.toLowerCase()) {
    return <OtherAccount user={user} invitation={invitation.data} />
  }
  if (user) {
    return (
      <AuthCard
        icon={<BadgeCheckIcon aria-hidden />}
        title={`Join the staff as ${withArticle(role)}`}
        intro={`You're signed in as ${user.email}, the address this invitation was sent to.`}
      >
        {accept.isError ? (
          <p role="alert" className="rounded-lg bg-tomato/10 px-3 py-2 text-sm text-tomato">
            {errorMessage(accept.error, 'Failed to accept the invitation. Please try again.')}
          </p>
        ) : null}
        <Button size="lg" disabled={accept.isPending} onClick={() => accept.mutate()}>
          {accept.isPending ? 'Accepting...' : 'Accept invitation'}
        </Button>
      </AuthCard>
    )
  }
  if (invitation.data.hasAccount) {
    return (
      <AuthCard
        icon={<BadgeCheckIcon aria-hidden />}
        title={`Join the staff as ${withArticle(role)}`}
        intro={`You already have an account with ${email}. Log in with it, and you come back here to accept.`}
      >
        <Button asChild size="lg">
          <Link to={paths.login(`/invitations/${token}`)}>Log in to accept</Link>
        </Button>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title={`Join the staff as ${withArticle(role)}`}
      intro={
        <>
          Create your account for <span className="font-medium text-foreground">{email}</span>. The
          role is yours as soon as the account exists.
        </>
      }
    >
      <SignUpForm
        email={email}
        pending={registration.isPending}
        submit={(input, onError) => registration.mutate(input, { onError })}
      />
    </AuthCard>
  )
}

function SignUpForm({
  email,
  pending,
  submit,
}: {
  email: string
  pending: boolean
  submit: (input: InvitationRegisterInput, onError: (error: unknown) => void) => void
}) {
  const idPrefix = useId()
  const controlId = (name: string) => `${idPrefix}-${name}`
  const form = useForm<
    InvitationRegisterInput,
    unknown,
    z.output<typeof InvitationRegisterInputSchema>
  >({
    resolver: zodResolver(InvitationRegisterInputSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      password: '',
      deliveryStreet: '',
      deliveryApt: '',
      deliveryCity: '',
      deliveryState: 'TX',
      deliveryZip: '',
      phone: '',
    },
  })
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = form
  const onSubmit = handleSubmit((input) =>
    submit(input, (error) => {
      const fieldErrors = serverFieldErrors(error, FIELDS)
      for (const [field, message] of fieldErrors) setError(field, { type: 'server', message })
      const first = fieldErrors[0]?.[0]
      if (first) setFocus(first)
      toast({
        variant: 'destructive',
        title: 'Sign-up failed',
        description: errorMessage(error, 'Please try again'),
      })
    }),
  )
  const field = (name: 'firstName' | 'lastName' | 'password') => ({
    id: controlId(name),
    ...fieldErrorProps(controlId(name), errors[name]?.message),
  })
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <FormField controlId={controlId('email')} label="Email">
          <Input id={controlId('email')} type="email" value={email} readOnly />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            controlId={controlId('firstName')}
            label="First name"
            error={errors.firstName?.message}
          >
            <Input autoComplete="given-name" {...field('firstName')} {...register('firstName')} />
          </FormField>
          <FormField
            controlId={controlId('lastName')}
            label="Last name"
            error={errors.lastName?.message}
          >
            <Input autoComplete="family-name" {...field('lastName')} {...register('lastName')} />
          </FormField>
        </div>
        <FormField
          controlId={controlId('password')}
          label="Password"
          error={errors.password?.message}
        >
          <PasswordInput
            autoComplete="new-password"
            {...field('password')}
            {...register('password')}
          />
        </FormField>
        <fieldset className="flex flex-col gap-3">
          <legend className="font-semibold text-foreground">Your address</legend>
          <p className="text-sm text-muted-foreground">
            Where you live, for the staff records and your account. It need not be in the area we
            deliver to.
          </p>
          <AddressFields idPrefix={idPrefix} />
        </fieldset>
        <Button type="submit" size="lg" disabled={pending}>
          <UserPlusIcon aria-hidden />
          {pending ? 'Creating account...' : 'Create account and accept'}
        </Button>
      </form>
    </FormProvider>
  )
}

function OtherAccount({ user, invitation }: { user: User; invitation: InvitationView }) {
  const logOut = useLogOut()
  return (
    <AuthCard
      icon={<MailWarningIcon aria-hidden />}
      title="This invitation is for another address"
      intro={
        <>
          You&apos;re signed in as <span className="font-medium text-foreground">{user.email}</span>
          , but the invitation was sent to{' '}
          <span className="font-medium text-foreground">{invitation.email}</span>. Log out, then
          open the link from the e-mail again.
        </>
      }
    >
      <Button
        size="lg"
        variant="outline"
        disabled={logOut.isPending}
        onClick={() => logOut.mutate()}
      >
        Log out
      </Button>
    </AuthCard>
  )
}

/** The role is the driver's: a welcome, then the driver's view (`/driver` opens on the Saturday). */
function DriverWelcome({ accepted }: { accepted: InvitationAccepted }) {
  useEffect(() => {
    toast({ title: "You're a driver now", description: accepted.message })
  }, [accepted.message])
  return <Navigate to="/driver" replace />
}

function Accepted({ accepted }: { accepted: InvitationAccepted }) {
  return (
    <AuthCard
      icon={<BadgeCheckIcon aria-hidden />}
      title={`You're ${withArticle(accepted.role)} now`}
      intro={
        accepted.role === 'admin'
          ? `${accepted.message} The admin area has the week's orders, the products and the staff.`
          : `${accepted.message} On Saturday, your routes are in the driver's view on your phone.`
      }
    >
      {accepted.role === 'admin' ? (
        <Button asChild size="lg">
          <Link to="/admin">Go to the admin area</Link>
        </Button>
      ) : (
        <Button asChild size="lg" variant="outline">
          <Link to="/">Go to the home page</Link>
        </Button>
      )}
    </AuthCard>
  )
}
