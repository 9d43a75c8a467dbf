/**
 * Farm boxes (docs/product.md#farm-boxes): a box line carries no chosen items (the box as the
 * farm packs it, "Farmer's choice") or exactly seven, repeats allowed, each an in-stock product
 * on the box's own list (set by the admin) that is not itself a box; a box without a list takes
 * them from its filling category. No other line carries chosen items.
 * Checkout judges a basket line with boxLineProblem against the catalogue as it is; the orders
 * feature checks the count and the box itself again on the lines it is given.
 */

export const FARM_BOXES_CATEGORY = 'farm-boxes'
/** a custom box holds exactly this many chosen items */
export const CUSTOM_BOX_SIZE = 7
/** a box without its own list offers at most this many products of its filling category */
export const BOX_BUILDER_CHOICES = 10
/** the most items an admin can put on one box's list */
export const BOX_CHOICE_LIST_MAX = 24
export const FARMERS_CHOICE = "Farmer's choice"

export type BoxFillingCategory = 'meat-seafood' | 'produce'

export interface BoxRuleProduct {
  readonly id: string
  readonly name: string
  readonly category: string
  readonly subcategory: string | null
  readonly inStock: boolean
  /** a box's own list of items; empty or absent when it has none */
  readonly boxChoiceIds?: readonly string[]
}

export const isFarmBox = (product: { readonly category: string }) =>
  product.category === FARM_BOXES_CATEGORY

/** The category a box is filled from: meat and seafood for a butcher's box, produce otherwise. */
export function boxFillingCategory(box: {
  readonly subcategory: string | null
}): BoxFillingCategory {
  return box.subcategory === 'butchers-box' ? 'meat-seafood' : 'produce'
}

const FILLING_TITLES: Record<BoxFillingCategory, string> = {
  'meat-seafood': 'Meat & Seafood',
  produce: 'Produce',
}

export const BOX_RULE_MESSAGES = {
  notABox: (name: string) => `Only a farm box can hold chosen items, and ${name} is not one.`,
  wrongCount: (box: string, count: number) =>
    `Your ${box} needs exactly ${CUSTOM_BOX_SIZE} chosen items (or none for ${FARMERS_CHOICE.toLowerCase()}); it has ${count}.`,
  unknownItem: (box: string) =>
    `An item chosen for your ${box} is no longer available. Please choose another.`,
  boxInBox: (item: string, box: string) => `${item} is a box and cannot go in your ${box}.`,
  wrongCategory: (item: string, box: string, filling: BoxFillingCategory) =>
    `${item} cannot go in your ${box}: choose from ${FILLING_TITLES[filling]}.`,
  notOffered: (item: string, box: string) =>
    `${item} is not one of the items your ${box} offers. Please choose from its list.`,
  outOfStock: (item: string, box: string) =>
    `${item} is out of stock. Please choose another item for your ${box}.`,
} as const

/**
 * Why a basket or order line breaks the box rule, or null when it keeps it. `products` holds
 * at least the line's chosen items (a missing one is no longer sold).
 */
export function boxLineProblem(
  line: BoxRuleProduct,
  selections: readonly string[] | null | undefined,
  products: ReadonlyMap<string, BoxRuleProduct>,
): string | null {
  if (!selections || selections.length === 0) return null
  if (!isFarmBox(line)) return BOX_RULE_MESSAGES.notABox(line.name)
  if (selections.length !== CUSTOM_BOX_SIZE) {
    return BOX_RULE_MESSAGES.wrongCount(line.name, selections.length)
  }
  const filling = boxFillingCategory(line)
  const offered = line.boxChoiceIds?.length ? new Set(line.boxChoiceIds) : null
  for (const id of new Set(selections)) {
    const item = products.get(id)
    if (!item) return BOX_RULE_MESSAGES.unknownItem(line.name)
    if (isFarmBox(item)) return BOX_RULE_MESSAGES.boxInBox(item.name, line.name)
    if (offered ? !offered.has(id) : item.category !== filling) {
      return offered
        ? BOX_RULE_MESSAGES.notOffered(item.name, line.name)
        : BOX_RULE_MESSAGES.wrongCategory(item.name, line.name, filling)
    }
    if (!item.inStock) return BOX_RULE_MESSAGES.outOfStock(item.name, line.name)
  }
  return null
}

/** A box line without chosen items: the farm packs it ("Farmer's choice"). */
export function isFarmersChoice(line: {
  readonly category?: string
  readonly customSelections?: readonly unknown[] | null
}): boolean {
  return line.customSelections !== undefined && line.customSelections !== null
    ? line.customSelections.length === 0
    : line.category !== undefined && isFarmBox({ category: line.category })
}
