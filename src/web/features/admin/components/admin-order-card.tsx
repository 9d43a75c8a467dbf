import { ChevronDownIcon, Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import {
  BUSINESS_TIME_ZONE,
  DELIVERY_WINDOW,
  formatDeliveryDateLong,
} from '#shared/domain/delivery.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { AdminOrder, OrderStatusChange } from '#shared/schemas/order.ts'
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
import { cn } from '#web/lib/cn.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import {
  OrderBlock,
  OrderLines,
  OrderTotals,
  formatPlacedDate,
} from '#web/components/order-parts.tsx'
import { useChangeOrder, useDeleteOrder } from '../api/admin-orders.ts'

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: 'bg-butter/40 text-charcoal',
  confirmed: 'bg-accent text-accent-foreground',
  completed: 'bg-forest text-primary-foreground',
  cancelled: 'bg-tomato text-white',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        STATUS_STYLES[status],
      )}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  )
}

/**
 * One order in the admin list (docs/product.md#admin): a summary line that opens to everything and
 * the controls.
 */
export function AdminOrderCard({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      <h3 className="font-sans text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
          className="grid w-full grid-cols-[1fr_auto_auto] items-center gap-x-3 gap-y-1 px-4 py-3.5 text-left transition-colors hover:bg-muted/60 sm:grid-cols-[9rem_1fr_auto_auto_auto] sm:gap-x-4 sm:px-5"
        >
          <span className="font-semibold tabular-nums">{orderNumber(order.id)}</span>
          <span className="order-last col-span-3 flex min-w-0 flex-wrap items-center gap-x-2 text-sm text-muted-foreground sm:order-none sm:col-span-1">
            <span className="truncate font-medium text-foreground">{order.customerName}</span>
            <span aria-hidden>·</span>
            <span>{formatPlacedDate(order.createdAt)}</span>
          </span>
          <OrderStatusBadge status={order.status} />
          <span className="text-right font-semibold tabular-nums">
            {formatDecimalPrice(order.total)}
          </span>
          <ChevronDownIcon
            className={cn(
              'hidden size-5 text-muted-foreground transition-transform sm:block',
              open && 'rotate-180',
            )}
            aria-hidden
          />
        </button>
      </h3>
      {open ? (
        <div id={panelId} className="flex flex-col gap-6 border-t border-border px-4 py-5 sm:px-5">
          <OrderDetails order={order} />
          <OrderControls order={order} />
          {order.statusHistory.length > 0 ? <StatusHistory changes={order.statusHistory} /> : null}
        </div>
      ) : (
        <div id={panelId} hidden />
      )}
    </article>
  )
}

function OrderDetails({ order }: { order: AdminOrder }) {
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <OrderBlock title="Customer">
            <p className="text-sm">
              <span className="block font-semibold">{order.customerName}</span>
              <a
                className="block break-all text-primary underline-offset-4 hover:underline"
                href={`mailto:${order.customerEmail}`}
              >
                {order.customerEmail}
              </a>
              {order.customerPhone ? (
                <a
                  className="block text-primary underline-offset-4 hover:underline"
                  href={`tel:${order.customerPhone}`}
                >
                  {order.customerPhone}
                </a>
              ) : (
                <span className="block text-muted-foreground">No phone given</span>
              )}
            </p>
          </OrderBlock>
          <OrderBlock title="Delivery">
            <p className="text-sm">
              <span className="block font-semibold">
                {formatDeliveryDateLong(new Date(order.deliveryDate))}
              </span>
              <span className="block text-muted-foreground">{DELIVERY_WINDOW.label}</span>
            </p>
            <address className="text-sm not-italic">{order.deliveryAddress}</address>
            {order.specialInstructions ? (
              <p className="rounded-lg bg-muted px-3 py-2 text-sm">
                <span className="font-semibold">Instructions: </span>
                {order.specialInstructions}
              </p>
            ) : null}
          </OrderBlock>
        </div>
        <OrderBlock title="Items">
          <OrderLines items={order.items} />
        </OrderBlock>
      </div>
      <OrderBlock title="Summary">
        <OrderTotals order={order} />
      </OrderBlock>
    </div>
  )
}

function OrderControls({ order }: { order: AdminOrder }) {
  const id = useId()
  const change = useChangeOrder()
  const remove = useDeleteOrder()
  const [confirming, setConfirming] = useState(false)

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
  const deleteOrder = () =>
    remove.mutate(order.id, {
      onSuccess: () => {
        setConfirming(false)
        toast({ title: 'Order Deleted', description: 'Order has been deleted successfully.' })
      },
      onError: () => {
        setConfirming(false)
        toast({
          variant: 'destructive',
          title: 'Delete Failed',
          description: 'Failed to delete order.',
        })
      },
    })

  return (
    <div className="grid gap-4 rounded-xl bg-muted/60 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
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
            {ORDER_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
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
      <Button variant="destructive" onClick={() => setConfirming(true)}>
        <Trash2Icon aria-hidden />
        Delete Order
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Order"
        description="Are you sure you want to delete this order? This action cannot be undone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={deleteOrder}
      />
    </div>
  )
}

const changedAtFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

const statusLabel = (change: OrderStatusChange, value: string) =>
  change.field === 'status'
    ? (ORDER_STATUS_LABELS[value as OrderStatus] ?? value)
    : (DELIVERY_STATUS_LABELS[value as DeliveryStatus] ?? value)

function StatusHistory({ changes }: { changes: readonly OrderStatusChange[] }) {
  return (
    <OrderBlock title="History">
      <ol className="flex flex-col gap-1.5 text-sm" aria-label="Status changes">
        {changes.map((change) => (
          <li key={change.id} className="flex flex-wrap gap-x-1.5">
            <span className="text-muted-foreground tabular-nums">
              {changedAtFormat.format(new Date(change.createdAt))}
            </span>
            <span>
              {change.field === 'status' ? 'Status' : 'Delivery status'}{' '}
              {statusLabel(change, change.fromValue)} →{' '}
              <strong>{statusLabel(change, change.toValue)}</strong>
            </span>
            <span className="text-muted-foreground">by {change.changedByEmail}</span>
          </li>
        ))}
      </ol>
    </OrderBlock>
  )
}
