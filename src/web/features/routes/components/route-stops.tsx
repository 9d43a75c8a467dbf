import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon } from 'lucide-react'
import { useState } from 'react'
import { DELIVERY_STATUS_LABELS } from '#shared/schemas/order-status.ts'
import type { Stop } from '#shared/schemas/routes.ts'
import { Button } from '#web/components/ui/button.tsx'

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`

/** its capture failed: the customer may pay until Friday noon, else it is held */
function PaymentPending() {
  return (
    <span className="ml-1 rounded-full border border-tomato bg-butter/40 px-2 py-0.5 text-xs font-semibold whitespace-nowrap">
      Payment pending
    </span>
  )
}

/**
 * The orders of a stop that has more than one (a household that checked out twice): each number
 * with its items, and what sets it apart from the stop (docs/product.md#routes-and-deliveries).
 */
function StopOrders({ stop }: { stop: Stop }) {
  const statuses = new Set(stop.orders.map(({ deliveryStatus }) => deliveryStatus))
  return (
    <p className="text-sm">
      <span className="font-semibold">{stop.orders.length} orders: </span>
      {stop.orders.map((order, index) => (
        <span key={order.orderId}>
          {index > 0 ? ', ' : null}
          <span className="whitespace-nowrap">{order.orderNumber}</span> ({items(order.itemsCount)}
          {order.customerName !== stop.customerName ? `, for ${order.customerName}` : null}
          {statuses.size > 1 ? `, ${DELIVERY_STATUS_LABELS[order.deliveryStatus]}` : null})
          {order.paymentPending ? <PaymentPending /> : null}
        </span>
      ))}
    </p>
  )
}

/** A stop moved from one place to another in a list, the rest keeping their order. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item === undefined || to < 0 || to > list.length - 1) return [...list]
  next.splice(to, 0, item)
  return next
}

/**
 * A route's stops in order, as on the printed sheet. They are reordered by dragging, or with
 * the up and down buttons (the keyboard's way); every move is saved at once. A stop with two
 * orders to one door moves as one (docs/product.md#routes-and-deliveries).
 */
export function RouteStops({
  stops,
  onReorder,
  reorderable = true,
}: {
  stops: Stop[]
  onReorder: (stops: Stop[]) => void
  reorderable?: boolean
}) {
  const [dragging, setDragging] = useState<number | null>(null)
  const move = (from: number, to: number) => onReorder(moved(stops, from, to))

  if (stops.length === 0) {
    return <p className="text-muted-foreground">No orders in this route on this Saturday.</p>
  }
  return (
    <ol className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card">
      {stops.map((stop, index) => (
        <li
          key={stop.orderId}
          draggable={reorderable}
          onDragStart={() => setDragging(index)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault()
            if (dragging !== null && dragging !== index) move(dragging, index)
            setDragging(null)
          }}
          className="flex items-start gap-3 p-3 break-inside-avoid print:py-2"
        >
          {reorderable ? (
            <GripVerticalIcon
              aria-hidden
              className="mt-1 size-4 shrink-0 cursor-grab text-muted-foreground print:hidden"
            />
          ) : null}
          <span className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold">
            {index + 1}
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <p className="font-semibold">
              {stop.customerName}{' '}
              {stop.orders.length > 1 ? null : (
                <>
                  <span className="text-sm font-normal text-muted-foreground">
                    {stop.orderNumber}
                  </span>
                  {stop.paymentPending ? <PaymentPending /> : null}
                </>
              )}
            </p>
            <p>
              {stop.street}, {stop.city} {stop.zip}
            </p>
            <p className="text-sm text-muted-foreground">
              {stop.phone ?? 'No phone'} · {items(stop.itemsCount)} ·{' '}
              {DELIVERY_STATUS_LABELS[stop.deliveryStatus]}
            </p>
            {stop.orders.length > 1 ? <StopOrders stop={stop} /> : null}
            {stop.specialInstructions ? (
              <p className="text-sm">
                <span className="font-semibold">Instructions: </span>
                {stop.specialInstructions}
              </p>
            ) : null}
          </div>
          {reorderable ? (
            <div className="flex shrink-0 flex-col gap-1 print:hidden">
              <Button
                variant="outline"
                size="icon-sm"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                aria-label={`Move ${stop.street} up`}
              >
                <ArrowUpIcon aria-hidden />
              </Button>
              <Button
                variant="outline"
                size="icon-sm"
                disabled={index === stops.length - 1}
                onClick={() => move(index, index + 1)}
                aria-label={`Move ${stop.street} down`}
              >
                <ArrowDownIcon aria-hidden />
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
