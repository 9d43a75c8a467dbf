import { describe, expect, test } from 'vitest'
import { ProductListQuerySchema } from './product.ts'

const parse = (query: Record<string, string>) => ProductListQuerySchema.safeParse(query)
const messages = (query: Record<string, string>) =>
  parse(query).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('product list query', () => {
  test('reads every filter from strings, as a URL carries them', () => {
    const result = parse({
      search: '  honey ',
      category: 'artisan-breads',
      subcategory: 'bread',
      tags: 'local, gluten-free',
      minPrice: '2.5',
      maxPrice: '20',
      farm: 'cake-and-bacon',
      sort: 'price-low-high',
      limit: '5',
    })
    expect(result.success).toBe(true)
    expect(result.data).toEqual({
      search: 'honey',
      category: 'bakery',
      subcategory: 'bread',
      tags: ['local', 'gluten-free'],
      minPrice: 2.5,
      maxPrice: 20,
      farm: 'cake-and-bacon',
      sort: 'price-low-high',
      limit: 5,
    })
  })

  test('refuses unknown keys and values with a message naming what is wrong', () => {
    expect(messages({ colour: 'red' })[0]).toMatch(/colour/)
    expect(messages({ category: 'toys' })).toEqual(['category: Unknown category'])
    expect(messages({ category: 'produce', subcategory: 'bread' })).toEqual([
      'subcategory: Unknown subcategory',
    ])
    expect(messages({ subcategory: 'bread' })).toEqual(['subcategory: Choose a category first'])
    expect(messages({ tags: 'local,spicy' })).toEqual(['tags.1: Unknown tag: spicy'])
    expect(messages({ sort: 'cheapest' })[0]).toMatch(/^sort: Sort must be one of/)
    expect(messages({ minPrice: 'cheap' })).toEqual(['minPrice: Price must be a number'])
    expect(messages({ minPrice: '10', maxPrice: '5' })).toEqual([
      'maxPrice: Maximum price must not be below the minimum',
    ])
    expect(messages({ limit: '0' })).toEqual(['limit: Limit must be at least 1'])
    expect(messages({ limit: '501' })).toEqual(['limit: Limit must be at most 500'])
    expect(messages({ limit: '2.5' })).toEqual(['limit: Limit must be a whole number'])
    expect(messages({ search: 'x'.repeat(101) })).toEqual(['search: Search text is too long'])
  })
})
