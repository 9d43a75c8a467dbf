/**
 * The one category tree of the shop: menus, shop pages, filters, the admin product form
 * and the server's query validation all read it from here.
 */

export interface Subcategory {
  readonly slug: string
  readonly title: string
}

export interface Category {
  readonly slug: string
  readonly title: string
  /** savings is reachable by URL and in the admin, but not listed in the top menu */
  readonly inTopMenu: boolean
  readonly subcategories: readonly Subcategory[]
}

const sub = (slug: string, title: string): Subcategory => ({ slug, title })
const featured = sub('featured', 'Featured')

export const CATEGORIES = [
  {
    slug: 'farm-boxes',
    title: 'Farm Boxes',
    inTopMenu: true,
    subcategories: [
      featured,
      sub('seasonal-produce-box', 'Seasonal Produce Box'),
      sub('butchers-box', "Butcher's Box"),
      sub('fruit-box', 'Fruit Box'),
      sub('veggie-box', 'Veggie Box'),
      sub('mixed-box', 'Mixed Box'),
      sub('family-box', 'Family Box'),
    ],
  },
  {
    slug: 'produce',
    title: 'Produce',
    inTopMenu: true,
    subcategories: [
      featured,
      sub('vegetables', 'Vegetables'),
      sub('fruits', 'Fruits'),
      sub('herbs', 'Herbs'),
      sub('mushrooms', 'Mushrooms'),
      sub('microgreens', 'Microgreens'),
      sub('organic', 'Organic'),
    ],
  },
  {
    slug: 'meat-seafood',
    title: 'Meat & Seafood',
    inTopMenu: true,
    subcategories: [
      featured,
      sub('poultry', 'Poultry'),
      sub('beef', 'Beef'),
      sub('seafood', 'Seafood'),
      sub('pork', 'Pork'),
      sub('deli', 'Deli'),
      sub('lamb', 'Lamb'),
      sub('bacon', 'Bacon'),
      sub('plant-based', 'Plant-Based'),
    ],
  },
  {
    slug: 'dairy-eggs',
    title: 'Dairy & Eggs',
    inTopMenu: true,
    subcategories: [
      featured,
      sub('milk', 'Milk'),
      sub('cheese', 'Cheese'),
      sub('yogurt', 'Yogurt'),
      sub('eggs', 'Eggs'),
      sub('butter', 'Butter'),
      sub('cream', 'Cream'),
    ],
  },
  {
    slug: 'bakery',
    title: 'Bakery',
    inTopMenu: true,
    subcategories: [
      featured,
      sub('bread', 'Bread'),
      sub('pastries', 'Pastries'),
      sub('bagels', 'Bagels'),
      sub('croissants', 'Croissants'),
      sub('cookies', 'Cookies'),
      sub('gluten-free', 'Gluten-Free'),
    ],
  },
  {
    slug: 'easy-meals',
    title: 'Easy Meals',
    inTopMenu: true,
    subcategories: [
      featured,
      sub('ready-to-eat', 'Ready to Eat'),
      sub('meal-kits', 'Meal Kits'),
      sub('soups', 'Soups'),
      sub('salads', 'Salads'),
      sub('sandwiches', 'Sandwiches'),
      sub('frozen-meals', 'Frozen Meals'),
    ],
  },
  {
    slug: 'drinks',
    title: 'Drinks',
    inTopMenu: true,
    subcategories: [
      featured,
      sub('juice', 'Juice'),
      sub('kombucha', 'Kombucha'),
      sub('coffee', 'Coffee'),
      sub('tea', 'Tea'),
      sub('sparkling', 'Sparkling'),
      sub('smoothies', 'Smoothies'),
    ],
  },
  {
    slug: 'pantry',
    title: 'Pantry',
    inTopMenu: true,
    subcategories: [
      featured,
      sub('oils-vinegars', 'Oils & Vinegars'),
      sub('grains', 'Grains'),
      sub('pasta', 'Pasta'),
      sub('sauces', 'Sauces'),
      sub('spices', 'Spices'),
      sub('nuts-seeds', 'Nuts & Seeds'),
    ],
  },
  {
    slug: 'savings',
    title: 'Savings',
    inTopMenu: false,
    subcategories: [
      featured,
      sub('weekly-deals', 'Weekly Deals'),
      sub('bulk-buys', 'Bulk Buys'),
      sub('clearance', 'Clearance'),
      sub('bundles', 'Bundles'),
      sub('subscriptions', 'Subscriptions'),
    ],
  },
  {
    slug: 'new-seasonal',
    title: 'New & Seasonal',
    inTopMenu: true,
    subcategories: [
      featured,
      sub('new-arrivals', 'New Arrivals'),
      sub('spring', 'Spring'),
      sub('summer', 'Summer'),
      sub('fall', 'Fall'),
      sub('winter', 'Winter'),
      sub('holiday', 'Holiday'),
    ],
  },
] as const satisfies readonly Category[]

export type CategorySlug = (typeof CATEGORIES)[number]['slug']

export const CATEGORY_SLUGS = CATEGORIES.map((category) => category.slug) as [
  CategorySlug,
  ...CategorySlug[],
]

export const TOP_MENU_CATEGORIES: readonly Category[] = CATEGORIES.filter(
  (category) => category.inTopMenu,
)

/** Slugs of the earlier shop, still found in old links and data. */
const LEGACY_CATEGORY_SLUGS: Readonly<Record<string, CategorySlug>> = {
  'artisan-breads': 'bakery',
  'grass-fed-meats': 'meat-seafood',
  'pantry-produce': 'pantry',
}

export function findCategory(slug: string): Category | undefined {
  const canonical = LEGACY_CATEGORY_SLUGS[slug] ?? slug
  return CATEGORIES.find((category) => category.slug === canonical)
}

export function isCategorySlug(slug: string): slug is CategorySlug {
  return CATEGORIES.some((category) => category.slug === slug)
}

export function findSubcategory(categorySlug: string, subcategorySlug: string) {
  return findCategory(categorySlug)?.subcategories.find((s) => s.slug === subcategorySlug)
}

/** A category's breadcrumb label; an unknown slug reads as Bakery (docs/product.md#catalogue). */
export function categoryLabel(slug: string): string {
  return findCategory(slug)?.title ?? 'Bakery'
}

/** Product tags, in the two filter groups the shop shows. */
export const PRODUCT_TAG_GROUPS = [
  {
    id: 'knowYourFood',
    title: 'Know Your Food',
    tags: [
      { slug: 'local', label: 'Local' },
      { slug: 'certified-organic', label: 'Certified Organic' },
      { slug: 'pasture-raised', label: 'Pasture-Raised' },
      { slug: 'free-range', label: 'Free-Range' },
      { slug: 'wild-caught', label: 'Wild-Caught' },
    ],
  },
  {
    id: 'diets',
    title: 'Diets',
    tags: [
      { slug: 'gluten-free', label: 'Gluten-Free' },
      { slug: 'soy-free', label: 'Soy-Free' },
      { slug: 'sugar-free', label: 'Sugar-Free' },
      { slug: 'nut-free', label: 'Nut-Free' },
      { slug: 'dairy-free', label: 'Dairy-Free' },
    ],
  },
] as const

export type ProductTag = (typeof PRODUCT_TAG_GROUPS)[number]['tags'][number]['slug']

export const PRODUCT_TAGS = PRODUCT_TAG_GROUPS.flatMap((group) =>
  group.tags.map((tag) => tag.slug),
) as [ProductTag, ...ProductTag[]]

const PRODUCT_TAG_LABELS: ReadonlyMap<string, string> = new Map(
  PRODUCT_TAG_GROUPS.flatMap((group) => group.tags.map((tag) => [tag.slug, tag.label] as const)),
)

/** A tag's label ("certified-organic" → "Certified Organic"); undefined for a tag the shop does not know. */
export function productTagLabel(slug: string): string | undefined {
  return PRODUCT_TAG_LABELS.get(slug)
}

/** A product's tags as the shop shows them: known ones only, in the filters' order. */
export function productTagBadges(tags: readonly string[]): { slug: ProductTag; label: string }[] {
  const all: readonly { slug: ProductTag; label: string }[] = PRODUCT_TAG_GROUPS.flatMap(
    (group): readonly { slug: ProductTag; label: string }[] => group.tags,
  )
  return all.filter((tag) => tags.includes(tag.slug))
}

export const PRODUCT_SORTS = ['featured', 'price-low-high', 'price-high-low', 'newest'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  featured: 'Featured',
  'price-low-high': 'Price: Low to High',
  'price-high-low': 'Price: High to Low',
  newest: 'Newest',
}

/** What a producer's slug looks like: lowercase words joined by hyphens. */
export const PRODUCER_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * The slug the shop makes from a producer's name (the admin form's suggestion; migration 0004
 * made the same in SQL): lower case, every run of other characters one hyphen.
 */
export function producerSlugFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
