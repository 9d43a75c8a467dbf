import { centsToDecimal, type Cents } from '#shared/domain/money.ts'
import type { BasketTotals } from '#shared/domain/pricing.ts'
import type { User } from '#shared/schemas/auth.ts'
import type { AmountMismatch, CheckoutItem, CheckoutTotals } from '#shared/schemas/checkout.ts'

/**
 * What the checkout needs of a basket line (the basket feature's BasketItem has this shape).
 * The page passes the basket in, so this feature does not reach into another one.
 */
export interface CheckoutLine {
  readonly id: string
  readonly name: string
  readonly category: string
  /** the unit price the basket shows, in cents */
  readonly priceCents: Cents
  readonly quantity: number
  readonly image: string
  readonly farmSource: string
  readonly customSelections?: readonly string[] | undefined
  /** sales tax applies to it (docs/product.md#tax) */
  readonly taxable?: boolean | undefined
}

/** The basket as the checkout uses it; the page wires it to the basket feature. */
export interface CheckoutBasket {
  readonly lines: readonly CheckoutLine[]
  /** the basket's own figures, the applied coupon included */
  readonly estimate: BasketTotals
  /** the applied coupon's code */
  readonly promoCode: string | undefined
  /** a product's name, for a custom box's contents */
  readonly productName: (id: string) => string | undefined
  /** the server's current unit prices, after it found the basket's out of date */
  readonly takePrices: (items: AmountMismatch['items']) => void
  /** empties the basket and forgets the coupon: only once the order is saved */
  readonly clear: () => void
}

/** Who is checking out; `expire` forgets a session the server no longer knows. */
export interface CheckoutSession {
  readonly user: User | null
  readonly isPending: boolean
  readonly expire: () => void
}

/** The lines as the payment call takes them: prices as two-decimal strings. */
export function toCheckoutItems(lines: readonly CheckoutLine[]): CheckoutItem[] {
  return lines.map((line) => ({
    id: line.id,
    name: line.name,
    price: centsToDecimal(line.priceCents),
    quantity: line.quantity,
    ...(line.customSelections ? { customSelections: [...line.customSelections] } : {}),
  }))
}

/** What is being bought, without the prices: a new basket means a new payment. */
export function basketKey(lines: readonly CheckoutLine[], promoCode: string | undefined): string {
  const parts = lines.map(
    (line) => `${line.id}×${line.quantity}[${[...(line.customSelections ?? [])].sort().join(',')}]`,
  )
  return `${parts.join(';')}|${promoCode ?? ''}`
}

/** A custom box's chosen ids with their counts, in the order first chosen. */
export function selectionCounts(ids: readonly string[]): Array<{ id: string; count: number }> {
  const counts = new Map<string, number>()
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  return [...counts].map(([id, count]) => ({ id, count }))
}

/** The basket's own figures in the server's shape, shown until the server has priced it. */
export function totalsFromBasket(totals: BasketTotals, promoCode: string | null): CheckoutTotals {
  return {
    subtotal: centsToDecimal(totals.subtotal),
    discountAmount: centsToDecimal(totals.discount),
    deliveryFee: centsToDecimal(totals.deliveryFee),
    tax: centsToDecimal(totals.tax),
    total: centsToDecimal(totals.total),
    promoCode: totals.discount > 0 ? promoCode : null,
  }
}
