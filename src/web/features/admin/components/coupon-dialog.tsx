import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { chicagoDayBounds } from '#shared/domain/delivery.ts'
import { readMoneyInput } from '#shared/domain/money.ts'
import { CouponCodeSchema, type CouponCreateInput } from '#shared/schemas/coupon.ts'
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
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { useCreateCoupon } from '../api/admin-coupons.ts'

/** cents of a typed amount ("5", "7.50"), or null when it is not one */
const typedCents = (value: string) => {
  const read = readMoneyInput(value)
  return read.ok ? read.cents : null
}

/** What the dialog's fields hold; the server checks everything again. */
const CouponFormSchema = z
  .object({
    code: CouponCodeSchema,
    kind: z.enum(['percent', 'amount']),
    value: z.string().trim().min(1, 'Enter the discount'),
    minSubtotal: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || typedCents(value) !== null,
        'Use an amount like 50 or 49.99',
      ),
    maxRedemptions: z
      .string()
      .trim()
      .refine((value) => value === '' || /^[1-9]\d{0,6}$/.test(value), 'Use a whole number'),
    startsOn: z.string(),
    endsOn: z.string(),
  })
  .superRefine((form, ctx) => {
    const valid =
      form.kind === 'percent'
        ? /^\d{1,3}$/.test(form.value) && Number(form.value) >= 1 && Number(form.value) <= 100
        : (typedCents(form.value) ?? 0) > 0
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message:
          form.kind === 'percent'
            ? 'Percent off must be between 1 and 100'
            : 'Use an amount greater than 0, like 5 or 7.50',
      })
    }
    if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'The last day must not be before the first',
      })
    }
  })
type CouponForm = z.input<typeof CouponFormSchema>

/** Days are Houston days: a coupon runs from the first day's midnight to the end of the last. */
function toCouponInput(form: z.output<typeof CouponFormSchema>): CouponCreateInput {
  return {
    code: form.code,
    // amounts go as typed ("5", "7.50"): the server reads them into cents
    ...(form.kind === 'percent' ? { percentOff: Number(form.value) } : { amountOff: form.value }),
    minSubtotal: form.minSubtotal ? form.minSubtotal : null,
    maxRedemptions: form.maxRedemptions ? Number(form.maxRedemptions) : null,
    startsAt: form.startsOn ? chicagoDayBounds(form.startsOn).start.toISOString() : null,
    endsAt: form.endsOn ? chicagoDayBounds(form.endsOn).end.toISOString() : null,
    active: true,
  }
}

const SERVER_FIELDS: Record<string, keyof CouponForm> = {
  code: 'code',
  percentOff: 'value',
  amountOff: 'value',
  minSubtotal: 'minSubtotal',
  maxRedemptions: 'maxRedemptions',
  startsAt: 'startsOn',
  endsAt: 'endsOn',
}

export function CouponDialog({ onClose }: { onClose: () => void }) {
  const id = useId()
  const field = (name: string) => `${id}-${name}`
  const create = useCreateCoupon()
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CouponForm, unknown, z.output<typeof CouponFormSchema>>({
    resolver: zodResolver(CouponFormSchema),
    defaultValues: {
      code: '',
      kind: 'percent',
      value: '',
      minSubtotal: '',
      maxRedemptions: '',
      startsOn: '',
      endsOn: '',
    },
  })
  const kind = useWatch({ control, name: 'kind' })

  const onSubmit = handleSubmit((form) =>
    create.mutate(toCouponInput(form), {
      onSuccess: (coupon) => {
        toast({ title: 'Coupon created', description: `${coupon.code} is ready to use.` })
        onClose()
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [serverField, message] of Object.entries(error.fieldErrors)) {
            const formField = SERVER_FIELDS[serverField]
            if (formField) setError(formField, { type: 'server', message })
          }
          if (error.status === 409)
            setError('code', { type: 'server', message: errorMessage(error, '') })
        }
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Failed to create the coupon. Please try again.'),
        })
      },
    }),
  )

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="max-w-xl">
        <DialogHeader>
          <DialogTitle>New Coupon</DialogTitle>
          <DialogDescription>Customers type the code in their basket.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <FormField
            controlId={field('code')}
            label="Code"
            error={errors.code?.message}
            className="sm:col-span-2"
          >
            <Input
              id={field('code')}
              autoComplete="off"
              className="font-mono uppercase"
              placeholder="SPRING15"
              {...fieldErrorProps(field('code'), errors.code?.message)}
              {...register('code')}
            />
          </FormField>
          <FormField controlId={field('kind')} label="Discount type">
            <Controller
              control={control}
              name="kind"
              render={({ field: kindField }) => (
                <Select value={kindField.value} onValueChange={kindField.onChange}>
                  <SelectTrigger id={field('kind')}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="percent">Percent off</SelectItem>
                    <SelectItem value="amount">Amount off ($)</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField
            controlId={field('value')}
            label={kind === 'percent' ? 'Percent off' : 'Amount off ($)'}
            error={errors.value?.message}
          >
            <Input
              id={field('value')}
              inputMode="decimal"
              placeholder={kind === 'percent' ? '15' : '5.00'}
              {...fieldErrorProps(field('value'), errors.value?.message)}
              {...register('value')}
            />
          </FormField>
          <FormField
            controlId={field('min')}
            label="Minimum subtotal ($)"
            optional
            error={errors.minSubtotal?.message}
          >
            <Input
              id={field('min')}
              inputMode="decimal"
              placeholder="60.00"
              {...fieldErrorProps(field('min'), errors.minSubtotal?.message)}
              {...register('minSubtotal')}
            />
          </FormField>
          <FormField
            controlId={field('limit')}
            label="Redemption limit"
            optional
            error={errors.maxRedemptions?.message}
          >
            <Input
              id={field('limit')}
              inputMode="numeric"
              placeholder="100"
              {...fieldErrorProps(field('limit'), errors.maxRedemptions?.message)}
              {...register('maxRedemptions')}
            />
          </FormField>
          <FormField
            controlId={field('starts')}
            label="First day"
            optional
            error={errors.startsOn?.message}
          >
            <Input
              id={field('starts')}
              type="date"
              {...fieldErrorProps(field('starts'), errors.startsOn?.message)}
              {...register('startsOn')}
            />
          </FormField>
          <FormField
            controlId={field('ends')}
            label="Last day"
            optional
            error={errors.endsOn?.message}
          >
            <Input
              id={field('ends')}
              type="date"
              {...fieldErrorProps(field('ends'), errors.endsOn?.message)}
              {...register('endsOn')}
            />
          </FormField>
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Coupon'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
