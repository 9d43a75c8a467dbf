import { ChevronDownIcon } from 'lucide-react'
import { useId, useState } from 'react'
import {
  DELIVERY_WINDOW,
  formatDeliveryDate,
  formatDeliveryDateLong,
} from '#shared/domain/delivery.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { AdminOrder } from '#shared/schemas/order.ts'
import {
  OrderBlock,
  OrderLines,
  OrderTotals,
  formatPlacedDate,
} from '#web/components/order-parts.tsx'
import { cn } from '#web/lib/cn.ts'
import { AdminOrderControls } from './admin-order-controls.tsx'
import { ItemShortButton } from './item-short-dialog.tsx'
import {
  DeliveryStatusBadge,
  isPaymentPending,
  OrderStatusBadge,
  PaymentPendingBadge,
  PaymentStatusBadge,
} from './order-badges.tsx'
import { OrderHistory } from './order-history.tsx'
import { OrderPayment } from './order-payment.tsx'

/**
 * One order in the admin list (docs/product.md#admin): a summary line with its status, delivery
 * status and payment state, that opens to everything and the controls.
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
          className="grid w-full grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5 px-4 py-3.5 text-left transition-colors hover:bg-muted/60 sm:grid-cols-[9rem_minmax(0,1fr)_auto_auto] sm:gap-x-4 sm:px-5 lg:grid-cols-[9rem_minmax(0,1fr)_auto_auto_auto]"
        >
          <span className="col-start-1 row-start-1 font-semibold tabular-nums">
            {orderNumber(order.id)}
          </span>
          <span className="col-span-2 row-start-2 flex min-w-0 flex-wrap items-center gap-x-2 text-sm text-muted-foreground sm:col-span-1 sm:col-start-2 sm:row-start-1">
            <span className="truncate font-medium text-foreground">{order.customerName}</span>
            <span aria-hidden>·</span>
            <span>{formatPlacedDate(order.createdAt)}</span>
            <span aria-hidden>·</span>
            <span className="font-medium text-foreground">
              For {formatDeliveryDate(new Date(order.deliveryDate))}
            </span>
          </span>
          <span className="col-span-2 row-start-3 flex flex-wrap gap-1.5 sm:col-span-3 sm:col-start-2 sm:row-start-2 lg:col-span-1 lg:col-start-3 lg:row-start-1 lg:justify-end">
            <OrderStatusBadge status={order.status} />
            {/* a cancelled order has no delivery to speak of (the customer reads Cancelled) */}
            {order.status === 'cancelled' ? null : (
              <DeliveryStatusBadge status={order.deliveryStatus} />
            )}
            <PaymentStatusBadge status={order.paymentStatus} />
            {isPaymentPending(order) ? <PaymentPendingBadge /> : null}
          </span>
          <span className="col-start-2 row-start-1 text-right font-semibold tabular-nums sm:col-start-3 lg:col-start-4">
            {formatDecimalPrice(order.total)}
          </span>
          <ChevronDownIcon
            className={cn(
              'hidden size-5 text-muted-foreground transition-transform sm:col-start-4 sm:row-start-1 sm:block lg:col-start-5',
              open && 'rotate-180',
            )}
            aria-hidden
          />
        </button>
      </h3>
      {open ? (
        <div id={panelId} className="flex flex-col gap-6 border-t border-border px-4 py-5 sm:px-5">
          <OrderDetails order={order} />
          <AdminOrderControls order={order} />
          <OrderHistory order={order} />
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
          </OrderBlock>
        </div>
        <OrderBlock title="Special instructions">
          {order.specialInstructions ? (
            <p className="rounded-lg bg-butter/25 px-3 py-2 text-sm whitespace-pre-line [overflow-wrap:anywhere]">
              {order.specialInstructions}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">None given</p>
          )}
        </OrderBlock>
        <OrderBlock title="Items">
          <OrderLines
            items={order.items}
            action={
              order.status === 'cancelled'
                ? undefined
                : (item) => (
                    <ItemShortButton
                      item={{
                        orderId: order.id,
                        itemId: item.id,
                        name: item.productName,
                        left: item.quantity - item.shortQuantity,
                      }}
                    />
                  )
            }
          />
        </OrderBlock>
      </div>
      <div className="flex flex-col gap-6">
        <OrderBlock title="Summary">
          <OrderTotals order={order} />
        </OrderBlock>
        <OrderBlock title="Payment">
          <OrderPayment order={order} />
        </OrderBlock>
      </div>
    </div>
  )
}
