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
/** 8.25 %, in hundredths of a percent so the arithmetic stays in integers */
export const TAX_RATE_BASIS_POINTS = 825
export const MAX_LINE_QUANTITY = 20

/** A coupon as pricing sees it: a percentage of the subtotal or a fixed amount, never both. */
export type Discount =
  | { readonly percentOff: number; readonly amountOff?: null }
  | { readonly amountOff: Cents; readonly percentOff?: null }

export interface BasketTotals {
  readonly subtotal: Cents
  /** never more than the subtotal */
  readonly discount: Cents
  /** 8.25 % of (subtotal − discount), rounded half-up */
  readonly tax: Cents
  /** 0 when the subtotal is at least the free-delivery threshold */
  readonly deliveryFee: Cents
  /** (subtotal − discount) + tax + delivery fee */
  readonly total: Cents
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

export function priceBasket(subtotal: Cents, discount?: Discount | null): BasketTotals {
  assertAmount(subtotal, 'subtotal')
  const off = discountOn(subtotal, discount)
  const taxable = subtotal - off
  const tax = mulDivHalfUp(taxable, TAX_RATE_BASIS_POINTS, 10_000)
  const freeDelivery = subtotal >= FREE_DELIVERY_THRESHOLD_CENTS
  const deliveryFee = freeDelivery ? 0 : DELIVERY_FEE_CENTS
  return {
    subtotal,
    discount: off,
    tax,
    deliveryFee,
    total: taxable + tax + deliveryFee,
    freeDeliveryRemaining: Math.max(0, FREE_DELIVERY_THRESHOLD_CENTS - subtotal),
    minimumOrderRemaining: Math.max(0, MINIMUM_ORDER_CENTS - subtotal),
  }
}

function assertAmount(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`The ${what} must be whole, non-negative cents: ${value}`)
  }
}
