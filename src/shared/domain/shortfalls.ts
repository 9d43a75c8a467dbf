import { formatDecimalPrice, type Cents } from './money.ts'
import { priceRemainingOrder, type PricingLine, type SoldOrder } from './pricing.ts'

/** An order line as a shortfall sees it: its price, how many were sold and how many were short. */
export interface ShortableLine extends PricingLine {
  readonly id: string
  readonly shortQuantity: number
}

/** What remains of each line, less `short` of the line it names. */
export function remainingLines(
  lines: readonly ShortableLine[],
  short?: { readonly itemId: string; readonly quantity: number },
): PricingLine[] {
  return lines.map((line) => ({
    price: line.price,
    taxable: line.taxable,
    quantity: line.quantity - line.shortQuantity - (short?.itemId === line.id ? short.quantity : 0),
  }))
}

/**
 * What taking `quantity` of a line off an order takes off its total (docs/product.md#refunds):
 * the order's totals with what remains now, less its totals once this is short too, both from
 * priceRemainingOrder, so a run of shortfalls adds up to exactly what the order loses.
 *
 * `payingNow` is what the customer pays now after the earlier shortfalls (the sold total less
 * what they gave back). A shortfall never raises it: where the tax on what remains would grow
 * (an untaxed line gone leaves the taxed ones a larger share of the delivery fee, noticeable
 * only with a very large discount or a line of a few cents) it takes off nothing, and the next
 * shortfalls start from the lower of the two, so shorting everything still gives back exactly
 * the total as sold.
 */
export function shortfallOf(
  sold: SoldOrder,
  lines: readonly ShortableLine[],
  short: { readonly itemId: string; readonly quantity: number },
  payingNow?: Cents,
) {
  const before = priceRemainingOrder(sold, remainingLines(lines))
  const after = priceRemainingOrder(sold, remainingLines(lines, short))
  const paying = Math.min(before.total, payingNow ?? before.total)
  const amount: Cents = Math.max(0, paying - after.total)
  return { amount, before, after, payingAfter: paying - amount }
}

/**
 * What a line with items short says to its customer and the staff: "short: 1 of 2, refunded
 * $4.33" once the card was charged, "short: 1 of 2, taken off $4.33" before; null when none was.
 */
export function shortNote(item: {
  readonly quantity: number
  readonly shortQuantity: number
  readonly shortAmount: string
  readonly shortRefunded: boolean
}): string | null {
  if (item.shortQuantity <= 0) return null
  const amount = formatDecimalPrice(item.shortAmount)
  return `short: ${item.shortQuantity} of ${item.quantity}, ${item.shortRefunded ? 'refunded' : 'taken off'} ${amount}`
}
