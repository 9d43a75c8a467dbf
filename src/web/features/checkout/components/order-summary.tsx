import { useId, type ReactNode } from 'react'
import { FARMERS_CHOICE, isFarmersChoice } from '#shared/domain/farm-boxes.ts'
import {
  decimalToCents,
  formatCents,
  formatDecimalPrice,
  type Cents,
} from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { lineTotal, taxRateLabel } from '#shared/domain/pricing.ts'
import type { CheckoutTotals } from '#shared/schemas/checkout.ts'
import type { Order } from '#shared/schemas/order.ts'
import { TaxableMark } from '#web/components/taxable-mark.tsx'
import { cn } from '#web/lib/cn.ts'
import { selectionCounts, type CheckoutLine } from '../checkout-basket.ts'

/** A line as the summary draws it, from the basket or from an order. */
interface SummaryLine {
  key: string
  name: string
  farmSource: string
  image: string
  priceCents: Cents
  quantity: number
  taxable: boolean
  /** a built box's items with counts, "Farmer's choice", or nothing for any other line */
  contents: Array<{ id: string; count: number; name: string }> | 'farmers-choice' | null
}

const fromBasket =
  (productName: (id: string) => string | undefined) =>
  (line: CheckoutLine, index: number): SummaryLine => ({
    key: `${line.id}-${index}`,
    name: line.name,
    farmSource: line.farmSource,
    image: line.image,
    priceCents: line.priceCents,
    quantity: line.quantity,
    taxable: line.taxable === true,
    contents:
      line.customSelections && line.customSelections.length > 0
        ? selectionCounts(line.customSelections).map(({ id, count }) => ({
            id,
            count,
            name: productName(id) ?? 'Farm pick',
          }))
        : isFarmersChoice(line)
          ? 'farmers-choice'
          : null,
  })

const fromOrder = (item: Order['items'][number]): SummaryLine => ({
  key: item.id,
  name: item.productName,
  farmSource: item.farmSource,
  image: item.imageUrl ?? '/illustrations/placeholder-product.svg',
  priceCents: decimalToCents(item.productPrice),
  quantity: item.quantity,
  taxable: item.taxable,
  contents:
    item.customSelections && item.customSelections.length > 0
      ? item.customSelections
      : isFarmersChoice(item)
        ? 'farmers-choice'
        : null,
})

/**
 * The order summary (docs/product.md#payments): each line with its quantity and a custom box's
 * choices with counts, then subtotal, promo, delivery fee or 'Free', tax and total. The figures are
 * the server's once it has priced the basket; until then the basket's own, marked as such. When
 * the basket is being added to an open order (docs/product.md#one-order-per-saturday), the
 * order's lines come first and the figures are the order's new ones.
 */
export function OrderSummary({
  lines,
  totals,
  provisional,
  productName,
  joining,
  className,
}: {
  lines: readonly CheckoutLine[]
  totals: CheckoutTotals
  /** the basket's figures, not yet confirmed by the server */
  provisional: boolean
  productName: (id: string) => string | undefined
  /** the open order the basket is being added to */
  joining?: Order | undefined
  className?: string
}) {
  const idPrefix = useId()
  const discount = decimalToCents(totals.discountAmount)
  const basketLines = lines.map(fromBasket(productName))
  return (
    <section
      aria-labelledby="order-summary-title"
      className={cn('rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6', className)}
    >
      <h2 id="order-summary-title" className="text-xl font-semibold text-forest">
        Order summary
      </h2>
      {joining ? (
        <>
          <SummaryHeading id={`${idPrefix}-held`}>
            Already in order {orderNumber(joining.id)}
          </SummaryHeading>
          <SummaryLines lines={joining.items.map(fromOrder)} labelledBy={`${idPrefix}-held`} />
          <SummaryHeading id={`${idPrefix}-adding`} className="border-t border-border pt-4">
            Adding now
          </SummaryHeading>
          <SummaryLines lines={basketLines} labelledBy={`${idPrefix}-adding`} />
        </>
      ) : (
        <SummaryLines lines={basketLines} label="Items in your order" className="mt-4" />
      )}
      <dl
        className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 border-t border-border pt-4 text-sm"
        aria-busy={provisional || undefined}
      >
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{formatDecimalPrice(totals.subtotal)}</dd>
        {discount > 0 ? (
          <>
            <dt>Promo{totals.promoCode ? ` (${totals.promoCode})` : ''}</dt>
            <dd className="text-right text-forest tabular-nums">
              −{formatDecimalPrice(totals.discountAmount)}
            </dd>
          </>
        ) : null}
        <dt>Delivery</dt>
        <dd className="text-right tabular-nums">
          {decimalToCents(totals.deliveryFee) === 0
            ? 'Free'
            : formatDecimalPrice(totals.deliveryFee)}
        </dd>
        <dt>Tax ({taxRateLabel()})</dt>
        <dd className="text-right tabular-nums">{formatDecimalPrice(totals.tax)}</dd>
        {/* the rule runs across the gap between the columns */}
        <dt className="-mr-4 border-t border-border pt-2 pr-4 text-base font-semibold">
          {joining ? 'New total' : 'Total'}
        </dt>
        <dd className="border-t border-border pt-2 text-right text-base font-semibold tabular-nums">
          {formatDecimalPrice(totals.total)}
        </dd>
      </dl>
      {provisional ? (
        <p className="mt-3 text-xs text-muted-foreground" role="status">
          Confirming prices…
        </p>
      ) : null}
    </section>
  )
}

function SummaryHeading({
  id,
  className,
  children,
}: {
  id: string
  className?: string
  children: ReactNode
}) {
  return (
    <h3
      id={id}
      className={cn(
        'mt-4 mb-3 font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase',
        className,
      )}
    >
      {children}
    </h3>
  )
}

function SummaryLines({
  lines,
  label,
  labelledBy,
  className,
}: {
  lines: readonly SummaryLine[]
  label?: string
  labelledBy?: string
  className?: string
}) {
  return (
    <ul
      className={cn('flex flex-col divide-y divide-border', className)}
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {lines.map((line) => (
        <li key={line.key} className="flex gap-3 py-3 first:pt-0">
          <img
            src={line.image}
            alt=""
            className="size-14 shrink-0 rounded-lg bg-wheat object-cover"
            loading="lazy"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <p className="text-sm leading-snug font-semibold">
              {line.name}
              {line.taxable ? <TaxableMark /> : null}
            </p>
            <p className="text-xs text-muted-foreground">{line.farmSource}</p>
            <p className="text-xs text-muted-foreground">
              Qty {line.quantity} × {formatCents(line.priceCents)}
            </p>
            {line.contents === 'farmers-choice' ? (
              <p className="text-xs text-muted-foreground">{FARMERS_CHOICE}</p>
            ) : line.contents ? (
              <ul
                className="mt-1 text-xs text-muted-foreground"
                aria-label={`${line.name} contents`}
              >
                {line.contents.map(({ id, count, name }) => (
                  <li key={id}>
                    {count} × {name}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <p className="text-sm font-semibold tabular-nums">
            {formatCents(lineTotal(line.priceCents, line.quantity))}
          </p>
        </li>
      ))}
    </ul>
  )
}
