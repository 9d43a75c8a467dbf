import { CUSTOM_BOX_SIZE, isFarmBox } from '#shared/domain/farm-boxes.ts'
import { decimalToCents, type Cents } from '#shared/domain/money.ts'
import { priceBasket, type BasketTotals, type Discount } from '#shared/domain/pricing.ts'
import type { CouponCheck } from '#shared/schemas/coupon.ts'
import type { DeliveryInfoInput, Order } from '#shared/schemas/order.ts'
import type { OrderChangeInput } from '#shared/schemas/order-changes.ts'
import type { Product } from '#shared/schemas/product.ts'

/**
 * An order's lines as its change form edits them (docs/product.md#order-changes), and what the
 * form sends: only the parts that changed, since the server keeps what is left out.
 */
export interface DraftLine {
  /** the order line's id, or "new:<productId>:<n>" for a line added here */
  readonly key: string
  readonly productId: string
  readonly name: string
  readonly farmSource: string
  readonly imageUrl: string | null
  /** the price the order has for it, or the catalogue's for a line added here */
  readonly unitPrice: Cents
  readonly quantity: number
  /** a custom box's chosen ids, each as often as chosen; empty for a box the farm packs; null for other lines */
  readonly customSelections: readonly string[] | null
  /** sales tax applies to it (docs/product.md#tax) */
  readonly taxable: boolean
}

/** The order's lines; a line whose product the shop no longer sells cannot be sent back. */
export function draftFromOrder(order: Pick<Order, 'items'>): DraftLine[] {
  return order.items.flatMap((item) =>
    item.productId === null
      ? []
      : [
          {
            key: item.id,
            productId: item.productId,
            name: item.productName,
            farmSource: item.farmSource,
            imageUrl: item.imageUrl,
            unitPrice: decimalToCents(item.productPrice),
            quantity: item.quantity,
            taxable: item.taxable,
            customSelections: item.customSelections
              ? item.customSelections.flatMap(({ id, count }) =>
                  Array.from({ length: count }, () => id),
                )
              : null,
          },
        ],
  )
}

/** A product added to the order: one of it, a farm box as the farm packs it. */
export function newLine(product: Product, taken: readonly DraftLine[]): DraftLine {
  const siblings = taken.filter((line) => line.productId === product.id).length
  return {
    key: `new:${product.id}:${siblings}`,
    productId: product.id,
    name: product.name,
    farmSource: product.farmSource,
    imageUrl: product.imageUrl,
    unitPrice: decimalToCents(product.price),
    quantity: 1,
    taxable: product.taxable,
    customSelections: isFarmBox(product) ? [] : null,
  }
}

const lineSignature = (line: DraftLine) =>
  `${line.productId}×${line.quantity}[${[...(line.customSelections ?? [])].sort().join(',')}]`

/** true when the lines differ from the order's: another quantity, line or box content */
export function linesChanged(order: Pick<Order, 'items'>, draft: readonly DraftLine[]): boolean {
  const before = draftFromOrder(order).map(lineSignature)
  const after = draft.map(lineSignature)
  return before.length !== after.length || before.some((line, index) => line !== after[index])
}

/** The lines as PATCH takes them: they replace the order's. */
export function toChangeItems(draft: readonly DraftLine[]): NonNullable<OrderChangeInput['items']> {
  return draft.map((line) => ({
    id: line.productId,
    quantity: line.quantity,
    ...(line.customSelections && line.customSelections.length === CUSTOM_BOX_SIZE
      ? { customSelections: [...line.customSelections] }
      : {}),
  }))
}

/** The coupon's terms as pricing takes them; null when the check named neither. */
export function discountOf(check: Pick<CouponCheck, 'percentOff' | 'amountOff'> | undefined) {
  if (!check) return null
  if (check.percentOff !== null) return { percentOff: check.percentOff } satisfies Discount
  if (check.amountOff !== null) return { amountOff: decimalToCents(check.amountOff) }
  return null
}

/** The estimate of the new figures, with the checkout's rules; the server's answer decides. */
export function estimateTotals(
  draft: readonly DraftLine[],
  discount: Discount | null,
): BasketTotals {
  return priceBasket(
    draft.map((line) => ({
      price: line.unitPrice,
      quantity: line.quantity,
      taxable: line.taxable,
    })),
    discount,
  )
}

const ADDRESS = /^(?<street>.+?), (?<city>[^,]+), TX (?<zip>\d{5})$/

/**
 * The order's address as the delivery form's fields. The order keeps it as one line
 * ("2417 Bagby St, Apt 3, Houston, TX 77006"), so the street is read up to its first comma and
 * the rest of it as the apartment; the customer sees the fields and can correct them.
 */
export function deliveryInfoFromOrder(
  order: Pick<Order, 'customerName' | 'customerEmail' | 'customerPhone' | 'deliveryAddress'>,
): DeliveryInfoInput {
  const [firstName = '', ...rest] = order.customerName.trim().split(/\s+/)
  const match = ADDRESS.exec(order.deliveryAddress.trim())
  const street = match?.groups?.street ?? order.deliveryAddress
  const comma = street.indexOf(', ')
  return {
    firstName,
    lastName: rest.join(' '),
    email: order.customerEmail,
    phone: order.customerPhone ?? '',
    address: comma === -1 ? street : street.slice(0, comma),
    apt: comma === -1 ? '' : street.slice(comma + 2),
    city: match?.groups?.city ?? '',
    zipCode: match?.groups?.zip ?? '',
  }
}

/** A box's chosen ids as [id, count], in the order first chosen. */
export function selectionCounts(ids: readonly string[]): Array<{ id: string; count: number }> {
  const counts = new Map<string, number>()
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  return [...counts].map(([id, count]) => ({ id, count }))
}
