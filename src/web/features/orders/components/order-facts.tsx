import { Link } from '#web/lib/router.tsx'
import { DELIVERY_WINDOW, formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { paths } from '#shared/routes.ts'
import type { Order } from '#shared/schemas/order.ts'
import { cn } from '#web/lib/cn.ts'
import { orderLinkLabel, type OrderStanding } from '../order-standing.ts'

/** Where the order stands in a sentence, and the way to its page. */
export function OrderLinkRow({
  order,
  standing,
  className,
}: {
  order: Order
  standing: OrderStanding
  /** the row's own spacing in its card */
  className: string
}) {
  const label = orderLinkLabel(order, standing)
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-border text-sm',
        className,
      )}
    >
      <p
        className={cn(
          standing.tone === 'problem' ? 'font-medium text-destructive' : 'text-muted-foreground',
        )}
      >
        {standing.note ?? (standing.tone === 'done' ? '' : 'Changes are closed for this order.')}
      </p>
      <Link
        to={paths.order(order.id)}
        className="font-semibold text-primary underline-offset-4 hover:underline"
        aria-label={`${label} (order ${orderNumber(order.id)})`}
      >
        {label}
      </Link>
    </div>
  )
}

/** The delivery day and window, and the address (with the phone, where asked). */
export function DeliveryFacts({ order, withPhone = false }: { order: Order; withPhone?: boolean }) {
  return (
    <>
      <p className="text-sm">
        <span className="font-semibold">
          {formatDeliveryDateLong(new Date(order.deliveryDate))}
        </span>
        <span className="block text-muted-foreground">{DELIVERY_WINDOW.label}</span>
      </p>
      <address className="text-sm not-italic">
        {order.customerName}
        <br />
        {order.deliveryAddress}
        {withPhone && order.customerPhone ? (
          <>
            <br />
            {order.customerPhone}
          </>
        ) : null}
      </address>
    </>
  )
}
