/**
 * How many bags an order is packed in (docs/product.md#the-week): every farm box travels as a
 * bag of its own, and the other items go eight to a bag. An order always has at least one.
 */
export const ITEMS_PER_BAG = 8

export function bagsFor(lines: readonly { quantity: number; isBox: boolean }[]): number {
  let boxes = 0
  let items = 0
  for (const line of lines) {
    if (line.isBox) boxes += line.quantity
    else items += line.quantity
  }
  return Math.max(1, boxes + Math.ceil(items / ITEMS_PER_BAG))
}
