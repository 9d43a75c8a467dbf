import type { CategorySlug, ProductTag } from '#shared/domain/catalog.ts'

/** Illustrations shipped in src/web/public/illustrations/products/<key>.svg */
export const PRODUCT_ILLUSTRATIONS = [
  // produce
  'tomatoes',
  'carrots',
  'leafy-greens',
  'peppers',
  'sweet-potatoes',
  'squash',
  'peaches',
  'berries',
  'citrus',
  'watermelon',
  'herbs',
  'mushrooms',
  'microgreens',
  'okra',
  // meat and seafood
  'whole-chicken',
  'steak',
  'ground-beef',
  'fish-fillet',
  'shrimp',
  'oysters',
  'pork-chop',
  'sausage',
  'bacon',
  'lamb-chop',
  'deli-meat',
  'plant-patty',
  // dairy and eggs
  'milk',
  'cheese',
  'yogurt',
  'eggs',
  'butter',
  'cream',
  // bakery
  'sourdough',
  'baguette',
  'bagel',
  'croissant',
  'cookies',
  'muffin',
  'kolache',
  'cake',
  // easy meals
  'meal-kit',
  'soup',
  'salad',
  'sandwich',
  'frozen-meal',
  'tamales',
  // drinks
  'juice',
  'kombucha',
  'coffee',
  'tea',
  'sparkling',
  'smoothie',
  // pantry
  'olive-oil',
  'rice',
  'pasta',
  'sauce-jar',
  'spices',
  'nuts',
  'honey',
  'jam',
  // seasonal
  'pumpkin',
  'pecan-pie',
  'gift-basket',
  // farm boxes
  'produce-box',
  'butcher-box',
  'fruit-box',
  'family-box',
] as const

export type ProductIllustration = (typeof PRODUCT_ILLUSTRATIONS)[number]

export const productIllustrationUrl = (key: ProductIllustration) =>
  `/illustrations/products/${key}.svg`

export interface DemoProducer {
  slug: string
  name: string
  /** town and state, e.g. "Katy, Texas" */
  location: string
  /** e.g. "32 miles from Houston" */
  distance: string
  /** e.g. "Est. 1978" */
  established: string
  /** /illustrations/producers/<slug>.svg, or null for the "coming soon" placeholder */
  imageUrl: string | null
  description: string
  specialties: string[]
  story: string
  additionalStory: string | null
  practices: string[]
  availability: string
  deliveryDays: string[]
  /** who receives the weekly harvest list (example.com addresses in the demo) */
  email?: string
}

export interface DemoProduct {
  name: string
  description: string
  /** dollars with two decimals, e.g. "12.99" */
  price: string
  category: CategorySlug
  subcategory: string | null
  subcategory2?: string | null
  /** the slug of one of DEMO_PRODUCERS: the product is linked to that producer's id */
  producerSlug: string
  image: ProductIllustration
  inStock: boolean
  /** unit text shown beside the price: "1 lb", "12 ct", "32 oz" */
  stockCount: string
  isNew: boolean
  /** in season now: "In season" on the product page; false when left out */
  seasonal?: boolean
  /**
   * Texas sales tax applies (docs/product.md#tax): soft drinks and kombucha, food made to eat,
   * a basket holding non-food items; false when left out, as for food for home consumption
   */
  taxable?: boolean
  /** how many may be sold for each Saturday (docs/product.md#weekly-quantities); no limit when left out */
  weeklyQuantity?: number
  tags: ProductTag[]
}

export interface DemoCoupon {
  code: string
  percentOff: number | null
  amountOff: string | null
  minSubtotal: string | null
  maxRedemptions: number | null
}
