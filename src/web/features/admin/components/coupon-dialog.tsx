import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { chicagoDayBounds } from '#shared/domain/delivery.ts'
import { readMoneyInput } from '#shared/domain/money.ts'
import { CouponCodeSchema, type CouponCreateInput } from '#shared/schemas/coupon.ts'
import { FormDialog } from '#web/components/admin/form-dialog.tsx'
import {
  MoneyField,
  SelectField,
  TextField,
  WholeNumberField,
} from '#web/components/admin/form-fields.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { useCreateCoupon } from '../api/admin-coupons.ts'

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'amount', label: 'Amount off ($)' },
]

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
  const create = useCreateCoupon()
  const form = useForm<CouponForm, unknown, z.output<typeof CouponFormSchema>>({
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
  const { control } = form
  const kind = useWatch({ control, name: 'kind' })

  return (
    <FormDialog
      form={form}
      title="New Coupon"
      description="Customers type the code in their basket."
      width="max-w-xl"
      submitLabel="Create Coupon"
      pendingLabel="Creating..."
      save={(values) => create.mutateAsync(toCouponInput(values))}
      onSaved={(coupon) =>
        toast({ title: 'Coupon created', description: `${coupon.code} is ready to use.` })
      }
      serverFields={SERVER_FIELDS}
      onRefused={(error) => {
        // a code already taken is a conflict with no field named: it belongs under Code
        if (error instanceof ApiError && error.status === 409) {
          form.setError('code', { type: 'server', message: errorMessage(error, '') })
        }
        return {
          description: errorMessage(error, 'Failed to create the coupon. Please try again.'),
        }
      }}
      onClose={onClose}
    >
      <TextField
        control={control}
        name="code"
        label="Code"
        className="sm:col-span-2"
        autoComplete="off"
        inputClassName="font-mono uppercase"
        placeholder="SPRING15"
      />
      <SelectField control={control} name="kind" label="Discount type" options={KIND_OPTIONS} />
      <MoneyField
        control={control}
        name="value"
        label={kind === 'percent' ? 'Percent off' : 'Amount off ($)'}
        placeholder={kind === 'percent' ? '15' : '5.00'}
      />
      <MoneyField
        control={control}
        name="minSubtotal"
        label="Minimum subtotal ($)"
        optional
        placeholder="60.00"
      />
      <WholeNumberField
        control={control}
        name="maxRedemptions"
        label="Redemption limit"
        optional
        placeholder="100"
      />
      <TextField control={control} name="startsOn" label="First day" optional type="date" />
      <TextField control={control} name="endsOn" label="Last day" optional type="date" />
    </FormDialog>
  )
}
