import { CalendarDaysIcon, CheckIcon, ChevronDownIcon, MapPinIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from '#web/lib/router.tsx'
import { DELIVERY_WINDOW, ORDER_CUTOFF, formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import type { Order } from '#shared/schemas/order.ts'
import {
  DELIVERY_STATUSES,
  DELIVERY_STATUS_STEPS,
  deliveryStep,
} from '#shared/schemas/order-status.ts'
import { cn } from '#web/lib/cn.ts'
import { useNow } from '#web/lib/use-now.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { groupDeliveries } from '../delivery-groups.ts'
import { orderStanding, type OrderStanding } from '../order-standing.ts'
import { OrderLinkRow } from './order-facts.tsx'
import { OrderStandingBadge } from './order-standing-badge.tsx'
import { NoOrdersYet, WithMyOrders } from './orders-state.tsx'

/**
 * /delivery (docs/product.md#orders): upcoming deliveries, soonest first, each with its four-step
 * progress, address, items and where it stands (until when it may change, a payment to make);
 * past and cancelled deliveries behind a disclosure, newest first.
 */
export function Deliveries({ onSessionExpired }: { onSessionExpired: () => void }) {
  return (
    <WithMyOrders onSessionExpired={onSessionExpired}>
      {(orders) =>
        orders.length === 0 ? (
          <NoOrdersYet
            title="No deliveries yet"
            text={`Order by ${ORDER_CUTOFF.label} and your box arrives Saturday, ${DELIVERY_WINDOW.label}. You can follow it here.`}
          />
        ) : (
          <DeliveryLists orders={orders} />
        )
      }
    </WithMyOrders>
  )
}

function DeliveryLists({ orders }: { orders: readonly Order[] }) {
  const now = useNow()
  const { upcoming, past } = groupDeliveries(orders, now)
  const [showPast, setShowPast] = useState(false)
  const pastId = useId()
  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="upcoming-deliveries" className="flex flex-col gap-4">
        <h2 id="upcoming-deliveries" className="text-2xl font-semibold text-forest">
          Upcoming Deliveries
        </h2>
        {upcoming.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-input bg-card px-5 py-8 text-center text-muted-foreground">
            No upcoming deliveries. Order by {ORDER_CUTOFF.label} for Saturday.{' '}
            <Link to="/shop" className="font-semibold text-primary hover:underline">
              Go to the shop
            </Link>
          </p>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Upcoming deliveries">
            {upcoming.map((order) => (
              <li key={order.id}>
                <UpcomingDelivery order={order} standing={orderStanding(order, now)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${pastId}-title`} className="flex flex-col gap-4">
        <h2 id={`${pastId}-title`} className="text-2xl font-semibold text-forest">
          <button
            type="button"
            aria-expanded={showPast}
            aria-controls={pastId}
            onClick={() => setShowPast((current) => !current)}
            className="flex w-full items-center justify-between gap-4 rounded-lg text-left hover:text-primary"
          >
            <span>
              Past Deliveries{' '}
              <span className="font-sans text-base font-normal text-muted-foreground">
                ({past.length})
              </span>
            </span>
            <ChevronDownIcon
              className={cn(
                'size-5 text-muted-foreground transition-transform',
                showPast && 'rotate-180',
              )}
              aria-hidden
            />
          </button>
        </h2>
        <div id={pastId} hidden={!showPast}>
          {past.length === 0 ? (
            <p className="text-muted-foreground">No past deliveries yet.</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Past deliveries">
              {past.map((order) => (
                <li key={order.id}>
                  <PastDelivery order={order} standing={orderStanding(order, now)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  )
}

function UpcomingDelivery({ order, standing }: { order: Order; standing: OrderStanding }) {
  return (
    <article className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="flex items-center gap-2 text-xl font-semibold">
            <CalendarDaysIcon className="size-5 text-forest" aria-hidden />
            {formatDeliveryDateLong(new Date(order.deliveryDate))}
          </h3>
          <p className="text-sm text-muted-foreground">
            {DELIVERY_WINDOW.label} · Order {orderNumber(order.id)}
          </p>
        </div>
        <OrderStandingBadge standing={standing} />
      </div>
      <DeliveryProgress status={order.deliveryStatus} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex gap-2 text-sm">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <address className="not-italic">
            {order.customerName}
            <br />
            {order.deliveryAddress}
          </address>
        </div>
        <ItemSummary order={order} />
      </div>
      <OrderLinkRow order={order} standing={standing} className="pt-4" />
    </article>
  )
}

/**
 * The four steps (docs/product.md#orders): the bar fills 0, 33, 66 or 100 %. It runs from the first
 * step's mark to the last one's, behind the marks, so each filled third reaches the next step.
 */
function DeliveryProgress({ status }: { status: string }) {
  const current = deliveryStep(status)
  return (
    <div className="relative">
      <div
        role="progressbar"
        aria-label="Delivery progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={current.progress}
        aria-valuetext={current.label}
        className="absolute top-2.5 right-[12.5%] left-[12.5%] h-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-forest transition-[width]"
          style={{ width: `${current.progress}%` }}
        />
      </div>
      <ol className="relative grid grid-cols-4 gap-2 text-center text-xs sm:text-sm">
        {DELIVERY_STATUSES.map((step) => {
          const { label, progress } = DELIVERY_STATUS_STEPS[step]
          const reached = progress <= current.progress
          const isCurrent = progress === current.progress
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn(
                'flex flex-col items-center gap-1.5',
                isCurrent
                  ? 'font-semibold text-forest'
                  : reached
                    ? 'text-foreground'
                    : 'text-muted-foreground',
              )}
            >
              <span
                className={cn(
                  'flex size-6 items-center justify-center rounded-full border-2',
                  reached ? 'border-forest bg-forest text-white' : 'border-input bg-card',
                )}
                aria-hidden
              >
                {reached ? <CheckIcon className="size-3.5" /> : null}
              </span>
              {label}
            </li>
          )
        })}
      </ol>
    </div>
  )
}

function ItemSummary({ order }: { order: Order }) {
  return (
    <ul
      className="flex flex-col gap-1 text-sm"
      aria-label={`Items in order ${orderNumber(order.id)}`}
    >
      {order.items.map((item) => (
        <li key={item.id} className="flex justify-between gap-3">
          <span>{item.productName}</span>
          <span className="text-muted-foreground tabular-nums">× {item.quantity}</span>
        </li>
      ))}
    </ul>
  )
}

function PastDelivery({ order, standing }: { order: Order; standing: OrderStanding }) {
  return (
    <article className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
      <div className="flex flex-col gap-1">
        <h3 className="text-lg font-semibold">
          {formatDeliveryDateLong(new Date(order.deliveryDate))}
        </h3>
        <p className="text-sm text-muted-foreground">
          Order {orderNumber(order.id)} · {order.deliveryAddress}
        </p>
        <p>
          <OrderStandingBadge standing={standing} />
        </p>
      </div>
      <div className="sm:w-72">
        <ItemSummary order={order} />
      </div>
      <div className="sm:basis-full">
        <OrderLinkRow order={order} standing={standing} className="pt-4" />
      </div>
    </article>
  )
}
