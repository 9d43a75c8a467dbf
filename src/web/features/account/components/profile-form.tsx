import { zodResolver } from '@hookform/resolvers/zod'
import { SaveIcon } from 'lucide-react'
import { useEffect, useId } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { profileSchemaFor, type ProfileUpdate, type User } from '#shared/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'
import { PROFILE_ERROR_MESSAGE, useUpdateProfile } from '../api/update-profile.ts'
import { ADDRESS_FIELDS, AddressFields } from './address-fields.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'

const FIELDS = ['firstName', 'lastName', ...ADDRESS_FIELDS] as const satisfies ReadonlyArray<
  keyof ProfileUpdate
>

const profileValues = (user: User): ProfileUpdate => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
  deliveryStreet: user.deliveryStreet,
  deliveryApt: user.deliveryApt ?? '',
  deliveryCity: user.deliveryCity,
  deliveryState: user.deliveryState,
  deliveryZip: user.deliveryZip,
})

/**
 * The profile's edit mode (docs/product.md#accounts): Save Changes or Cancel, back to the details.
 */
export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const idPrefix = useId()
  const controlId = (field: string) => `${idPrefix}-${field}`
  const update = useUpdateProfile()
  const form = useForm({
    resolver: zodResolver(profileSchemaFor(user)),
    defaultValues: profileValues(user),
  })
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = form

  useEffect(() => setFocus('firstName'), [setFocus])

  const cancel = () => {
    reset(profileValues(user))
    onDone()
  }

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Profile updated', description: 'Your details are saved.' })
        onDone()
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, FIELDS)
        for (const [field, message] of fieldErrors) setError(field, { type: 'server', message })
        const first = fieldErrors[0]?.[0]
        if (first) setFocus(first)
        toast({
          variant: 'destructive',
          title: 'Update failed',
          description: PROFILE_ERROR_MESSAGE,
        })
      },
    }),
  )

  const nameField = (name: 'firstName' | 'lastName') => ({
    id: controlId(name),
    ...fieldErrorProps(controlId(name), errors[name]?.message),
  })

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={controlId('title')}
        className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
      >
        <h2 id={controlId('title')} className="text-2xl font-semibold text-forest">
          Edit your details
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            controlId={controlId('firstName')}
            label="First name"
            error={errors.firstName?.message}
          >
            <Input
              autoComplete="given-name"
              aria-required
              {...nameField('firstName')}
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
              {...nameField('lastName')}
              {...register('lastName')}
            />
          </FormField>
          <FormField
            controlId={controlId('email')}
            label="Email"
            hint="Your e-mail address can't be changed."
            className="sm:col-span-2"
          >
            <Input
              id={controlId('email')}
              type="email"
              defaultValue={user.email}
              disabled
              {...fieldErrorProps(controlId('email'), undefined, true)}
            />
          </FormField>
        </div>
        <AddressFields idPrefix={idPrefix} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" size="lg" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" size="lg" disabled={update.isPending}>
            <SaveIcon aria-hidden />
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </FormProvider>
  )
}
