/**
 * The basket's rules (docs/product.md#basket), as plain functions of an immutable list of lines, so
 * the same rules hold in the provider, across tabs and in tests.
 */

import { displayedPriceToCents, isDecimalPrice, type Cents } from '#shared/domain/money.ts'
import { MAX_LINE_QUANTITY, subtotalOf, type PricingLine } from '#shared/domain/pricing.ts'

export interface BasketItem {
  /** the product's id (a UUID) */
  id: string
  name: string
  /** the unit price when the product was added, in cents; checkout charges the server's */
  priceCents: Cents
  quantity: number
  image: string
  category: string
  farmSource: string
  description: string
  /** a custom box's chosen product ids; repeats count, order does not */
  customSelections?: string[]
  /**
   * Texas sales tax applies to it (docs/product.md#tax); a line kept from before products said
   * so reads as exempt until the checkout tells it otherwise
   */
  taxable?: boolean
}

export type NewBasketItem = Omit<BasketItem, 'quantity'>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function basketSubtotal(lines: readonly BasketItem[]): Cents {
  return subtotalOf(basketPricingLines(lines))
}

/** The basket as the pricing rules read it: price, quantity and whether it is taxed. */
export function basketPricingLines(lines: readonly BasketItem[]): PricingLine[] {
  return lines.map((line) => ({
    price: line.priceCents,
    quantity: line.quantity,
    taxable: line.taxable ?? false,
  }))
}

/** One line per product and selection: the same box with other choices is another line. */
export function lineKey(item: Pick<BasketItem, 'id' | 'customSelections'>): string {
  return item.customSelections
    ? `${item.id}|${[...item.customSelections].sort().join(',')}`
    : item.id
}

/**
 * Adding what is already in the basket raises its quantity by that many (up to the 20 the
 * quantity list offers); anything else is a new line.
 */
export function addItem(
  lines: readonly BasketItem[],
  item: NewBasketItem,
  quantity = 1,
): BasketItem[] {
  const adding = Math.max(1, Math.floor(quantity))
  const key = lineKey(item)
  const existing = lines.find((line) => lineKey(line) === key)
  if (!existing) return [...lines, { ...item, quantity: Math.min(adding, MAX_LINE_QUANTITY) }]
  return lines.map((line) =>
    line === existing
      ? { ...line, quantity: Math.min(line.quantity + adding, MAX_LINE_QUANTITY) }
      : line,
  )
}

export function removeLine(lines: readonly BasketItem[], key: string): BasketItem[] {
  return lines.filter((line) => lineKey(line) !== key)
}

/** A quantity of 0 or less removes the line. */
export function updateQuantity(
  lines: readonly BasketItem[],
  key: string,
  quantity: number,
): BasketItem[] {
  if (!Number.isFinite(quantity) || quantity < 1) return removeLine(lines, key)
  const whole = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY)
  return lines.map((line) => (lineKey(line) === key ? { ...line, quantity: whole } : line))
}

/** How many of a product are in the basket, over all its lines (a box may be in several). */
export function itemQuantity(lines: readonly BasketItem[], productId: string): number {
  return lines.reduce((sum, line) => (line.id === productId ? sum + line.quantity : sum), 0)
}

/**
 * A basket read back from storage: anything that is not a list, or has an entry without a UUID id,
 * is discarded whole (docs/product.md#basket), as is an entry that is not a well-formed line.
 */
export function parseStoredBasket(raw: string | null): BasketItem[] {
  if (!raw) return []
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(data)) return []
  const lines = data.map(withPriceInCents)
  return lines.every(isBasketItem) ? lines : []
}

/** A basket stored before prices were kept in cents held the price as shown ("$12.99"). */
function withPriceInCents(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'priceCents' in value) return value
  const { price, ...rest } = value as Record<string, unknown>
  if (typeof price !== 'string' || !isDecimalPrice(price.replace(/[$,\s]/g, ''))) return value
  return { ...rest, priceCents: displayedPriceToCents(price) }
}

function isBasketItem(value: unknown): value is BasketItem {
  if (typeof value !== 'object' || value === null) return false
  const item = value as Record<string, unknown>
  return (
    typeof item.id === 'string' &&
    UUID.test(item.id) &&
    typeof item.name === 'string' &&
    Number.isSafeInteger(item.priceCents) &&
    (item.priceCents as number) >= 0 &&
    Number.isInteger(item.quantity) &&
    (item.quantity as number) >= 1 &&
    (item.taxable === undefined || typeof item.taxable === 'boolean') &&
    (item.customSelections === undefined ||
      (Array.isArray(item.customSelections) &&
        item.customSelections.every((id) => typeof id === 'string')))
  )
}

/** "3 products": the basket counts its lines (2 boxes of eggs are one product), not its units. */
export function productCount(lines: readonly unknown[]): string {
  return `${lines.length} ${lines.length === 1 ? 'product' : 'products'}`
}
