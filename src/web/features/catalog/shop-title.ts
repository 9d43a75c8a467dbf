import { findCategory, findSubcategory } from '#shared/domain/catalog.ts'

/** The heading (and title) of a shop page: the search, the category and subcategory, or the shop. */
export function shopTitle(scope: {
  category?: string | undefined
  subcategory?: string | undefined
  search?: string | undefined
}): string {
  const category = scope.category ? findCategory(scope.category) : undefined
  const subcategory =
    category && scope.subcategory ? findSubcategory(category.slug, scope.subcategory) : undefined
  if (scope.search) return `Results for "${scope.search}"`
  if (category && subcategory) return `${category.title}: ${subcategory.title}`
  return category?.title ?? 'Shop the Farm'
}
