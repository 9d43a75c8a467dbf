import { formatCents, type Cents } from '#shared/domain/money.ts'
import {
  MINIMUM_ORDER_CENTS,
  priceBasket,
  subtotalOf,
  TAX_RATE_BASIS_POINTS,
} from '#shared/domain/pricing.ts'
import { CHECKOUT_MESSAGES, type CheckoutItemValues } from '#shared/schemas/checkout.ts'
import { AppError } from '../../app-error.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { AppliedCoupon, CouponsService } from '../coupons/index.ts'
import { priceBasketLines, type PricedLine } from './basket-lines.ts'

/** The five money lines of a priced basket, in cents (docs/product.md#pricing). */
export interface QuoteTotals {
  readonly subtotal: Cents
  readonly discount: Cents
  readonly deliveryFee: Cents
  readonly tax: Cents
  readonly total: Cents
}

/** A priced line as the tax rule reads it. */
export const pricingLineOf = (line: PricedLine) => ({
  price: line.price,
  quantity: line.quantity,
  taxable: line.taxable ?? false,
})

/** What became of the coupon asked for: applied, or refused with the reason. */
export type CouponVerdict =
  | { readonly verdict: 'applied'; readonly coupon: AppliedCoupon }
  | { readonly verdict: 'refused'; readonly code: string; readonly problem: string }

/**
 * The coupon to judge: a new use at checkout, or the use an order already holds (its own, so a
 * used-up coupon still applies, its dates judged when the order was placed:
 * docs/product.md#order-changes).
 */
export type Promo =
  | { readonly code: string; readonly heldBy: null }
  | { readonly code: string; readonly heldBy: { readonly placedAt: Date } }

export interface Quote extends QuoteTotals {
  /** each line at the catalogue's price now */
  readonly lines: PricedLine[]
  readonly coupon: CouponVerdict | null
  /** the sales-tax rate it was priced with, in hundredths of a percent */
  readonly taxRateBasisPoints: number
  /** what the tax was charged on, and the rest (for the receipt) */
  readonly taxableSales: Cents
  readonly exemptSales: Cents
  /** cents the subtotal is short of the minimum order; 0 once it is reached */
  readonly shortOfMinimum: Cents
}

export interface QuoteRequest {
  readonly items: readonly CheckoutItemValues[]
  readonly promo: Promo | null
  readonly at: Date
}

/**
 * Prices a basket for checkout, a change of an order, and whatever else makes or remakes an
 * order (docs/product.md#pricing): every line at the catalogue's price now (a product gone or
 * sold out is refused), the coupon judged, the totals from the shared pricing rules. A coupon
 * that is refused leaves the totals without it; what to do about it is the caller's (checkout
 * refuses the basket, a change drops the coupon).
 */
export function createQuote(deps: {
  catalog: Pick<CatalogService, 'productsForOrder'>
  coupons: Pick<CouponsService, 'judge' | 'judgeForOrder'>
}) {
  async function judge(promo: Promo, subtotal: Cents, at: Date): Promise<CouponVerdict> {
    const judged = promo.heldBy
      ? await deps.coupons.judgeForOrder(promo.code, subtotal, promo.heldBy.placedAt)
      : await deps.coupons.judge(promo.code, subtotal, at)
    return 'problem' in judged
      ? { verdict: 'refused', code: promo.code, problem: judged.problem }
      : { verdict: 'applied', coupon: judged.coupon }
  }

  return async function quote(request: QuoteRequest): Promise<Quote> {
    const lines = await priceBasketLines(deps.catalog, request.items)
    const pricingLines = lines.map(pricingLineOf)
    const subtotal = subtotalOf(pricingLines)
    const coupon = request.promo ? await judge(request.promo, subtotal, request.at) : null
    const totals = priceBasket(
      pricingLines,
      coupon?.verdict === 'applied' ? coupon.coupon.discount : null,
      TAX_RATE_BASIS_POINTS,
    )
    return {
      lines,
      subtotal: totals.subtotal,
      discount: totals.discount,
      deliveryFee: totals.deliveryFee,
      tax: totals.tax,
      total: totals.total,
      coupon,
      taxRateBasisPoints: TAX_RATE_BASIS_POINTS,
      taxableSales: totals.taxableSales,
      exemptSales: totals.exemptSales,
      shortOfMinimum: totals.minimumOrderRemaining,
    }
  }
}

export type QuoteBasket = ReturnType<typeof createQuote>

/** The one minimum-order check: 400 saying how much is missing (docs/product.md#pricing). */
export function assertMinimum(quote: Pick<Quote, 'shortOfMinimum'>): void {
  if (quote.shortOfMinimum <= 0) return
  throw new AppError('BELOW_MINIMUM_ORDER', {
    message: CHECKOUT_MESSAGES.belowMinimum(
      formatCents(MINIMUM_ORDER_CENTS),
      formatCents(quote.shortOfMinimum),
    ),
  })
}

/** The coupon a quote applied, if any. */
export const appliedCoupon = (quote: Pick<Quote, 'coupon'>): AppliedCoupon | null =>
  quote.coupon?.verdict === 'applied' ? quote.coupon.coupon : null
