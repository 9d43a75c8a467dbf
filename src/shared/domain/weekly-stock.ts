/**
 * Weekly quantities (docs/product.md#weekly-quantities): a product may be limited to so many units
 * per Saturday. What is left is the quantity less what that Saturday's orders hold and what
 * checkouts and changes being paid for have reserved. The shop and the server read the words
 * and the threshold from here.
 */
import { formatDeliveryDate } from './delivery.ts'

/** the most a product can be limited to in a week (a typing slip of 1000000 is refused) */
export const WEEKLY_QUANTITY_MAX = 100_000

/** under this many left, the shop says how many ("3 left this week") */
export const FEW_LEFT_BELOW = 10

/** What is left of a limited product, never below 0; null for an unlimited one. */
export function leftOf(weeklyQuantity: number | null, sold: number): number | null {
  return weeklyQuantity === null ? null : Math.max(0, weeklyQuantity - sold)
}

/** Whether a product can go into a basket now: in stock, and not sold out for the Saturday. */
export function canBeAdded(product: { inStock: boolean; leftThisWeek: number | null }): boolean {
  return product.inStock && product.leftThisWeek !== 0
}

/** The most of a product one basket line may ask for: what is left, when that is fewer. */
export function mostOf(product: { leftThisWeek: number | null }, lineMaximum: number): number {
  return product.leftThisWeek === null ? lineMaximum : Math.min(lineMaximum, product.leftThisWeek)
}

/** What a product says of its week: how many are left (under ten), sold out, or nothing. */
export function stockNoticeKind(leftThisWeek: number | null): 'few-left' | 'sold-out' | null {
  if (leftThisWeek === null || leftThisWeek >= FEW_LEFT_BELOW) return null
  return leftThisWeek === 0 ? 'sold-out' : 'few-left'
}

export const WEEKLY_STOCK_MESSAGES = {
  fewLeft: (left: number) => `${left} left this week`,
  /** "Sold out for Saturday, Dec 5" */
  soldOut: (saturday: Date) => `Sold out for ${formatDeliveryDate(saturday)}`,
  /** a basket or a change asking for more than is left (409) */
  notEnough: (name: string, left: number, saturday: Date) =>
    left === 0
      ? `Sorry, ${name} is sold out for ${formatDeliveryDate(saturday)}. Please remove it from your cart.`
      : `Sorry, only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left for ${formatDeliveryDate(saturday)}. Please lower the quantity.`,
  quantityFormat: 'Weekly quantity must be a whole number of 0 or more (empty for no limit)',
  quantityTooLarge: `Weekly quantity must be at most ${WEEKLY_QUANTITY_MAX.toLocaleString('en-US')}`,
} as const
