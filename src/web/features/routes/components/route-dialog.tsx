import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { RouteInputSchema, type DeliveryRoute, type StaffMember } from '#shared/schemas/routes.ts'
import { FormDialog } from '#web/components/admin/form-dialog.tsx'
import { SelectField, TextField, TextareaField } from '#web/components/admin/form-fields.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { useUpdateRoute } from '../api/week-routes.ts'

const NO_DRIVER = 'none'
const splitZips = (text: string) => text.split(/[\s,;]+/).filter(Boolean)

/** The dialog's fields: ZIPs typed as a list; the shared schema checks them as the server does. */
const RouteFormSchema = z
  .object({ name: z.string(), zipsText: z.string(), driver: z.string() })
  .superRefine((form, context) => {
    const parsed = RouteInputSchema.safeParse(toInput(form))
    if (parsed.success) return
    for (const issue of parsed.error.issues) {
      const field =
        issue.path[0] === 'zips' ? 'zipsText' : issue.path[0] === 'name' ? 'name' : 'driver'
      context.addIssue({ code: 'custom', path: [field], message: issue.message })
    }
  })
type RouteForm = z.infer<typeof RouteFormSchema>

function toInput(form: RouteForm) {
  return {
    name: form.name,
    zips: splitZips(form.zipsText),
    driverUserId: form.driver === NO_DRIVER ? null : form.driver,
  }
}

const SERVER_FIELDS: Record<string, keyof RouteForm> = {
  name: 'name',
  zips: 'zipsText',
  driverUserId: 'driver',
}

/** Edit a route's name, ZIPs and driver (docs/product.md#routes). */
export function RouteDialog({
  route,
  drivers,
  onClose,
}: {
  route: DeliveryRoute
  drivers: StaffMember[]
  onClose: () => void
}) {
  const update = useUpdateRoute()
  const form = useForm<RouteForm>({
    resolver: zodResolver(RouteFormSchema),
    defaultValues: {
      name: route.name,
      zipsText: route.zips.join(', '),
      driver: route.driver?.id ?? NO_DRIVER,
    },
  })
  const { control } = form

  return (
    <FormDialog
      form={form}
      title="Edit route"
      description="A ZIP belongs to one route; orders follow their ZIP into it."
      width="max-w-xl"
      layout="stack"
      submitLabel="Save route"
      save={(values) => update.mutateAsync({ id: route.id, input: toInput(values) })}
      onSaved={(saved) =>
        toast({ title: 'Route saved', description: `${saved.name} is up to date.` })
      }
      serverFields={SERVER_FIELDS}
      onRefused={(error) => ({
        title: 'The route was not saved',
        description: errorMessage(error, 'Please try again.'),
      })}
      onClose={onClose}
    >
      <TextField control={control} name="name" label="Name" />
      <TextareaField
        control={control}
        name="zipsText"
        label="ZIP codes (separated by commas or spaces)"
        minHeight="min-h-28"
        textareaClassName="font-mono"
      />
      <SelectField
        control={control}
        name="driver"
        label="Driver"
        options={[
          { value: NO_DRIVER, label: 'No driver yet' },
          ...drivers.map((driver) => ({
            value: driver.id,
            label: `${driver.name} (${driver.email})`,
          })),
        ]}
      />
    </FormDialog>
  )
}
