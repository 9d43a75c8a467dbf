import { FARMERS_CHOICE, isFarmersChoice } from '#shared/domain/farm-boxes.ts'
import { decimalToCents, formatCents, formatDecimalPrice } from '#shared/domain/money.ts'
import { lineTotal, taxRateLabel } from '#shared/domain/pricing.ts'
import { TaxableMark } from '#web/components/taxable-mark.tsx'
import type { CheckoutTotals } from '#shared/schemas/checkout.ts'
import { cn } from '#web/lib/cn.ts'
import { selectionCounts, type CheckoutLine } from '../checkout-basket.ts'

/**
 * The order summary (docs/product.md#payments): each line with its quantity and a custom box's
 * choices with counts, then subtotal, promo, delivery fee or 'Free', tax and total. The figures are
 * the server's once it has priced the basket; until then the basket's own, marked as such.
 */
export function OrderSummary({
  lines,
  totals,
  provisional,
  productName,
  className,
}: {
  lines: readonly CheckoutLine[]
  totals: CheckoutTotals
  /** the basket's figures, not yet confirmed by the server */
  provisional: boolean
  productName: (id: string) => string | undefined
  className?: string
}) {
  const discount = decimalToCents(totals.discountAmount)
  return (
    <section
      aria-labelledby="order-summary-title"
      className={cn('rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6', className)}
    >
      <h2 id="order-summary-title" className="text-xl font-semibold text-forest">
        Order summary
      </h2>
      <ul className="mt-4 flex flex-col divide-y divide-border" aria-label="Items in your order">
        {lines.map((line, index) => (
          <li key={`${line.id}-${index}`} className="flex gap-3 py-3 first:pt-0">
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
              {line.customSelections && line.customSelections.length > 0 ? (
                <ul
                  className="mt-1 text-xs text-muted-foreground"
                  aria-label={`${line.name} contents`}
                >
                  {selectionCounts(line.customSelections).map(({ id, count }) => (
                    <li key={id}>
                      {count} × {productName(id) ?? 'Farm pick'}
                    </li>
                  ))}
                </ul>
              ) : isFarmersChoice(line) ? (
                <p className="text-xs text-muted-foreground">{FARMERS_CHOICE}</p>
              ) : null}
            </div>
            <p className="text-sm font-semibold tabular-nums">
              {formatCents(lineTotal(line.priceCents, line.quantity))}
            </p>
          </li>
        ))}
      </ul>
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
        <dt className="-mr-4 border-t border-border pt-2 pr-4 text-base font-semibold">Total</dt>
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
