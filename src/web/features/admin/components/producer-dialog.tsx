import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm, useWatch, type Control } from 'react-hook-form'
import { producerSlugFromName } from '#shared/domain/catalog.ts'
import {
  PRODUCER_DELIVERY_DAYS,
  ProducerInputSchema,
  type AdminProducer,
  type ProducerInput,
  type ProducerValues,
} from '#shared/schemas/producer.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { FormField, fieldErrorProps, fieldHintId } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'
import { useSaveProducer } from '../api/admin-producers.ts'
import { ImageUploadField } from './image-upload-field.tsx'

const FIELDS = [
  'name',
  'slug',
  'location',
  'distance',
  'established',
  'imageUrl',
  'description',
  'story',
  'additionalStory',
  'specialties',
  'practices',
  'availability',
  'deliveryDays',
  'email',
  'active',
] as const satisfies ReadonlyArray<keyof ProducerInput>

const formValues = (producer: AdminProducer | null): ProducerInput => ({
  name: producer?.name ?? '',
  slug: producer?.slug ?? '',
  location: producer?.location ?? '',
  distance: producer?.distance ?? '',
  established: producer?.established ?? '',
  imageUrl: producer?.imageUrl ?? '',
  description: producer?.description ?? '',
  specialties: producer?.specialties ?? [],
  story: producer?.story ?? '',
  additionalStory: producer?.additionalStory ?? '',
  practices: producer?.practices ?? [],
  availability: producer?.availability ?? '',
  deliveryDays: (producer?.deliveryDays ?? []) as ProducerInput['deliveryDays'],
  email: producer?.email ?? '',
  active: producer?.active ?? true,
})

/**
 * New Producer and Edit Producer (docs/product.md#admin): every field, checked as the server
 * checks it. A new producer's slug follows its name until the slug is typed in.
 */
export function ProducerDialog({
  producer,
  onClose,
}: {
  producer: AdminProducer | null
  onClose: () => void
}) {
  const id = useId()
  const field = (name: string) => `${id}-${name}`
  const save = useSaveProducer()
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    getFieldState,
    formState: { errors },
  } = useForm<ProducerInput, unknown, ProducerValues>({
    resolver: zodResolver(ProducerInputSchema),
    defaultValues: formValues(producer),
  })
  const imageUrl = useWatch({ control, name: 'imageUrl' })
  const slug = useWatch({ control, name: 'slug' })

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: producer?.id ?? null, input: values },
      {
        onSuccess: (saved) => {
          toast({
            title: producer ? 'Producer updated' : 'Producer created',
            description: saved.active
              ? `${saved.name} is saved; its page is /producer/${saved.slug}.`
              : `${saved.name} is saved, inactive: it is not shown in the shop.`,
          })
          onClose()
        },
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error, FIELDS)
          for (const [name, message] of fieldErrors) setError(name, { type: 'server', message })
          const first = fieldErrors[0]?.[0]
          if (first) setFocus(first)
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(
              error,
              producer
                ? 'Failed to update producer. Please try again.'
                : 'Failed to create producer. Please try again.',
            ),
          })
        },
      },
    ),
  )

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      // a new producer's address follows its name until the admin edits the slug
      if (!producer && !getFieldState('slug').isDirty) {
        setValue('slug', producerSlugFromName(event.target.value))
      }
    },
  })

  const text = (
    name: 'location' | 'distance' | 'established' | 'availability',
    label: string,
    options: { optional?: boolean; placeholder?: string } = {},
  ) => (
    <FormField
      controlId={field(name)}
      label={label}
      optional={options.optional ?? false}
      error={errors[name]?.message}
    >
      <Input
        id={field(name)}
        placeholder={options.placeholder}
        aria-required={options.optional ? undefined : true}
        {...fieldErrorProps(field(name), errors[name]?.message)}
        {...register(name)}
      />
    </FormField>
  )

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{producer ? 'Edit Producer' : 'New Producer'}</DialogTitle>
          <DialogDescription>
            {producer
              ? 'Changes show in the shop as soon as you save.'
              : 'An active producer gets its page in the shop as soon as you save it.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <FormField controlId={field('name')} label="Name" error={errors.name?.message}>
            <Input
              id={field('name')}
              aria-required
              {...fieldErrorProps(field('name'), errors.name?.message)}
              {...nameField}
            />
          </FormField>
          <FormField
            controlId={field('slug')}
            label="Slug"
            error={errors.slug?.message}
            hint={`Its page: /producer/${slug || '…'}`}
          >
            <Input
              id={field('slug')}
              autoCapitalize="none"
              spellCheck={false}
              aria-required
              {...fieldErrorProps(field('slug'), errors.slug?.message, true)}
              {...register('slug')}
            />
          </FormField>
          {text('location', 'Location', { placeholder: 'Spring, Texas' })}
          {text('distance', 'Distance', {
            optional: true,
            placeholder: '24 miles from Houston',
          })}
          {text('established', 'Established', { optional: true, placeholder: 'Est. 1978' })}
          {text('availability', 'Availability', { optional: true, placeholder: 'Year-round' })}
          <ImageUploadField
            controlId={field('imageUrl')}
            label="Logo"
            className="sm:col-span-2"
            previewAlt="Logo preview"
            preview="logo"
            saveHint="Save the producer to use it."
            imageUrl={imageUrl ?? ''}
            error={errors.imageUrl?.message}
            onUploaded={(path) => setValue('imageUrl', path, { shouldValidate: true })}
            input={
              <Input
                id={field('imageUrl')}
                placeholder="https://… or upload an image"
                {...fieldErrorProps(field('imageUrl'), errors.imageUrl?.message)}
                {...register('imageUrl')}
              />
            }
          />
          <FormField
            controlId={field('description')}
            label="Description"
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            <Textarea
              id={field('description')}
              rows={2}
              minHeight="min-h-20"
              aria-required
              {...fieldErrorProps(field('description'), errors.description?.message)}
              {...register('description')}
            />
          </FormField>
          <FormField
            controlId={field('story')}
            label="Story"
            error={errors.story?.message}
            hint="A blank line starts a new paragraph."
            className="sm:col-span-2"
          >
            <Textarea
              id={field('story')}
              rows={6}
              aria-required
              {...fieldErrorProps(field('story'), errors.story?.message, true)}
              {...register('story')}
            />
          </FormField>
          <FormField
            controlId={field('additionalStory')}
            label="More of the story"
            optional
            error={errors.additionalStory?.message}
            className="sm:col-span-2"
          >
            <Textarea
              id={field('additionalStory')}
              rows={3}
              minHeight="min-h-24"
              {...fieldErrorProps(field('additionalStory'), errors.additionalStory?.message)}
              {...register('additionalStory')}
            />
          </FormField>
          <LinesField
            control={control}
            name="specialties"
            controlId={field('specialties')}
            label="Specialties"
            error={firstError(errors.specialties)}
          />
          <LinesField
            control={control}
            name="practices"
            controlId={field('practices')}
            label="Practices"
            error={firstError(errors.practices)}
          />
          <Controller
            control={control}
            name="deliveryDays"
            render={({ field: daysField }) => {
              const days = daysField.value ?? []
              return (
                <fieldset
                  className="flex flex-col gap-2 sm:col-span-2"
                  aria-describedby={
                    firstError(errors.deliveryDays) ? `${field('deliveryDays')}-error` : undefined
                  }
                >
                  <legend className="mb-2 text-sm font-medium">
                    Delivers to us on{' '}
                    <span className="font-normal text-muted-foreground">(optional)</span>
                  </legend>
                  <div className="flex flex-wrap gap-x-5 gap-y-3">
                    {PRODUCER_DELIVERY_DAYS.map((day) => (
                      <span key={day} className="flex items-center gap-2">
                        <Checkbox
                          id={field(`day-${day}`)}
                          checked={days.includes(day)}
                          onCheckedChange={(checked) =>
                            daysField.onChange(
                              checked === true
                                ? [...days, day]
                                : days.filter((chosen) => chosen !== day),
                            )
                          }
                        />
                        <Label htmlFor={field(`day-${day}`)}>{day}</Label>
                      </span>
                    ))}
                  </div>
                  {firstError(errors.deliveryDays) ? (
                    <p id={`${field('deliveryDays')}-error`} className="text-sm text-destructive">
                      {firstError(errors.deliveryDays)}
                    </p>
                  ) : null}
                </fieldset>
              )
            }}
          />
          <FormField
            controlId={field('email')}
            label="Harvest list e-mail"
            optional
            error={errors.email?.message}
            hint="Who receives this producer's weekly harvest list."
            className="sm:col-span-2"
          >
            <Input
              id={field('email')}
              type="email"
              autoComplete="off"
              {...fieldErrorProps(field('email'), errors.email?.message, true)}
              {...register('email')}
            />
          </FormField>
          <Controller
            control={control}
            name="active"
            render={({ field: activeField }) => (
              <div className="flex flex-col gap-1 sm:col-span-2">
                <span className="flex items-center gap-2">
                  <Checkbox
                    id={field('active')}
                    checked={activeField.value ?? true}
                    aria-describedby={fieldHintId(field('active'))}
                    onCheckedChange={(checked) => activeField.onChange(checked === true)}
                  />
                  <Label htmlFor={field('active')}>Active</Label>
                </span>
                <p id={fieldHintId(field('active'))} className="text-sm text-muted-foreground">
                  An inactive producer is not listed on Producers, has no page, and its products
                  stay in the shop without a link to it.
                </p>
              </div>
            )}
          />
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : producer ? 'Save Changes' : 'Create Producer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** A list field's message: its own, or its first item's (a line too long, an unknown day). */
function firstError(
  error: { message?: string } | readonly ({ message?: string } | undefined)[] | undefined,
): string | undefined {
  if (!error) return undefined
  if ('message' in error && typeof error.message === 'string') return error.message
  if (!('length' in error)) return undefined
  for (const item of error as readonly ({ message?: string } | undefined)[]) {
    if (item?.message) return item.message
  }
  return undefined
}

/** A list typed one item a line (specialties, practices); blank lines are dropped on saving. */
function LinesField({
  control,
  name,
  controlId,
  label,
  error,
}: {
  control: Control<ProducerInput, unknown, ProducerValues>
  name: 'specialties' | 'practices'
  controlId: string
  label: string
  error: string | undefined
}) {
  return (
    <FormField controlId={controlId} label={label} optional error={error} hint="One a line.">
      <Controller
        control={control}
        name={name}
        render={({ field: linesField }) => (
          <Textarea
            id={controlId}
            rows={4}
            minHeight="min-h-28"
            value={(linesField.value ?? []).join('\n')}
            onChange={(event) => linesField.onChange(event.target.value.split('\n'))}
            onBlur={linesField.onBlur}
            ref={linesField.ref}
            {...fieldErrorProps(controlId, error, true)}
          />
        )}
      />
    </FormField>
  )
}
