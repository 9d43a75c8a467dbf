import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { OrderEvent, OrderRefund } from '#shared/schemas/order.ts'

const whenFormat = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** "Nov 24, 2026, 2:05 PM": a moment of an order's life, in Houston. */
const formatWhen = (iso: string) => whenFormat.format(new Date(iso))

const ACTORS: Record<OrderEvent['actor'], string> = {
  customer: 'You',
  staff: 'Our staff',
  shop: 'The shop',
}

/** An order's history, oldest first: who did what and when, and the total before and after. */
export function OrderHistoryList({ events }: { events: readonly OrderEvent[] }) {
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing has happened to this order yet.</p>
  }
  return (
    <ol className="flex flex-col gap-4 border-l-2 border-border pl-4" aria-label="Order history">
      {events.map((event) => (
        <li key={event.id} className="relative flex flex-col gap-0.5 text-sm">
          <span
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-forest"
            aria-hidden
          />
          <p className="font-semibold">{event.summary}</p>
          <p className="text-muted-foreground">
            <time dateTime={event.createdAt}>{formatWhen(event.createdAt)}</time> ·{' '}
            {ACTORS[event.actor]}
            {event.oldTotal !== null && event.newTotal !== null && event.oldTotal !== event.newTotal
              ? ` · Total ${formatDecimalPrice(event.oldTotal)} → ${formatDecimalPrice(event.newTotal)}`
              : ''}
          </p>
        </li>
      ))}
    </ol>
  )
}

const REFUND_STATUS: Record<OrderRefund['status'], string> = {
  pending: 'On its way',
  succeeded: 'Refunded',
  failed: 'Failed — we are looking into it',
}

/** Money given back on the order, each with its reason. */
export function OrderRefundList({ refunds }: { refunds: readonly OrderRefund[] }) {
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label="Refunds">
      {refunds.map((refund) => (
        <li key={refund.id} className="flex items-start justify-between gap-4 py-2 text-sm">
          <div>
            <p className="font-semibold">{refund.reason}</p>
            <p className="text-muted-foreground">
              <time dateTime={refund.createdAt}>{formatWhen(refund.createdAt)}</time> ·{' '}
              {REFUND_STATUS[refund.status]}
            </p>
          </div>
          <p className="font-semibold text-forest tabular-nums">
            −{formatDecimalPrice(refund.amount)}
          </p>
        </li>
      ))}
    </ul>
  )
}
