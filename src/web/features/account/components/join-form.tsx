import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowRightIcon, UserPlusIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { flushSync } from 'react-dom'
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form'
import { useNavigate } from '#web/lib/router.tsx'
import { RegisterInputSchema, type RegisterInput } from '#shared/schemas/auth.ts'
import { SITE } from '#shared/site-content.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { readRememberedZip } from '#web/lib/remembered-zip.ts'
import { REGISTER_ERROR_MESSAGE, useRegister } from '../api/register.ts'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'
import { ADDRESS_FIELDS, AddressFields } from './address-fields.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { PasswordInput } from './password-input.tsx'
import { useNextPath } from '../hooks/use-next-path.ts'

const PERSONAL_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const
const FIELDS = [...PERSONAL_FIELDS, ...ADDRESS_FIELDS] as const satisfies ReadonlyArray<
  keyof RegisterInput
>
type JoinField = (typeof FIELDS)[number]
type PersonalField = (typeof PERSONAL_FIELDS)[number]
type JoinTab = 'personal' | 'delivery'

const tabOf = (field: JoinField): JoinTab =>
  (PERSONAL_FIELDS as readonly string[]).includes(field) ? 'personal' : 'delivery'

const emptyForm: RegisterInput = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  deliveryStreet: '',
  deliveryApt: '',
  deliveryCity: '',
  // we deliver in Texas only: the one state the schema accepts
  deliveryState: 'TX',
  deliveryZip: '',
  phone: '',
}

/**
 * Join (docs/product.md#accounts): Personal Info, then Delivery Address. Continue checks only the
 * first tab's fields; Create Account checks everything, and a message on the other tab's field
 * (from the schema or the server) brings that tab forward with the field focused.
 */
export function JoinForm() {
  const idPrefix = useId()
  const controlId = (field: JoinField) => `${idPrefix}-${field}`
  const navigate = useNavigate()
  const next = useNextPath()
  const registration = useRegister()
  const [tab, setTab] = useState<JoinTab>('personal')
  // the ZIP the visitor last checked, theirs to change (docs/product.md#accounts); the page is
  // rendered in the browser alone, so storage can be read as it starts
  const [defaultValues] = useState(() => ({
    ...emptyForm,
    deliveryZip: readRememberedZip() ?? '',
  }))
  const form = useForm({
    resolver: zodResolver(RegisterInputSchema),
    defaultValues,
    // the first invalid field may be on the other tab: onInvalid brings it forward and focuses it
    shouldFocusError: false,
  })
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    trigger,
    formState: { errors },
  } = form

  /** brings a field's tab forward and focuses the field (the other tab's fields are not in the page) */
  const show = (field: JoinField) => {
    flushSync(() => setTab(tabOf(field)))
    setFocus(field)
  }

  async function continueToDelivery() {
    if (await trigger([...PERSONAL_FIELDS], { shouldFocus: true })) show('deliveryStreet')
  }

  const onInvalid = (invalid: FieldErrors<RegisterInput>) => {
    const first = FIELDS.find((field) => invalid[field])
    if (first) show(first)
  }

  const onSubmit = handleSubmit(
    (values) =>
      registration.mutate(values, {
        onSuccess: (user) => {
          toast({
            title: 'Account created!',
            description: `Welcome to ${SITE.name}, ${user.firstName}. Happy shopping!`,
          })
          void navigate(next ?? '/shop')
        },
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error, FIELDS)
          for (const [field, message] of fieldErrors) setError(field, { type: 'server', message })
          // a 409 names no field, but only the e-mail address can be the one already taken
          if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
            setError('email', { type: 'server', message: error.serverMessage })
            fieldErrors.unshift(['email', error.serverMessage])
          }
          const first = fieldErrors[0]?.[0]
          if (first) show(first)
          toast({
            variant: 'destructive',
            title: 'Registration failed',
            description: errorMessage(error, REGISTER_ERROR_MESSAGE),
          })
        },
      }),
    onInvalid,
  )

  const field = (name: PersonalField) => ({
    id: controlId(name),
    ...fieldErrorProps(controlId(name), errors[name]?.message),
  })

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          if (tab === 'delivery') return onSubmit(event)
          // Enter on the first tab means Continue
          event.preventDefault()
          return continueToDelivery()
        }}
      >
        <Tabs
          value={tab}
          onValueChange={(next) => {
            // moving on to the address goes through the same check as Continue
            if (next === 'delivery') void continueToDelivery()
            else setTab('personal')
          }}
        >
          <TabsList layout="grid" className="w-full grid-cols-2">
            <TabsTrigger value="personal">Personal Info</TabsTrigger>
            <TabsTrigger value="delivery">Delivery Address</TabsTrigger>
          </TabsList>
          <TabsContent value="personal" spacing="mt-6" className="flex flex-col gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                controlId={controlId('firstName')}
                label="First name"
                error={errors.firstName?.message}
              >
                <Input
                  autoComplete="given-name"
                  aria-required
                  {...field('firstName')}
                  {...register('firstName')}
                />
              </FormField>
              <FormField
                controlId={controlId('lastName')}
                label="Last name"
                error={errors.lastName?.message}
              >
                <Input
                  autoComplete="family-name"
                  aria-required
                  {...field('lastName')}
                  {...register('lastName')}
                />
              </FormField>
            </div>
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
            >
              <PasswordInput
                autoComplete="new-password"
                aria-required
                {...field('password')}
                {...register('password')}
              />
            </FormField>
            <Button type="submit" size="lg">
              Continue
              <ArrowRightIcon aria-hidden />
            </Button>
          </TabsContent>
          <TabsContent value="delivery" spacing="mt-6" className="flex flex-col gap-5">
            <p className="text-sm text-muted-foreground">
              Where should your Saturday box go? We deliver across Greater Houston.
            </p>
            <AddressFields idPrefix={idPrefix} />
            <Button type="submit" size="lg" disabled={registration.isPending}>
              <UserPlusIcon aria-hidden />
              {registration.isPending ? 'Creating account...' : 'Create Account'}
            </Button>
          </TabsContent>
        </Tabs>
      </form>
    </FormProvider>
  )
}
