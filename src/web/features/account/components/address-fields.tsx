import type { ChangeEvent } from 'react'
import { useFormContext } from 'react-hook-form'
import { Input } from '#web/components/ui/input.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'

/**
 * The delivery address and phone, shared by registration and the profile (docs/product.md#accounts,
 * #service-area).
 */
export const ADDRESS_FIELDS = [
  'deliveryStreet',
  'deliveryApt',
  'deliveryCity',
  'deliveryState',
  'deliveryZip',
  'phone',
] as const
export type AddressField = (typeof ADDRESS_FIELDS)[number]
type AddressValues = Record<AddressField, string | null | undefined>

/**
 * The address fields of the surrounding form (react-hook-form's FormProvider). The state is
 * upper-cased and the ZIP kept to digits as they are typed; the schema checks the rest,
 * including that the ZIP is one we deliver to.
 */
export function AddressFields({ idPrefix }: { idPrefix: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<AddressValues>()
  const controlId = (name: AddressField) => `${idPrefix}-${name}`
  const message = (name: AddressField) => errors[name]?.message
  const field = (name: AddressField) => ({
    id: controlId(name),
    ...fieldErrorProps(controlId(name), message(name)),
  })
  // registered where they render, so react-hook-form focuses the first invalid field on screen
  const registerCleaned = (name: AddressField, clean: (value: string) => string) => {
    const registration = register(name)
    return {
      ...registration,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const cleaned = clean(event.target.value)
        if (cleaned !== event.target.value) event.target.value = cleaned
        return registration.onChange(event)
      },
    }
  }

  return (
    <div className="grid grid-cols-3 gap-x-4 gap-y-5">
      <FormField
        controlId={controlId('deliveryStreet')}
        label="Street address"
        error={message('deliveryStreet')}
        className="col-span-3"
      >
        <Input
          autoComplete="address-line1"
          aria-required
          {...field('deliveryStreet')}
          {...register('deliveryStreet')}
        />
      </FormField>
      <FormField
        controlId={controlId('deliveryApt')}
        label="Apartment, suite, gate code"
        optional
        error={message('deliveryApt')}
        className="col-span-3"
      >
        <Input
          autoComplete="address-line2"
          {...field('deliveryApt')}
          {...register('deliveryApt')}
        />
      </FormField>
      <FormField
        controlId={controlId('deliveryCity')}
        label="City"
        error={message('deliveryCity')}
        className="col-span-3"
      >
        <Input
          autoComplete="address-level2"
          aria-required
          {...field('deliveryCity')}
          {...register('deliveryCity')}
        />
      </FormField>
      <FormField
        controlId={controlId('deliveryState')}
        label="State"
        error={message('deliveryState')}
        className="col-span-1"
      >
        <Input
          autoComplete="address-level1"
          maxLength={2}
          className="uppercase"
          aria-required
          {...field('deliveryState')}
          {...registerCleaned('deliveryState', (value) => value.toUpperCase())}
        />
      </FormField>
      <FormField
        controlId={controlId('deliveryZip')}
        label="ZIP code"
        error={message('deliveryZip')}
        className="col-span-2"
      >
        <Input
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
          aria-required
          {...field('deliveryZip')}
          {...registerCleaned('deliveryZip', (value) => value.replace(/\D/g, ''))}
        />
      </FormField>
      <FormField
        controlId={controlId('phone')}
        label="Phone"
        error={message('phone')}
        className="col-span-3"
      >
        <Input
          type="tel"
          autoComplete="tel"
          aria-required
          {...field('phone')}
          {...register('phone')}
        />
      </FormField>
    </div>
  )
}
