import type { Cents } from './money.ts'

/**
 * The basket's money rules (docs/product.md#pricing), in whole cents. The basket drawer, the
 * checkout and the server's order pricing all call priceBasket; nothing else does arithmetic on
 * amounts.
 */
export const MINIMUM_ORDER_CENTS: Cents = 6000
export const DELIVERY_FEE_CENTS: Cents = 599
/** delivery is free from here on, compared with the subtotal before any discount */
export const FREE_DELIVERY_THRESHOLD_CENTS: Cents = 9900
/**
 * Houston's combined sales-tax rate, 8.25 %, in hundredths of a percent so the arithmetic stays
 * in integers: the one rate the shop charges (docs/product.md#tax). An order keeps the rate it
 * was sold with.
 */
export const TAX_RATE_BASIS_POINTS = 825

/** 825 → "8.25%": the rate as people read it. */
export function taxRateLabel(basisPoints: number = TAX_RATE_BASIS_POINTS): string {
  const digits = String(basisPoints).padStart(3, '0')
  const fraction = digits.slice(-2).replace(/0+$/, '')
  return `${digits.slice(0, -2)}${fraction ? `.${fraction}` : ''}%`
}
export const MAX_LINE_QUANTITY = 20

/** A coupon as pricing sees it: a percentage of the subtotal or a fixed amount, never both. */
export type Discount =
  | { readonly percentOff: number; readonly amountOff?: null }
  | { readonly amountOff: Cents; readonly percentOff?: null }

/** A basket or order line as pricing sees it: unit price, quantity, and whether it is taxed. */
export interface PricingLine {
  readonly price: Cents
  readonly quantity: number
  /** Texas sales tax applies to the product (docs/product.md#tax); food is exempt */
  readonly taxable: boolean
}

export interface BasketTotals {
  readonly subtotal: Cents
  /** never more than the subtotal */
  readonly discount: Cents
  /**
   * 8.25 % of the taxable sales, rounded half-up once per order: the taxable lines' subtotal
   * less their share of the discount plus their share of the delivery fee
   */
  readonly tax: Cents
  /** 0 when the subtotal is at least the free-delivery threshold */
  readonly deliveryFee: Cents
  /** (subtotal − discount) + tax + delivery fee */
  readonly total: Cents
  /** what the tax was charged on (to the cent, for the receipt) */
  readonly taxableSales: Cents
  /** the rest of (subtotal − discount + delivery fee): sales the tax does not apply to */
  readonly exemptSales: Cents
  /** how much more for free delivery; 0 once there */
  readonly freeDeliveryRemaining: Cents
  /** how much more before checkout opens; 0 once there */
  readonly minimumOrderRemaining: Cents
}

/** a × b / c rounded half-up, for non-negative integers (exact: no floating-point cents) */
function mulDivHalfUp(a: number, b: number, c: number): Cents {
  const product = BigInt(a) * BigInt(b)
  const divisor = BigInt(c)
  return Number((product * 2n + divisor) / (divisor * 2n))
}

export function lineTotal(unitPrice: Cents, quantity: number): Cents {
  assertAmount(unitPrice, 'unit price')
  if (!Number.isInteger(quantity) || quantity < 0) throw new RangeError(`Bad quantity ${quantity}`)
  return unitPrice * quantity
}

export function subtotalOf(lines: ReadonlyArray<{ price: Cents; quantity: number }>): Cents {
  return lines.reduce((sum, line) => sum + lineTotal(line.price, line.quantity), 0)
}

/** The coupon's discount on a subtotal: a percentage rounded half-up, capped at the subtotal. */
export function discountOn(subtotal: Cents, discount: Discount | null | undefined): Cents {
  assertAmount(subtotal, 'subtotal')
  if (!discount) return 0
  const raw =
    discount.percentOff != null
      ? mulDivHalfUp(subtotal, discount.percentOff, 100)
      : (discount.amountOff ?? 0)
  assertAmount(raw, 'discount')
  return Math.min(raw, subtotal)
}

/**
 * Prices a basket (docs/product.md#pricing, #tax): the discount from the coupon, the delivery fee
 * from the subtotal before it, and the tax on the taxable lines only.
 */
export function priceBasket(
  lines: readonly PricingLine[],
  discount?: Discount | null,
  taxRateBasisPoints: number = TAX_RATE_BASIS_POINTS,
): BasketTotals {
  const subtotal = subtotalOf(lines)
  const off = discountOn(subtotal, discount)
  const freeDelivery = subtotal >= FREE_DELIVERY_THRESHOLD_CENTS
  return {
    ...settle(lines, off, freeDelivery ? 0 : DELIVERY_FEE_CENTS, taxRateBasisPoints),
    freeDeliveryRemaining: Math.max(0, FREE_DELIVERY_THRESHOLD_CENTS - subtotal),
    minimumOrderRemaining: Math.max(0, MINIMUM_ORDER_CENTS - subtotal),
  }
}

/** What an order as sold holds: its subtotal, discount and delivery fee, and its tax rate. */
export interface SoldOrder {
  readonly subtotal: Cents
  readonly discount: Cents
  readonly deliveryFee: Cents
  readonly taxRateBasisPoints: number
}

/**
 * An order's totals once some of what it sold is taken off (an item short at packing,
 * docs/product.md#refunds): the lines that remain keep their prices; the discount shrinks in
 * proportion to the subtotal (so each line gives back its own share of it); the delivery fee
 * stays as sold, or goes when nothing at all remains; the tax is the one rule on what remains.
 * What a shortfall takes off is the difference between this before and after it.
 */
export function priceRemainingOrder(
  sold: SoldOrder,
  remaining: readonly PricingLine[],
): Omit<BasketTotals, 'freeDeliveryRemaining' | 'minimumOrderRemaining'> {
  assertAmount(sold.subtotal, 'sold subtotal')
  const subtotal = subtotalOf(remaining)
  if (subtotal > sold.subtotal) throw new RangeError('More remains than was sold')
  const off =
    sold.subtotal === 0
      ? 0
      : mulDivHalfUp(Math.min(sold.discount, sold.subtotal), subtotal, sold.subtotal)
  const anyLeft = remaining.some((line) => line.quantity > 0)
  return settle(remaining, off, anyLeft ? sold.deliveryFee : 0, sold.taxRateBasisPoints)
}

/**
 * What an order's tax was charged on, for its receipt: its sales (subtotal − discount + delivery
 * fee) split in proportion to the value of its taxable and exempt lines.
 */
export function salesSplit(
  money: { readonly subtotal: Cents; readonly discount: Cents; readonly deliveryFee: Cents },
  lines: readonly PricingLine[],
): Pick<BasketTotals, 'taxableSales' | 'exemptSales'> {
  const sales = money.subtotal - money.discount + money.deliveryFee
  assertAmount(sales, 'sales')
  const value = subtotalOf(lines)
  const taxableValue = subtotalOf(lines.filter((line) => line.taxable))
  const taxableSales = value === 0 ? 0 : mulDivHalfUp(taxableValue, sales, value)
  return { taxableSales, exemptSales: sales - taxableSales }
}

function settle(
  lines: readonly PricingLine[],
  discount: Cents,
  deliveryFee: Cents,
  taxRateBasisPoints: number,
): Pick<
  BasketTotals,
  'subtotal' | 'discount' | 'tax' | 'deliveryFee' | 'total' | 'taxableSales' | 'exemptSales'
> {
  assertAmount(deliveryFee, 'delivery fee')
  if (!Number.isInteger(taxRateBasisPoints) || taxRateBasisPoints < 0) {
    throw new RangeError(`Bad tax rate ${taxRateBasisPoints}`)
  }
  const subtotal = subtotalOf(lines)
  const taxableSubtotal = subtotalOf(lines.filter((line) => line.taxable))
  const sales = subtotal - discount + deliveryFee
  // taxable lines' subtotal × (subtotal − discount + fee) / subtotal: their value less their share
  // of the discount plus their share of the fee, both in proportion to the subtotal; tax on it
  // is rounded once, from the exact fraction
  const taxableSales = subtotal === 0 ? 0 : mulDivHalfUp(taxableSubtotal, sales, subtotal)
  const tax =
    subtotal === 0
      ? 0
      : mulDivHalfUp(taxableSubtotal * sales, taxRateBasisPoints, subtotal * 10_000)
  return {
    subtotal,
    discount,
    tax,
    deliveryFee,
    total: subtotal - discount + tax + deliveryFee,
    taxableSales,
    exemptSales: sales - taxableSales,
  }
}

function assertAmount(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`The ${what} must be whole, non-negative cents: ${value}`)
  }
}
