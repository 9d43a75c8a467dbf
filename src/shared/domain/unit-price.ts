/**
 * The price per pound or ounce of a product sold by weight ("$4.50 / 2 lb · $2.25/lb"), read from
 * its unit text (docs/product.md#the-product-page).
 */
import { formatCents, type Cents } from './money.ts'

export type WeightUnit = 'lb' | 'oz'

export interface UnitPrice {
  /** the price of one pound or ounce, rounded to the nearest cent */
  readonly cents: Cents
  readonly unit: WeightUnit
}

// "2 lb", "2 lb bag", "1 loaf, 2 lb", "8.5 oz", "4 x 12 oz", "2 x 12 oz bags"
const WEIGHT = /(?:(\d+)\s*x\s*)?(\d+(?:\.\d+)?)\s*(lb|lbs|oz)\b/gi

/**
 * The unit price for a price (cents) and its unit text, or null when the unit is not one exact
 * weight: a count ("12 ct"), a volume ("1 pint"), an approximate weight ("about 4 lb") or a mix
 * of weights ("1 lb + 32 oz") has no price per weight.
 */
export function unitPrice(price: Cents, unitText: string): UnitPrice | null {
  if (/\babout\b|~/i.test(unitText)) return null
  const weights = [...unitText.matchAll(WEIGHT)]
  if (weights.length !== 1) return null
  const [, packs = '1', weight = '0', unit = ''] = weights[0] ?? []
  const total = Number(packs) * Number(weight)
  if (!(total > 0)) return null
  return {
    cents: Math.round(price / total),
    unit: unit.toLowerCase() === 'oz' ? 'oz' : 'lb',
  }
}

/** "$2.25/lb", or null when the unit is not one exact weight (see unitPrice). */
export function unitPriceLabel(price: Cents, unitText: string): string | null {
  const perUnit = unitPrice(price, unitText)
  return perUnit ? `${formatCents(perUnit.cents)}/${perUnit.unit}` : null
}
