import { useQuery } from '@tanstack/react-query'
import { CalendarDaysIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import {
  orderCutoffFor,
  formatDeliveryDate,
  formatEditDeadline,
  nextDeliveryDate,
} from '#shared/domain/delivery.ts'
import { formatCents, formatDecimalPrice, decimalToCents } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { lineTotal } from '#shared/domain/pricing.ts'
import { paths } from '#shared/routes.ts'
import type { Order } from '#shared/schemas/order.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useNow } from '#web/lib/use-now.ts'
import { myOrderQueries } from '../api/order-queries.ts'
import { groupDeliveries } from '../delivery-groups.ts'
import { changeDeadline, orderLinkLabel, orderStanding } from '../order-standing.ts'

/**
 * The basket drawer's My Orders (docs/product.md#basket): the customer's coming orders as the
 * server has them, each with its items, total and the way to change it. The basket itself is
 * emptied by checkout, so nothing here is read from it.
 */
export function ComingOrders({
  signedIn,
  onLeave,
}: {
  /** null while the session is still being asked for */
  signedIn: boolean | null
  /** closes the drawer when a link leaves it */
  onLeave: () => void
}) {
  const orders = useQuery({ ...myOrderQueries.list(), enabled: signedIn === true })
  const now = useNow()
  const signedOut =
    signedIn === false || (orders.error instanceof ApiError && orders.error.status === 401)

  if (signedOut) {
    return (
      <Notice>
        <Link to="/login" onClick={onLeave} className="font-semibold text-primary hover:underline">
          Log in
        </Link>{' '}
        to see your orders. {nextDeliveryText(now)}
      </Notice>
    )
  }
  if (signedIn === null || orders.isPending) {
    return (
      <p role="status" className="py-6 text-center text-sm text-muted-foreground">
        Loading your orders...
      </p>
    )
  }
  if (orders.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center text-sm">
        <p className="text-muted-foreground">We couldn&apos;t load your orders just now.</p>
        <Button variant="outline" size="sm" onClick={() => void orders.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  const { upcoming } = groupDeliveries(orders.data, now)
  if (upcoming.length === 0) {
    return <Notice>You have no coming orders. {nextDeliveryText(now)}</Notice>
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="Your coming orders">
      {upcoming.map((order) => (
        <li key={order.id}>
          <ComingOrder order={order} now={now} onLeave={onLeave} />
        </li>
      ))}
    </ul>
  )
}

function nextDeliveryText(now: Date): string {
  const delivery = nextDeliveryDate(now)
  return `The next delivery is ${formatDeliveryDate(delivery)}: order by ${formatEditDeadline(orderCutoffFor(delivery))}.`
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-input px-4 py-5 text-sm text-muted-foreground">
      {children}
    </p>
  )
}

function ComingOrder({ order, now, onLeave }: { order: Order; now: Date; onLeave: () => void }) {
  const standing = orderStanding(order, now)
  const headingId = `coming-order-${order.id}`
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <CalendarDaysIcon className="size-4 shrink-0 text-forest" aria-hidden />
          {formatDeliveryDate(new Date(order.deliveryDate))}
        </h3>
        <span className="text-sm text-muted-foreground">{orderNumber(order.id)}</span>
      </div>
      <ul
        className="flex flex-col gap-1 text-sm"
        aria-label={`Items in order ${orderNumber(order.id)}`}
      >
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span className="min-w-0">
              {item.quantity} × {item.productName}
            </span>
            <span className="shrink-0 tabular-nums">
              {formatCents(lineTotal(decimalToCents(item.productPrice), item.quantity))}
            </span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between gap-3 border-t border-border pt-2 font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{formatDecimalPrice(order.total)}</span>
      </p>
      {order.editable ? (
        <Link
          to={paths.order(order.id)}
          onClick={onLeave}
          className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          Change until {formatEditDeadline(changeDeadline(order))}
        </Link>
      ) : (
        <p className="flex flex-wrap justify-between gap-x-3 text-sm">
          <span
            className={standing.tone === 'problem' ? 'text-destructive' : 'text-muted-foreground'}
          >
            {standing.note ?? standing.label}
          </span>
          <Link
            to={paths.order(order.id)}
            onClick={onLeave}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {orderLinkLabel(order, standing)}
          </Link>
        </p>
      )}
    </article>
  )
}
