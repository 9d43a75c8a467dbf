import { businessDateTimeFormat, formatEditDeadline } from '#shared/domain/delivery.ts'
import { decimalToCents, formatCents, formatDecimalPrice } from '#shared/domain/money.ts'
import type { AdminOrder, OrderRefund } from '#shared/schemas/order.ts'
import { cn } from '#web/lib/cn.ts'
import { useNow } from '#web/lib/use-now.ts'
import { PaymentStatusBadge } from './order-badges.tsx'

/** What is left to give back: what the cut-off took less what was refunded already. */
export const leftToRefundCents = (order: Pick<AdminOrder, 'capturedAmount' | 'refundedAmount'>) =>
  Math.max(0, decimalToCents(order.capturedAmount) - decimalToCents(order.refundedAmount))

export const isRefundable = (order: AdminOrder) =>
  (order.paymentStatus === 'captured' || order.paymentStatus === 'partially_refunded') &&
  leftToRefundCents(order) > 0

/**
 * Where an order's money stands (docs/product.md#order-payments): the payment state, what the
 * card authorised, what the cut-off captured, what was refunded, and until when the customer may
 * change the order or pay again.
 */
export function OrderPayment({ order }: { order: AdminOrder }) {
  const now = useNow()
  const captured = decimalToCents(order.capturedAmount)
  const refunded = decimalToCents(order.refundedAmount)
  return (
    <div className="flex flex-col gap-3">
      <div>
        <PaymentStatusBadge status={order.paymentStatus} />
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
        <dt>Authorized</dt>
        <dd className="text-right tabular-nums">{formatDecimalPrice(order.authorizedAmount)}</dd>
        <dt>Captured</dt>
        <dd className="text-right tabular-nums">{formatCents(captured)}</dd>
        <dt>Refunded</dt>
        <dd className={cn('text-right tabular-nums', refunded > 0 && 'text-tomato')}>
          {refunded > 0 ? `−${formatCents(refunded)}` : formatCents(0)}
        </dd>
        {captured > 0 ? (
          <>
            <dt className="-mr-4 border-t border-border pt-2 pr-4 font-semibold">Left to refund</dt>
            <dd className="border-t border-border pt-2 text-right font-semibold tabular-nums">
              {formatCents(leftToRefundCents(order))}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="text-sm text-muted-foreground">{deadlineText(order, now)}</p>
      {order.refunds.length > 0 ? <RefundList refunds={order.refunds} /> : null}
    </div>
  )
}

function deadlineText(order: AdminOrder, now: Date): string {
  if (order.status === 'cancelled') return 'Cancelled: no further changes.'
  if (order.status === 'on_hold') {
    const until = order.payAgainUntil
      ? ` The customer can still pay until ${formatEditDeadline(new Date(order.payAgainUntil))}.`
      : ''
    return `On hold: unpaid at the deadline, so not packed or delivered. Mark it paid or cancel it.${until}`
  }
  if (order.paymentStatus === 'payment_failed') {
    if (!order.payAgainUntil) return 'The capture failed: contact the customer.'
    const until = formatEditDeadline(new Date(order.payAgainUntil))
    return now.getTime() < Date.parse(order.payAgainUntil)
      ? `The capture failed. The customer can pay with another card until ${until}.`
      : `The capture failed, and the time to pay again ended ${until}: contact the customer.`
  }
  const cutoff = formatEditDeadline(new Date(order.editableUntil))
  if (order.editable) {
    return `The customer can change or cancel it until ${cutoff}, when the card is charged.`
  }
  return now.getTime() < Date.parse(order.editableUntil)
    ? `The customer cannot change it now; the cut-off is ${cutoff}.`
    : `Locked for the customer since ${cutoff}.`
}

const REFUND_STATUS: Record<OrderRefund['status'], string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
}

const refundedAt = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

function RefundList({ refunds }: { refunds: readonly OrderRefund[] }) {
  return (
    <div className="flex flex-col gap-1.5">
      <h4 className="font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Refunds
      </h4>
      <ul className="flex flex-col gap-2 text-sm" aria-label="Refunds">
        {refunds.map((refund) => (
          <li key={refund.id} className="rounded-lg bg-muted px-3 py-2">
            <span className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold tabular-nums">
                {formatDecimalPrice(refund.amount)}
              </span>
              <span
                className={cn(
                  'text-xs font-semibold',
                  refund.status === 'failed' ? 'text-tomato' : 'text-muted-foreground',
                )}
              >
                {REFUND_STATUS[refund.status]} · {refundedAt.format(new Date(refund.createdAt))}
              </span>
            </span>
            <span className="block [overflow-wrap:anywhere]">{refund.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
