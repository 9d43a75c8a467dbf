import type { ReactNode } from 'react'
import { businessDateTimeFormat } from '#shared/domain/delivery.ts'
import { FARMERS_CHOICE, isFarmersChoice } from '#shared/domain/farm-boxes.ts'
import { decimalToCents, formatCents, formatDecimalPrice } from '#shared/domain/money.ts'
import { lineTotal, taxRateLabel } from '#shared/domain/pricing.ts'
import { shortNote } from '#shared/domain/shortfalls.ts'
import type { Order, OrderItem } from '#shared/schemas/order.ts'
import { cn } from '#web/lib/cn.ts'
import { TaxableMark } from './taxable-mark.tsx'

/**
 * An order's lines: name, producer, price × quantity, a custom box's contents with counts, and
 * what was short at packing (docs/product.md#refunds); `action` adds a control to each line.
 */
export function OrderLines({
  items,
  className,
  action,
}: {
  items: readonly OrderItem[]
  className?: string
  action?: (item: OrderItem) => ReactNode
}) {
  return (
    <ul className={cn('flex flex-col divide-y divide-border', className)}>
      {items.map((item) => (
        <li key={item.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
          <img
            src={item.imageUrl ?? '/illustrations/placeholder-product.svg'}
            alt=""
            className="size-12 shrink-0 rounded-lg bg-wheat object-cover"
            loading="lazy"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <p className="text-sm leading-snug font-semibold">
              {item.productName}
              {item.taxable ? <TaxableMark /> : null}
            </p>
            <p className="text-xs text-muted-foreground">{item.farmSource}</p>
            <p className="text-xs text-muted-foreground">
              {formatDecimalPrice(item.productPrice)} × {item.quantity}
            </p>
            {item.customSelections && item.customSelections.length > 0 ? (
              <ul
                className="mt-1 text-xs text-muted-foreground"
                aria-label={`${item.productName} contents`}
              >
                {item.customSelections.map((selection) => (
                  <li key={selection.id}>
                    {selection.count} × {selection.name}
                  </li>
                ))}
              </ul>
            ) : isFarmersChoice(item) ? (
              <p className="text-xs text-muted-foreground">{FARMERS_CHOICE}</p>
            ) : null}
            {item.shortQuantity > 0 ? (
              <p className="text-xs font-semibold text-tomato">{shortNote(item)}</p>
            ) : null}
            {action ? <div className="mt-1.5">{action(item)}</div> : null}
          </div>
          <p className="text-sm font-semibold tabular-nums">
            {formatCents(lineTotal(decimalToCents(item.productPrice), item.quantity))}
          </p>
        </li>
      ))}
    </ul>
  )
}

/** Subtotal, promo, delivery fee or 'Free', tax and total, as the server charged them. */
export function OrderTotals({ order }: { order: Order }) {
  const discount = decimalToCents(order.discountAmount)
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
      <dt>Subtotal</dt>
      <dd className="text-right tabular-nums">{formatDecimalPrice(order.subtotal)}</dd>
      {discount > 0 ? (
        <>
          <dt>Promo{order.promoCode ? ` (${order.promoCode})` : ''}</dt>
          <dd className="text-right text-forest tabular-nums">
            −{formatDecimalPrice(order.discountAmount)}
          </dd>
        </>
      ) : null}
      <dt>Delivery</dt>
      <dd className="text-right tabular-nums">
        {decimalToCents(order.deliveryFee) === 0 ? 'Free' : formatDecimalPrice(order.deliveryFee)}
      </dd>
      <dt>Tax ({taxRateLabel()})</dt>
      <dd className="text-right tabular-nums">{formatDecimalPrice(order.tax)}</dd>
      <dt className="pl-3 text-xs text-muted-foreground">Taxable sales</dt>
      <dd className="text-right text-xs text-muted-foreground tabular-nums">
        {formatDecimalPrice(order.taxableSales)}
      </dd>
      <dt className="pl-3 text-xs text-muted-foreground">Exempt sales (food for home)</dt>
      <dd className="text-right text-xs text-muted-foreground tabular-nums">
        {formatDecimalPrice(order.exemptSales)}
      </dd>
      {/* the rule runs across the gap between the columns */}
      <dt className="-mr-4 border-t border-border pt-2 pr-4 font-semibold">Total</dt>
      <dd className="border-t border-border pt-2 text-right font-semibold tabular-nums">
        {formatDecimalPrice(order.total)}
      </dd>
    </dl>
  )
}

/** A small heading and its content, for the blocks of an expanded order. */
export function OrderBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </div>
  )
}

const placedFormat = businessDateTimeFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/** "Nov 22, 2026": the day an order was placed, in Houston. */
export const formatPlacedDate = (iso: string) => placedFormat.format(new Date(iso))
