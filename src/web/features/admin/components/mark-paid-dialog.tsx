import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { ReleaseOrderInputSchema } from '#shared/schemas/order-changes.ts'
import type { AdminOrder } from '#shared/schemas/order.ts'
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
import { Textarea } from '#web/components/ui/textarea.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { showServerRefusal } from '#web/lib/server-field-errors.ts'
import { needsPasswordAgain, useReleaseAdminOrder } from '../api/admin-order-money.ts'
import { PasswordAgain } from './password-again.tsx'

type ReleaseForm = z.input<typeof ReleaseOrderInputSchema>
type ReleaseValues = z.output<typeof ReleaseOrderInputSchema>
const FIELDS = ['note'] as const

/**
 * An order on hold, paid outside the card (cash, a bank transfer), let out of its hold with a
 * note of how (docs/product.md#order-payments): it reads paid and is packed and delivered.
 */
export function MarkPaidDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const id = useId()
  const release = useReleaseAdminOrder()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [passwordAgain, setPasswordAgain] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ReleaseForm, unknown, ReleaseValues>({
    resolver: zodResolver(ReleaseOrderInputSchema),
    defaultValues: { note: '' },
  })

  const onSubmit = handleSubmit((values) => {
    setRefusal(null)
    release.mutate(
      { id: order.id, input: values },
      {
        onSuccess: () => {
          toast({
            title: 'Marked Paid',
            description: `Order ${orderNumber(order.id)} is confirmed again, to be packed and delivered.`,
          })
          onClose()
        },
        onError: (error) => {
          if (needsPasswordAgain(error)) return setPasswordAgain(true)
          showServerRefusal(
            error,
            FIELDS,
            { setError, setFocus },
            setRefusal,
            'Failed to mark the order paid. Please try again.',
          )
        },
      },
    )
  })

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="max-w-md">
        <DialogHeader>
          <DialogTitle>Mark order {orderNumber(order.id)} paid</DialogTitle>
          <DialogDescription>
            {order.customerName} paid {formatDecimalPrice(order.total)} outside the card. The order
            leaves its hold and is packed and delivered; the card is not charged.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {refusal ? (
            <p role="alert" className="rounded-lg bg-tomato/10 px-4 py-3 text-sm text-tomato">
              {refusal}
            </p>
          ) : null}
          <FormField controlId={`${id}-note`} label="How was it paid?" error={errors.note?.message}>
            <Textarea
              id={`${id}-note`}
              minHeight="min-h-20"
              placeholder="Cash at the shop, a bank transfer..."
              {...fieldErrorProps(`${id}-note`, errors.note?.message)}
              {...register('note')}
            />
          </FormField>
          {passwordAgain ? (
            <PasswordAgain
              onConfirmed={() => {
                setPasswordAgain(false)
                void onSubmit()
              }}
            />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={release.isPending}>
              {release.isPending ? 'Marking paid...' : 'Mark Paid'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
