import { ChevronDownIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { formatDeliveryDate } from '#shared/domain/delivery.ts'
import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { Order } from '#shared/schemas/order.ts'
import { cn } from '#web/lib/cn.ts'
import { useNow } from '#web/lib/use-now.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import {
  OrderBlock,
  OrderLines,
  OrderTotals,
  formatPlacedDate,
} from '#web/components/order-parts.tsx'
import { orderStanding } from '../order-standing.ts'
import type { AddToBasket } from '../buy-again.ts'
import { BuyAgainButton } from './buy-again-button.tsx'
import { DeliveryFacts, OrderLinkRow } from './order-facts.tsx'
import { OrderStandingBadge } from './order-standing-badge.tsx'
import { NoOrdersYet, WithMyOrders } from './orders-state.tsx'

/**
 * /order-history (docs/product.md#orders): every order, newest first, each with where it stands
 * in words (Cancelled, a payment to make, until when it may change), its page, and opening to its
 * details.
 */
export function OrderHistory({
  onSessionExpired,
  addToBasket,
}: {
  onSessionExpired: () => void
  addToBasket: AddToBasket
}) {
  return (
    <WithMyOrders onSessionExpired={onSessionExpired}>
      {(orders) =>
        orders.length === 0 ? (
          <NoOrdersYet text="When you place an order, it shows up here with everything in it and when it arrives." />
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Your orders">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} addToBasket={addToBasket} />
              </li>
            ))}
          </ul>
        )
      }
    </WithMyOrders>
  )
}

function OrderCard({ order, addToBasket }: { order: Order; addToBasket: AddToBasket }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const standing = orderStanding(order, useNow())
  return (
    <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      <h2 className="font-sans text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
          className="grid w-full grid-cols-[1fr_auto_auto] items-center gap-x-3 gap-y-2 px-5 py-4 text-left transition-colors hover:bg-muted/60 sm:grid-cols-[1fr_auto_auto_auto] sm:gap-x-4 sm:px-6"
        >
          <span className="flex flex-col">
            <span className="font-semibold">Order {orderNumber(order.id)}</span>
            <span className="text-sm text-muted-foreground">
              Placed {formatPlacedDate(order.createdAt)}
            </span>
          </span>
          <span className="order-last col-span-3 flex flex-wrap items-center gap-2 text-sm sm:order-none sm:col-span-1">
            <span className="text-muted-foreground">
              Delivery {formatDeliveryDate(new Date(order.deliveryDate))}
            </span>
            <OrderStandingBadge standing={standing} />
          </span>
          <span className="text-right font-semibold tabular-nums">
            {formatDecimalPrice(order.total)}
          </span>
          <ChevronDownIcon
            className={cn(
              'size-5 text-muted-foreground transition-transform',
              open && 'rotate-180',
            )}
            aria-hidden
          />
        </button>
      </h2>
      <OrderLinkRow order={order} standing={standing} className="px-5 py-3 sm:px-6" />
      <div
        id={panelId}
        hidden={!open}
        className="grid gap-6 border-t border-border px-5 py-5 sm:px-6 md:grid-cols-[minmax(0,1fr)_16rem]"
      >
        <OrderBlock title="Items">
          <OrderLines items={order.items} />
          <BuyAgainButton order={order} addToBasket={addToBasket} />
        </OrderBlock>
        <div className="flex flex-col gap-5">
          <OrderBlock title="Summary">
            <OrderTotals order={order} />
          </OrderBlock>
          <OrderBlock title="Delivery">
            <DeliveryFacts order={order} />
          </OrderBlock>
        </div>
      </div>
    </article>
  )
}
