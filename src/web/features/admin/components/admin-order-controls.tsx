import { BanIcon, BanknoteIcon, Trash2Icon, Undo2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import type { AdminOrder } from '#shared/schemas/order.ts'
import {
  DELIVERY_STATUSES,
  DELIVERY_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  type DeliveryStatus,
  type OrderStatus,
} from '#shared/schemas/order-status.ts'
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Label } from '#web/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { useChangeOrder, useDeleteOrder } from '../api/admin-orders.ts'
import { CancelOrderDialog } from './cancel-order-dialog.tsx'
import { MarkPaidDialog } from './mark-paid-dialog.tsx'
import { isRefundable } from './order-payment.tsx'
import { RefundOrderDialog } from './refund-order-dialog.tsx'

/**
 * What staff can do to an order (docs/product.md#admin): set its status and delivery status,
 * refund part of it after the capture, cancel it (its money released or refunded), and, last,
 * delete it. Each money action and the delete ask first.
 */
export function AdminOrderControls({ order }: { order: AdminOrder }) {
  const [dialog, setDialog] = useState<'cancel' | 'refund' | 'delete' | 'paid' | null>(null)
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-muted/60 p-4">
      <StatusSelectors order={order} />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        {order.status === 'on_hold' ? (
          <Button onClick={() => setDialog('paid')}>
            <BanknoteIcon aria-hidden />
            Mark paid…
          </Button>
        ) : null}
        {isRefundable(order) ? (
          <Button variant="outline" onClick={() => setDialog('refund')}>
            <Undo2Icon aria-hidden />
            Refund
          </Button>
        ) : null}
        {order.status === 'cancelled' ? null : (
          <Button variant="outline-tomato" onClick={() => setDialog('cancel')}>
            <BanIcon aria-hidden />
            Cancel Order
          </Button>
        )}
        <Button variant="destructive" onClick={() => setDialog('delete')}>
          <Trash2Icon aria-hidden />
          Delete Order
        </Button>
      </div>
      <CancelOrderDialog
        order={order}
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
      />
      {dialog === 'paid' ? <MarkPaidDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'refund' ? (
        <RefundOrderDialog order={order} onClose={() => setDialog(null)} />
      ) : null}
      <DeleteOrderDialog
        order={order}
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
      />
    </div>
  )
}

function StatusSelectors({ order }: { order: AdminOrder }) {
  const id = useId()
  const change = useChangeOrder()
  const setStatus = (value: OrderStatus) =>
    change.mutate(
      { kind: 'status', id: order.id, value },
      {
        onSuccess: () =>
          toast({
            title: 'Status Updated',
            description: 'Order status has been updated successfully.',
          }),
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            description: 'Failed to update order status.',
          }),
      },
    )
  const setDeliveryStatus = (value: DeliveryStatus) =>
    change.mutate(
      { kind: 'deliveryStatus', id: order.id, value },
      {
        onSuccess: () =>
          toast({
            title: 'Delivery Status Updated',
            description: 'Delivery status has been updated successfully.',
          }),
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            description: 'Failed to update delivery status.',
          }),
      },
    )

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <Label id={`${id}-status`}>Order status</Label>
        <Select
          value={order.status}
          onValueChange={(value) => setStatus(value as OrderStatus)}
          disabled={change.isPending}
        >
          <SelectTrigger aria-labelledby={`${id}-status`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {/* the hold is the shop's to set, lifted by "Mark paid" or a cancel */}
            {ORDER_STATUSES.filter(
              (status) => status !== 'on_hold' || order.status === 'on_hold',
            ).map((status) => (
              <SelectItem key={status} value={status} disabled={order.status === 'on_hold'}>
                {ORDER_STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label id={`${id}-delivery`}>Delivery status</Label>
        <Select
          value={order.deliveryStatus}
          onValueChange={(value) => setDeliveryStatus(value as DeliveryStatus)}
          disabled={change.isPending}
        >
          <SelectTrigger aria-labelledby={`${id}-delivery`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DELIVERY_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {DELIVERY_STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  )
}

function DeleteOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: AdminOrder
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const remove = useDeleteOrder()
  const deleteOrder = () =>
    remove.mutate(order.id, {
      onSuccess: () => {
        onOpenChange(false)
        toast({ title: 'Order Deleted', description: 'Order has been deleted successfully.' })
      },
      onError: () => {
        onOpenChange(false)
        toast({
          variant: 'destructive',
          title: 'Delete Failed',
          description: 'Failed to delete order.',
        })
      },
    })
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Order"
      description={
        order.status === 'cancelled'
          ? 'Are you sure you want to delete this order? This action cannot be undone.'
          : 'Are you sure you want to delete this order? This action cannot be undone. To release or refund its payment, use Cancel Order instead.'
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={deleteOrder}
    />
  )
}
