import { boxLineProblem, isFarmBox } from '#shared/domain/farm-boxes.ts'
import { decimalToCents, type Cents } from '#shared/domain/money.ts'
import { CHECKOUT_MESSAGES, type CheckoutItemValues } from '#shared/schemas/checkout.ts'
import type { CustomSelection } from '#shared/schemas/order.ts'
import { AppError } from '../../app-error.ts'
import type { CatalogService, ProductForOrder } from '../catalog/index.ts'

/**
 * A basket line as the pending checkout keeps it: the server's price at the moment of payment.
 * Stored as JSON in pending_checkouts.items, and turned into the order's lines once paid.
 */
export interface PricedLine {
  productId: string
  name: string
  category: string
  price: Cents
  quantity: number
  farmSource: string
  imageUrl: string | null
  /**
   * sales tax applies to it (docs/product.md#tax); absent in a checkout kept from before taxable
   * products, which reads as exempt
   */
  taxable?: boolean
  /** a farm box's chosen items with counts ([] for Farmer's choice); null for other lines */
  customSelections: CustomSelection[] | null
}

/** The chosen ids as kinds with counts, in the order first chosen. */
function countSelections(
  ids: readonly string[],
  products: ReadonlyMap<string, ProductForOrder>,
): CustomSelection[] {
  const counts = new Map<string, CustomSelection>()
  for (const id of ids) {
    const seen = counts.get(id)
    if (seen) seen.count += 1
    else counts.set(id, { id, name: products.get(id)?.name ?? '', count: 1 })
  }
  return [...counts.values()]
}

/**
 * Prices a basket from the catalogue as it is now: a line's product no longer sold or out of
 * stock is a conflict the shopper resolves in the basket (409); a line against the farm-box
 * rule, a chosen item sold out or gone included, is bad input (400, docs/product.md#farm-boxes),
 * as the box builder never offers those.
 */
export async function priceBasketLines(
  catalog: Pick<CatalogService, 'productsForOrder'>,
  items: readonly CheckoutItemValues[],
): Promise<PricedLine[]> {
  const ids = items.flatMap((item) => [item.id, ...(item.customSelections ?? [])])
  const products = new Map((await catalog.productsForOrder(ids)).map((row) => [row.id, row]))
  return items.map((item, index) => {
    const product = products.get(item.id)
    if (!product) {
      throw new AppError('CHECKOUT_CONFLICT', {
        message: CHECKOUT_MESSAGES.unavailable(item.name ?? 'an item in your basket'),
      })
    }
    if (!product.inStock) {
      throw new AppError('CHECKOUT_CONFLICT', {
        message: CHECKOUT_MESSAGES.outOfStock(product.name),
      })
    }
    const chosen = item.customSelections ?? []
    const problem = boxLineProblem(product, chosen, products)
    if (problem) {
      throw new AppError('INVALID_BOX', {
        message: problem,
        fields: { [`items.${index}.customSelections`]: problem },
      })
    }
    return {
      productId: product.id,
      name: product.name,
      category: product.category,
      price: decimalToCents(product.price),
      quantity: item.quantity,
      farmSource: product.farmSource,
      imageUrl: product.imageUrl,
      taxable: product.taxable,
      customSelections: isFarmBox(product) ? countSelections(chosen, products) : null,
    }
  })
}
