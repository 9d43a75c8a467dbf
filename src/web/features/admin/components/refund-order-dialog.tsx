import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import {
  centsToDecimal,
  formatCents,
  formatDecimalPrice,
  readMoneyInput,
} from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { AdminRefundInputSchema } from '#shared/schemas/order-changes.ts'
import type { AdminOrder, OrderRefund } from '#shared/schemas/order.ts'
import { MoneyInputSchema } from '#shared/schemas/money.ts'
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
import { Label } from '#web/components/ui/label.tsx'
import { NativeCheckbox } from '#web/components/ui/native-checkbox.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { showServerRefusal } from '#web/lib/server-field-errors.ts'
import { needsPasswordAgain, useRefundAdminOrder } from '../api/admin-order-money.ts'
import { PasswordAgain } from './password-again.tsx'
import { leftToRefundCents } from './order-payment.tsx'

/**
 * The refund form checks what the person can fix (an amount in dollars above zero, a reason);
 * the server decides the rest (docs/product.md#order-payments): 409 before the capture, 400 above
 * what is left to refund. Its answers show in the form.
 */
const RefundFormSchema = AdminRefundInputSchema.extend({
  amount: MoneyInputSchema.refine((cents) => cents > 0, 'Enter an amount greater than 0'),
})
type RefundForm = z.input<typeof RefundFormSchema>
type RefundValues = z.output<typeof RefundFormSchema>
const FIELDS = ['amount', 'reason'] as const

/** above this, the staff confirm the amount once more before it goes back (docs/product.md#refunds) */
const CONFIRM_ABOVE_CENTS = 5000

function refundedToast(refund: OrderRefund, order: AdminOrder) {
  const amount = formatDecimalPrice(refund.amount)
  if (refund.status === 'failed') {
    toast({
      variant: 'destructive',
      title: 'Refund Failed',
      description: `The card provider refused the refund of ${amount}.`,
    })
    return
  }
  toast({
    title: refund.status === 'succeeded' ? 'Refund Made' : 'Refund Requested',
    description: `${amount} back to ${order.customerName}'s card.`,
  })
}

export function RefundOrderDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const id = useId()
  const field = (name: string) => `${id}-${name}`
  const refund = useRefundAdminOrder()
  // one key per opening of the dialog: however often it is sent, one refund is made
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const [refusal, setRefusal] = useState<string | null>(null)
  const [passwordAgain, setPasswordAgain] = useState(false)
  const left = leftToRefundCents(order)
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<RefundForm, unknown, RefundValues>({
    resolver: zodResolver(RefundFormSchema),
    // empty: the amount is typed, never taken whole by one Enter (docs/product.md#refunds)
    defaultValues: { amount: '', reason: '' },
  })
  const typed = readMoneyInput(`${useWatch({ control, name: 'amount' })}`)
  const large = typed.ok && typed.cents > CONFIRM_ABOVE_CENTS
  // the amount the staff confirmed; typing another asks again
  const [confirmedCents, setConfirmedCents] = useState<number | null>(null)
  const [confirmError, setConfirmError] = useState<string | null>(null)
  const confirmed = typed.ok && confirmedCents === typed.cents

  const onSubmit = handleSubmit((values) => {
    setRefusal(null)
    if (values.amount > CONFIRM_ABOVE_CENTS && confirmedCents !== values.amount) {
      setConfirmError(`Tick the box to refund ${formatCents(values.amount)}`)
      document.getElementById(field('confirm'))?.focus()
      return
    }
    refund.mutate(
      {
        id: order.id,
        input: { amount: centsToDecimal(values.amount), reason: values.reason },
        idempotencyKey,
      },
      {
        onSuccess: (made) => {
          refundedToast(made, order)
          onClose()
        },
        onError: (error) => {
          if (needsPasswordAgain(error)) return setPasswordAgain(true)
          showServerRefusal(
            error,
            FIELDS,
            { setError, setFocus },
            setRefusal,
            'Failed to make the refund. Please try again.',
          )
        },
      },
    )
  })

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="max-w-md">
        <DialogHeader>
          <DialogTitle>Refund order {orderNumber(order.id)}</DialogTitle>
          <DialogDescription>
            Money goes back to {order.customerName}&apos;s card, and they are told by e-mail with
            the reason.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {refusal ? (
            <p role="alert" className="rounded-lg bg-tomato/10 px-4 py-3 text-sm text-tomato">
              {refusal}
            </p>
          ) : null}
          <FormField
            controlId={field('amount')}
            label="Amount ($)"
            error={errors.amount?.message}
            // the server's refusal says the same, so the hint makes way for it
            hint={
              errors.amount
                ? undefined
                : `Up to ${formatCents(left)} can be refunded of the ${formatDecimalPrice(order.capturedAmount)} charged.`
            }
          >
            <Input
              id={field('amount')}
              inputMode="decimal"
              autoComplete="off"
              {...fieldErrorProps(field('amount'), errors.amount?.message, !errors.amount)}
              {...register('amount')}
            />
          </FormField>
          {large && typed.ok ? (
            <div className="flex flex-col gap-1.5">
              <div className="flex items-center gap-2.5">
                <NativeCheckbox
                  id={field('confirm')}
                  checked={confirmed}
                  aria-invalid={confirmError ? true : undefined}
                  aria-describedby={confirmError ? field('confirm-error') : undefined}
                  onChange={(event) => {
                    setConfirmError(null)
                    setConfirmedCents(event.target.checked ? typed.cents : null)
                  }}
                />
                <Label htmlFor={field('confirm')} className="font-semibold">
                  Refund {formatCents(typed.cents)} to the customer&apos;s card?
                </Label>
              </div>
              {confirmError ? (
                <p id={field('confirm-error')} className="text-sm text-tomato">
                  {confirmError}
                </p>
              ) : null}
            </div>
          ) : null}
          <FormField controlId={field('reason')} label="Reason" error={errors.reason?.message}>
            <Textarea
              id={field('reason')}
              minHeight="min-h-20"
              placeholder="A missing item, a damaged box..."
              {...fieldErrorProps(field('reason'), errors.reason?.message)}
              {...register('reason')}
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
            <Button type="submit" disabled={refund.isPending}>
              {refund.isPending
                ? 'Refunding...'
                : typed.ok && typed.cents > 0
                  ? `Refund ${formatCents(typed.cents)}`
                  : 'Refund'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
