import { CUSTOM_BOX_SIZE } from '#shared/domain/farm-boxes.ts'

/**
 * The box builder's selection (docs/product.md#farm-boxes); the rule itself, its size and the
 * filling category live in shared/domain/farm-boxes.ts, where checkout reads them too.
 */

/** Chosen counts per product id; repeats count towards the seven. */
export type BoxSelection = Readonly<Record<string, number>>

export function selectedCount(selection: BoxSelection): number {
  return Object.values(selection).reduce((sum, count) => sum + count, 0)
}

/** One more of a product, unless the box is full. */
export function choose(selection: BoxSelection, productId: string): BoxSelection {
  if (selectedCount(selection) >= CUSTOM_BOX_SIZE) return selection
  return { ...selection, [productId]: (selection[productId] ?? 0) + 1 }
}

/** One fewer of a product. */
export function unchoose(selection: BoxSelection, productId: string): BoxSelection {
  const count = selection[productId] ?? 0
  if (count <= 1) {
    const { [productId]: _removed, ...rest } = selection
    return rest
  }
  return { ...selection, [productId]: count - 1 }
}

/** The basket line's customSelections: each id as often as it was chosen, in a stable order. */
export function toCustomSelections(selection: BoxSelection): string[] {
  return Object.keys(selection)
    .sort()
    .flatMap((id) => Array.from({ length: selection[id] ?? 0 }, () => id))
}

/** 'Select 3 more items', 'Ready to add!' */
export function boxProgressHint(selection: BoxSelection): string {
  const missing = CUSTOM_BOX_SIZE - selectedCount(selection)
  if (missing === 0) return 'Ready to add!'
  return `Select ${missing} more ${missing === 1 ? 'item' : 'items'}`
}
