import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { Order, OrderConflict } from '#shared/schemas/order.ts'
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { cancelOrder, orderConflictOf } from '../api/change-order.ts'

/**
 * Cancel an order before its cut-off (docs/product.md#order-changes), after a confirmation:
 * the card's authorisation is released and nothing is charged.
 */
export function CancelOrderButton({
  order,
  onCancelled,
  onConflict,
  onSessionExpired,
}: {
  order: Order
  onCancelled: (order: Order) => void
  onConflict: (conflict: OrderConflict) => void
  onSessionExpired: () => void
}) {
  const [open, setOpen] = useState(false)
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id),
    onSuccess: (cancelled) => {
      setOpen(false)
      onCancelled(cancelled)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return onSessionExpired()
      const conflict = orderConflictOf(error)
      if (conflict) {
        setOpen(false)
        onConflict(conflict)
      }
    },
  })
  const failure =
    cancel.isError && !orderConflictOf(cancel.error)
      ? errorMessage(cancel.error, 'We could not cancel the order just now. Please try again.')
      : null

  return (
    <>
      <Button
        type="button"
        variant="destructive-outline"
        className="w-full"
        onClick={() => {
          cancel.reset()
          setOpen(true)
        }}
      >
        Cancel order
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this order?"
        description={`Your delivery is called off and the ${formatDecimalPrice(order.authorizedAmount)} your card authorized is released: nothing is charged. This cannot be undone.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        pending={cancel.isPending}
        pendingLabel="Cancelling..."
        onConfirm={() => cancel.mutate()}
      >
        {failure ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  )
}
