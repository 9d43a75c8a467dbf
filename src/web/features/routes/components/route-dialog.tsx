import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { RouteInputSchema, type DeliveryRoute, type StaffMember } from '#shared/schemas/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
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
  const id = useId()
  const field = (name: string) => `${id}-${name}`
  const update = useUpdateRoute()
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RouteForm>({
    resolver: zodResolver(RouteFormSchema),
    defaultValues: {
      name: route.name,
      zipsText: route.zips.join(', '),
      driver: route.driver?.id ?? NO_DRIVER,
    },
  })

  const onSubmit = handleSubmit((form) =>
    update.mutate(
      { id: route.id, input: toInput(form) },
      {
        onSuccess: (saved) => {
          toast({ title: 'Route saved', description: `${saved.name} is up to date.` })
          onClose()
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? Object.entries(error.fieldErrors) : []
          for (const [serverField, message] of fields) {
            const formField = SERVER_FIELDS[serverField]
            if (formField) setError(formField, { type: 'server', message })
          }
          toast({
            variant: 'destructive',
            title: 'The route was not saved',
            description: errorMessage(error, 'Please try again.'),
          })
        },
      },
    ),
  )

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit route</DialogTitle>
          <DialogDescription>
            A ZIP belongs to one route; orders follow their ZIP into it.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField controlId={field('name')} label="Name" error={errors.name?.message}>
            <Input
              id={field('name')}
              {...fieldErrorProps(field('name'), errors.name?.message)}
              {...register('name')}
            />
          </FormField>
          <FormField
            controlId={field('zips')}
            label="ZIP codes (separated by commas or spaces)"
            error={errors.zipsText?.message}
          >
            <Textarea
              id={field('zips')}
              minHeight="min-h-28"
              className="font-mono"
              {...fieldErrorProps(field('zips'), errors.zipsText?.message)}
              {...register('zipsText')}
            />
          </FormField>
          <FormField controlId={field('driver')} label="Driver" error={errors.driver?.message}>
            <Controller
              control={control}
              name="driver"
              render={({ field: driverField }) => (
                <Select value={driverField.value} onValueChange={driverField.onChange}>
                  <SelectTrigger
                    id={field('driver')}
                    {...fieldErrorProps(field('driver'), errors.driver?.message)}
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_DRIVER}>No driver yet</SelectItem>
                    {drivers.map((driver) => (
                      <SelectItem key={driver.id} value={driver.id}>
                        {driver.name} ({driver.email})
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save route'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
