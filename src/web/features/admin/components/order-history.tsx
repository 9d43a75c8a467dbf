import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { AdminOrder, OrderEvent, OrderStatusChange } from '#shared/schemas/order.ts'
import {
  DELIVERY_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  type DeliveryStatus,
  type OrderStatus,
} from '#shared/schemas/order-status.ts'
import { OrderBlock } from '#web/components/order-parts.tsx'

const changedAtFormat = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

const statusLabel = (change: OrderStatusChange, value: string) =>
  change.field === 'status'
    ? (ORDER_STATUS_LABELS[value as OrderStatus] ?? value)
    : (DELIVERY_STATUS_LABELS[value as DeliveryStatus] ?? value)

const ACTORS: Record<OrderEvent['actor'], string> = {
  customer: 'the customer',
  staff: 'staff',
  shop: 'the shop',
}

type Entry =
  | { at: string; id: string; kind: 'event'; event: OrderEvent }
  | { at: string; id: string; kind: 'status'; change: OrderStatusChange }

/**
 * Everything that happened to an order, oldest first (docs/product.md#orders): its life after
 * checkout (changes, cancellation, capture, refunds: who, when, what, old → new total) and every
 * status change made by staff (who, when, from, to).
 */
export function OrderHistory({ order }: { order: AdminOrder }) {
  const entries: Entry[] = [
    ...order.history.map((event) => ({
      at: event.createdAt,
      id: event.id,
      kind: 'event' as const,
      event,
    })),
    ...order.statusHistory.map((change) => ({
      at: change.createdAt,
      id: change.id,
      kind: 'status' as const,
      change,
    })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  if (entries.length === 0) return null
  return (
    <OrderBlock title="History">
      <ol className="flex flex-col gap-2 text-sm" aria-label="Order history">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap gap-x-1.5">
            <span className="text-muted-foreground tabular-nums">
              {changedAtFormat.format(new Date(entry.at))}
            </span>
            {entry.kind === 'event' ? (
              <EventLine event={entry.event} />
            ) : (
              <StatusLine change={entry.change} />
            )}
          </li>
        ))}
      </ol>
    </OrderBlock>
  )
}

function EventLine({ event }: { event: OrderEvent }) {
  const { oldTotal, newTotal } = event
  return (
    <>
      <span className="[overflow-wrap:anywhere]">{event.summary}</span>
      {oldTotal !== null && newTotal !== null && oldTotal !== newTotal ? (
        <span className="tabular-nums">
          (total {formatDecimalPrice(oldTotal)} → <strong>{formatDecimalPrice(newTotal)}</strong>)
        </span>
      ) : null}
      <span className="text-muted-foreground [overflow-wrap:anywhere]">
        by {event.actorEmail ?? ACTORS[event.actor]}
      </span>
    </>
  )
}

function StatusLine({ change }: { change: OrderStatusChange }) {
  return (
    <>
      <span>
        {change.field === 'status' ? 'Status' : 'Delivery status'}{' '}
        {statusLabel(change, change.fromValue)} →{' '}
        <strong>{statusLabel(change, change.toValue)}</strong>
      </span>
      <span className="text-muted-foreground [overflow-wrap:anywhere]">
        by {change.changedByEmail}
      </span>
    </>
  )
}
