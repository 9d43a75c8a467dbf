import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { producerSlugFromName } from '#shared/domain/catalog.ts'
import {
  PRODUCER_DELIVERY_DAYS,
  ProducerInputSchema,
  type AdminProducer,
  type ProducerInput,
  type ProducerValues,
} from '#shared/schemas/producer.ts'
import { CheckboxField, ChecksField } from '#web/components/admin/check-fields.tsx'
import { FormDialog } from '#web/components/admin/form-dialog.tsx'
import { EmailField, TextField, TextareaField } from '#web/components/admin/form-fields.tsx'
import { ImageField } from '#web/components/admin/image-field.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { useSaveProducer } from '../api/admin-producers.ts'
import { uploadImage } from '../api/upload-image.ts'

const DAY_GROUPS = [
  { id: 'days', options: PRODUCER_DELIVERY_DAYS.map((day) => ({ value: day, label: day })) },
]

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
  const save = useSaveProducer()
  const form = useForm<ProducerInput, unknown, ProducerValues>({
    resolver: zodResolver(ProducerInputSchema),
    defaultValues: formValues(producer),
  })
  const { control, setValue, getFieldState } = form
  const slug = useWatch({ control, name: 'slug' })

  return (
    <FormDialog
      form={form}
      title={producer ? 'Edit Producer' : 'New Producer'}
      description={
        producer
          ? 'Changes show in the shop as soon as you save.'
          : 'An active producer gets its page in the shop as soon as you save it.'
      }
      submitLabel={producer ? 'Save Changes' : 'Create Producer'}
      save={(values) => save.mutateAsync({ id: producer?.id ?? null, input: values })}
      onSaved={(saved) =>
        toast({
          title: producer ? 'Producer updated' : 'Producer created',
          description: saved.active
            ? `${saved.name} is saved; its page is /producer/${saved.slug}.`
            : `${saved.name} is saved, inactive: it is not shown in the shop.`,
        })
      }
      serverFields={FIELDS}
      onRefused={(error) => ({
        description: errorMessage(
          error,
          producer
            ? 'Failed to update producer. Please try again.'
            : 'Failed to create producer. Please try again.',
        ),
      })}
      onClose={onClose}
    >
      <TextField
        control={control}
        name="name"
        label="Name"
        required
        onValueChange={(name) => {
          // a new producer's address follows its name until the admin edits the slug
          if (!producer && !getFieldState('slug').isDirty) {
            setValue('slug', producerSlugFromName(name))
          }
        }}
      />
      <TextField
        control={control}
        name="slug"
        label="Slug"
        required
        hint={`Its page: /producer/${slug || '…'}`}
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        control={control}
        name="location"
        label="Location"
        required
        placeholder="Spring, Texas"
      />
      <TextField
        control={control}
        name="distance"
        label="Distance"
        optional
        placeholder="24 miles from Houston"
      />
      <TextField
        control={control}
        name="established"
        label="Established"
        optional
        placeholder="Est. 1978"
      />
      <TextField
        control={control}
        name="availability"
        label="Availability"
        optional
        placeholder="Year-round"
      />
      <ImageField
        control={control}
        name="imageUrl"
        label="Logo"
        className="sm:col-span-2"
        previewAlt="Logo preview"
        preview="logo"
        saveHint="Save the producer to use it."
        upload={uploadImage}
      />
      <TextareaField
        control={control}
        name="description"
        label="Description"
        required
        rows={2}
        minHeight="min-h-20"
        className="sm:col-span-2"
      />
      <TextareaField
        control={control}
        name="story"
        label="Story"
        required
        rows={6}
        hint="A blank line starts a new paragraph."
        className="sm:col-span-2"
      />
      <TextareaField
        control={control}
        name="additionalStory"
        label="More of the story"
        optional
        rows={3}
        minHeight="min-h-24"
        className="sm:col-span-2"
      />
      {(['specialties', 'practices'] as const).map((name) => (
        <TextareaField
          key={name}
          control={control}
          name={name}
          label={name === 'specialties' ? 'Specialties' : 'Practices'}
          optional
          lines
          hint="One a line."
          rows={4}
          minHeight="min-h-28"
        />
      ))}
      <ChecksField
        control={control}
        name="deliveryDays"
        label="Delivers to us on"
        optional
        className="flex flex-col gap-2 sm:col-span-2"
        groupClassName="flex flex-wrap gap-x-5 gap-y-3"
        groups={DAY_GROUPS}
      />
      <EmailField
        control={control}
        name="email"
        label="Harvest list e-mail"
        optional
        hint="Who receives this producer's weekly harvest list."
        className="sm:col-span-2"
      />
      <CheckboxField
        control={control}
        name="active"
        label="Active"
        className="sm:col-span-2"
        hint="An inactive producer is not listed on Producers, has no page, and its products stay in the shop without a link to it."
      />
    </FormDialog>
  )
}
