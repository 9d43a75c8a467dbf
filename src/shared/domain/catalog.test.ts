import { describe, expect, test } from 'vitest'
import {
  CATEGORIES,
  TOP_MENU_CATEGORIES,
  categoryLabel,
  findCategory,
  findSubcategory,
  PRODUCER_SLUG,
  producerSlugFromName,
  productTagBadges,
  productTagLabel,
} from './catalog.ts'

describe('category tree', () => {
  test('has the ten categories, savings titled and kept out of the top menu', () => {
    expect(CATEGORIES.map((c) => c.slug)).toEqual([
      'farm-boxes',
      'produce',
      'meat-seafood',
      'dairy-eggs',
      'bakery',
      'easy-meals',
      'drinks',
      'pantry',
      'savings',
      'new-seasonal',
    ])
    expect(findCategory('savings')?.title).toBe('Savings')
    expect(TOP_MENU_CATEGORIES).toHaveLength(9)
    expect(TOP_MENU_CATEGORIES.some((c) => c.slug === 'savings')).toBe(false)
  })

  test('farm boxes have the decided subcategories and bakery includes featured', () => {
    expect(findCategory('farm-boxes')?.subcategories.map((s) => s.slug)).toEqual([
      'featured',
      'seasonal-produce-box',
      'butchers-box',
      'fruit-box',
      'veggie-box',
      'mixed-box',
      'family-box',
    ])
    expect(findSubcategory('bakery', 'featured')).toBeDefined()
  })

  test("legacy slugs of the earlier shop map to today's categories", () => {
    expect(findCategory('artisan-breads')?.slug).toBe('bakery')
    expect(findCategory('grass-fed-meats')?.slug).toBe('meat-seafood')
    expect(findCategory('pantry-produce')?.slug).toBe('pantry')
    expect(categoryLabel('dairy-eggs')).toBe('Dairy & Eggs')
    expect(categoryLabel('grass-fed-meats')).toBe('Meat & Seafood')
  })

  test('an unknown category reads as Bakery', () => {
    expect(categoryLabel('no-such-thing')).toBe('Bakery')
    expect(findCategory('no-such-thing')).toBeUndefined()
  })

  test("a producer's slug is its name in lower case, each run of other characters a hyphen", () => {
    expect(producerSlugFromName('Cake and Bacon')).toBe('cake-and-bacon')
    expect(producerSlugFromName('New Heights Coffee Roasters')).toBe('new-heights-coffee-roasters')
    expect(producerSlugFromName('  HG  Rice Mill ')).toBe('hg-rice-mill')
    expect(producerSlugFromName("Mom & Pop's Dairy!")).toBe('mom-pop-s-dairy')
    expect(producerSlugFromName('Café Olé')).toBe('caf-ol')
    for (const name of ['Cake and Bacon', "Mom & Pop's Dairy!", 'x--y', '4 Seasons']) {
      expect(producerSlugFromName(name)).toMatch(PRODUCER_SLUG)
    }
  })
})

describe('product tags', () => {
  test('shows known tags with their filter labels, in the filters order', () => {
    expect(productTagBadges(['gluten-free', 'unknown', 'local', 'certified-organic'])).toEqual([
      { slug: 'local', label: 'Local' },
      { slug: 'certified-organic', label: 'Certified Organic' },
      { slug: 'gluten-free', label: 'Gluten-Free' },
    ])
    expect(productTagBadges([])).toEqual([])
    expect(productTagLabel('pasture-raised')).toBe('Pasture-Raised')
    expect(productTagLabel('unknown')).toBeUndefined()
  })
})
