import { formatDecimalPrice } from '#shared/domain/money.ts'
import type { Product } from '#shared/schemas/product.ts'
import type { NewBasketItem } from './basket-lines.ts'

const PLACEHOLDER = '/illustrations/placeholder-product.svg'

/** A product as a basket line keeps it (spec §3: the price as shown, "$12.99"). */
export function toBasketItem(product: Product, customSelections?: string[]): NewBasketItem {
  return {
    id: product.id,
    name: product.name,
    price: formatDecimalPrice(product.price),
    image: product.imageUrl ?? PLACEHOLDER,
    category: product.category,
    farmSource: product.farmSource,
    description: product.description,
    ...(customSelections ? { customSelections } : {}),
  }
}
