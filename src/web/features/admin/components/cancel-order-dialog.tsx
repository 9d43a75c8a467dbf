import { useState } from 'react'
import { decimalToCents, formatCents, formatDecimalPrice } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { AdminOrder } from '#shared/schemas/order.ts'
import { PAYMENT_STATE_LABELS } from '#shared/schemas/order-status.ts'
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { errorMessage } from '#web/lib/api-client.ts'
import { needsPasswordAgain, useCancelAdminOrder } from '../api/admin-order-money.ts'
import { PasswordAgain } from './password-again.tsx'
import { leftToRefundCents } from './order-payment.tsx'

/**
 * What cancelling does to the money, said before it is done (docs/product.md#order-payments):
 * before the cut-off's capture the card's authorisation is released and nothing is charged;
 * after it, what was charged and not yet refunded goes back to the card.
 */
export function cancelMoneyText(order: AdminOrder): string {
  switch (order.paymentStatus) {
    case 'authorized':
      return `The card's authorization of ${formatDecimalPrice(order.authorizedAmount)} is released: the customer is not charged.`
    case 'captured':
      return `The whole amount charged, ${formatDecimalPrice(order.capturedAmount)}, is refunded to the customer's card.`
    case 'partially_refunded':
      return `Everything not yet refunded, ${formatCents(leftToRefundCents(order))} of the ${formatDecimalPrice(order.capturedAmount)} charged, is refunded to the customer's card.`
    case 'payment_failed':
      return 'The card was never charged, so no money moves.'
    case 'voided':
    case 'refunded':
      return `No money moves: the payment reads ${PAYMENT_STATE_LABELS[order.paymentStatus]} already.`
  }
}

function cancelledText(order: AdminOrder): string {
  const refunded = decimalToCents(order.refundedAmount)
  if (order.paymentStatus === 'refunded' && refunded > 0) {
    return `${formatCents(refunded)} is being refunded to the customer's card.`
  }
  return `Payment: ${PAYMENT_STATE_LABELS[order.paymentStatus]}.`
}

export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: AdminOrder
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const cancel = useCancelAdminOrder()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [passwordAgain, setPasswordAgain] = useState(false)
  const close = (next: boolean) => {
    if (!next) {
      setRefusal(null)
      setPasswordAgain(false)
    }
    onOpenChange(next)
  }
  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: (cancelled) => {
        close(false)
        toast({ title: 'Order Cancelled', description: cancelledText(cancelled) })
      },
      // a refusal (the order changed meanwhile, a refund the provider declined) stays in view
      onError: (error) => {
        if (needsPasswordAgain(error)) return setPasswordAgain(true)
        setRefusal(errorMessage(error, 'Failed to cancel the order. Please try again.'))
      },
    })

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title={`Cancel order ${orderNumber(order.id)}?`}
      description={
        <>
          {cancelMoneyText(order)} The customer is told by e-mail, and the order stays in the list
          as Cancelled.
        </>
      }
      confirmLabel="Cancel Order"
      cancelLabel="Keep Order"
      pending={cancel.isPending}
      pendingLabel="Cancelling..."
      onConfirm={confirm}
    >
      {refusal ? (
        <p role="alert" className="rounded-lg bg-tomato/10 px-3 py-2 text-sm text-tomato">
          {refusal}
        </p>
      ) : null}
      {passwordAgain ? (
        <PasswordAgain
          onConfirmed={() => {
            setPasswordAgain(false)
            confirm()
          }}
        />
      ) : null}
    </ConfirmDialog>
  )
}
