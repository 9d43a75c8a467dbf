import { decimalToCents } from '#shared/domain/money.ts'
import type { Product } from '#shared/schemas/product.ts'
import type { NewBasketItem } from './basket-lines.ts'

const PLACEHOLDER = '/illustrations/placeholder-product.svg'

/** A product as a basket line keeps it: its price in cents (docs/product.md#basket). */
export function toBasketItem(product: Product, customSelections?: string[]): NewBasketItem {
  return {
    id: product.id,
    name: product.name,
    priceCents: decimalToCents(product.price),
    image: product.imageUrl ?? PLACEHOLDER,
    category: product.category,
    farmSource: product.farmSource,
    description: product.description,
    taxable: product.taxable,
    ...(customSelections ? { customSelections } : {}),
  }
}
