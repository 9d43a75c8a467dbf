import { zodResolver } from '@hookform/resolvers/zod'
import type { ChangeEvent } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import type { User } from '#shared/schemas/auth.ts'
import {
  DeliveryInfoSchema,
  type DeliveryInfo,
  type DeliveryInfoInput,
} from '#shared/schemas/order.ts'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'

export type DeliveryForm = UseFormReturn<DeliveryInfoInput, unknown, DeliveryInfo>
type DeliveryField = keyof DeliveryInfoInput

/** The delivery address form, filled in from the profile and editable for this order. */
export function useDeliveryForm(user: User): DeliveryForm {
  return useForm<DeliveryInfoInput, unknown, DeliveryInfo>({
    resolver: zodResolver(DeliveryInfoSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      address: user.deliveryStreet,
      apt: user.deliveryApt ?? '',
      city: user.deliveryCity,
      zipCode: user.deliveryZip,
    },
  })
}

/**
 * The fields of the delivery address (deliveryInfo, docs/product.md#payments); the state is always
 * Texas.
 */
export function DeliveryFields({ form, idPrefix }: { form: DeliveryForm; idPrefix: string }) {
  const {
    register,
    formState: { errors },
  } = form
  const controlId = (name: DeliveryField | 'state') => `${idPrefix}-${name}`
  const message = (name: DeliveryField) => errors[name]?.message
  const field = (name: DeliveryField) => ({
    id: controlId(name),
    ...fieldErrorProps(controlId(name), message(name)),
  })
  const zip = register('zipCode')

  return (
    <div className="grid grid-cols-6 gap-x-4 gap-y-5">
      <FormField
        controlId={controlId('firstName')}
        label="First name"
        error={message('firstName')}
        className="col-span-6 sm:col-span-3"
      >
        <Input
          autoComplete="shipping given-name"
          aria-required
          {...field('firstName')}
          {...register('firstName')}
        />
      </FormField>
      <FormField
        controlId={controlId('lastName')}
        label="Last name"
        error={message('lastName')}
        className="col-span-6 sm:col-span-3"
      >
        <Input
          autoComplete="shipping family-name"
          aria-required
          {...field('lastName')}
          {...register('lastName')}
        />
      </FormField>
      <FormField
        controlId={controlId('email')}
        label="Email"
        error={message('email')}
        className="col-span-6 sm:col-span-3"
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-required
          {...field('email')}
          {...register('email')}
        />
      </FormField>
      <FormField
        controlId={controlId('phone')}
        label="Phone"
        error={message('phone')}
        className="col-span-6 sm:col-span-3"
      >
        <Input
          type="tel"
          autoComplete="shipping tel"
          aria-required
          {...field('phone')}
          {...register('phone')}
        />
      </FormField>
      <FormField
        controlId={controlId('address')}
        label="Street address"
        error={message('address')}
        className="col-span-6"
      >
        <Input
          autoComplete="shipping address-line1"
          aria-required
          {...field('address')}
          {...register('address')}
        />
      </FormField>
      <FormField
        controlId={controlId('apt')}
        label="Apartment, suite, gate code"
        optional
        error={message('apt')}
        className="col-span-6"
      >
        <Input autoComplete="shipping address-line2" {...field('apt')} {...register('apt')} />
      </FormField>
      <FormField
        controlId={controlId('city')}
        label="City"
        error={message('city')}
        className="col-span-6 sm:col-span-3"
      >
        <Input
          autoComplete="shipping address-level2"
          aria-required
          {...field('city')}
          {...register('city')}
        />
      </FormField>
      <FormField controlId={controlId('state')} label="State" className="col-span-2 sm:col-span-1">
        <Input id={controlId('state')} value="TX" readOnly tone="muted" />
      </FormField>
      <FormField
        controlId={controlId('zipCode')}
        label="ZIP code"
        error={message('zipCode')}
        className="col-span-4 sm:col-span-2"
      >
        <Input
          autoComplete="shipping postal-code"
          inputMode="numeric"
          maxLength={5}
          aria-required
          {...field('zipCode')}
          {...zip}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            // digits only, as typed; the schema checks the service area
            const digits = event.target.value.replace(/\D/g, '')
            if (digits !== event.target.value) event.target.value = digits
            return zip.onChange(event)
          }}
        />
      </FormField>
    </div>
  )
}
