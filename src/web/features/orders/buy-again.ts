import type { OrderItem } from '#shared/schemas/order.ts'
import type { Product } from '#shared/schemas/product.ts'

/** A product to put in the basket, how many, and a custom box's chosen ids (repeats count). */
export interface BasketAddition {
  readonly product: Product
  readonly quantity: number
  readonly customSelections?: string[]
}

/** Puts the additions in the shop's basket (the page gives it: features keep to themselves). */
export type AddToBasket = (additions: readonly BasketAddition[]) => void

export interface SkippedItem {
  readonly name: string
  readonly reason: 'out-of-stock' | 'not-sold'
}

/**
 * A past order's lines as basket lines at today's products and prices: a line whose product is
 * out of stock or no longer sold is skipped and named, as is a box one of whose chosen items is
 * (docs/product.md#buy-again).
 */
export function basketFromOrder(
  items: readonly OrderItem[],
  products: readonly Product[],
): { added: BasketAddition[]; skipped: SkippedItem[] } {
  const byId = new Map(products.map((product) => [product.id, product]))
  const added: BasketAddition[] = []
  const skipped: SkippedItem[] = []
  for (const line of items) {
    const product = line.productId === null ? undefined : byId.get(line.productId)
    if (!product) {
      skipped.push({ name: line.productName, reason: 'not-sold' })
      continue
    }
    const chosen = (line.customSelections ?? []).map((choice) => byId.get(choice.id))
    if (chosen.includes(undefined)) {
      skipped.push({ name: product.name, reason: 'not-sold' })
    } else if (!product.inStock || chosen.some((choice) => choice?.inStock === false)) {
      skipped.push({ name: product.name, reason: 'out-of-stock' })
    } else {
      const selections = (line.customSelections ?? []).flatMap(({ id, count }) =>
        Array.from({ length: count }, () => id),
      )
      added.push({
        product,
        quantity: line.quantity,
        ...(selections.length > 0 ? { customSelections: selections } : {}),
      })
    }
  }
  return { added, skipped }
}

const listed = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/** "2 items added; Eggs is out of stock", "Nothing added; Ham and Milk are no longer sold". */
export function buyAgainMessage(addedCount: number, skipped: readonly SkippedItem[]): string {
  const parts = [
    addedCount === 0
      ? 'Nothing added'
      : `${addedCount} ${addedCount === 1 ? 'item' : 'items'} added`,
  ]
  for (const [reason, words] of [
    ['out-of-stock', 'out of stock'],
    ['not-sold', 'no longer sold'],
  ] as const) {
    const names = skipped.filter((item) => item.reason === reason).map((item) => item.name)
    if (names.length > 0)
      parts.push(`${listed(names)} ${names.length === 1 ? 'is' : 'are'} ${words}`)
  }
  return parts.join('; ')
}
