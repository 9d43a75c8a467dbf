import { describe, expect, test } from 'vitest'
import {
  AdminProductListQuerySchema,
  PRODUCT_FORM_MESSAGES,
  ProductInputSchema,
  ProductListQuerySchema,
  ProductPatchSchema,
} from './product.ts'

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
      // cents: price filters are read through the money module
      minPrice: 250,
      maxPrice: 2000,
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

const ATKINSON_FARMS = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b'
const validForm = {
  name: 'Wildflower Honey',
  price: '12.99',
  category: 'pantry',
  producerId: ATKINSON_FARMS,
}
const formIssues = (overrides: Record<string, unknown>) =>
  ProductInputSchema.safeParse({ ...validForm, ...overrides }).error?.issues.map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  ) ?? []

describe('product form (docs/product.md#admin)', () => {
  test('normalizes what the dialog sends: trimmed text, two-decimal price, nulls and defaults', () => {
    expect(
      ProductInputSchema.parse({
        ...validForm,
        name: '  Wildflower Honey ',
        price: ' 4.5 ',
        subcategory: '',
        imageUrl: '',
      }),
    ).toEqual({
      name: 'Wildflower Honey',
      description: '',
      price: '4.50',
      category: 'pantry',
      subcategory: null,
      subcategory2: null,
      producerId: ATKINSON_FARMS,
      imageUrl: null,
      inStock: true,
      stockCount: '0',
      isNew: false,
      seasonal: false,
      taxable: false,
      weeklyQuantity: null,
      tags: [],
    })
    expect(ProductInputSchema.parse({ ...validForm, price: '4' }).price).toBe('4.00')
    expect(ProductInputSchema.parse({ ...validForm, price: '12.9' }).price).toBe('12.90')
  })

  test.each([
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: undefined }],
    ['name', { name: null }],
  ])('a missing %s: %j', (_field, overrides) => {
    expect(formIssues(overrides)).toEqual([`name: ${PRODUCT_FORM_MESSAGES.nameRequired}`])
  })

  test('each required field has its documented message, whether empty, blank or missing', () => {
    for (const value of ['', ' ', undefined, null]) {
      expect(formIssues({ producerId: value })).toEqual([
        `producerId: ${PRODUCT_FORM_MESSAGES.farmSourceRequired}`,
      ])
    }
    for (const value of ['', undefined, null, 'toys']) {
      expect(formIssues({ category: value })).toEqual([
        `category: ${PRODUCT_FORM_MESSAGES.categoryRequired}`,
      ])
    }
  })

  test('a price is digits with at most two decimals, and more than 0', () => {
    for (const price of [
      'abc',
      '12.999',
      '-4',
      '1e3',
      '4.',
      '.5',
      '',
      undefined,
      4.999,
      -4,
      1e21,
    ]) {
      // one message: a badly typed price is not also "must be greater than 0"
      expect(formIssues({ price }), String(price)).toEqual([
        `price: ${PRODUCT_FORM_MESSAGES.priceFormat}`,
      ])
    }
    for (const price of ['0', '0.00', '0.0']) {
      expect(formIssues({ price }), price).toEqual([
        `price: ${PRODUCT_FORM_MESSAGES.pricePositive}`,
      ])
    }
    expect(formIssues({ price: '0.01' })).toEqual([])
    // a JSON number is a price too, read through its shortest decimal form
    expect(ProductInputSchema.parse({ ...validForm, price: 4 }).price).toBe('4.00')
    expect(ProductInputSchema.parse({ ...validForm, price: 4.5 }).price).toBe('4.50')
    expect(formIssues({ price: '99999999.99' })).toEqual([])
  })

  test('subcategories must belong to the chosen category', () => {
    expect(
      formIssues({ category: 'bakery', subcategory: 'bread', subcategory2: 'gluten-free' }),
    ).toEqual([])
    expect(formIssues({ category: 'produce', subcategory: 'bread' })).toEqual([
      `subcategory: ${PRODUCT_FORM_MESSAGES.unknownSubcategory}`,
    ])
    expect(formIssues({ category: 'produce', subcategory2: 'bread' })).toEqual([
      `subcategory2: ${PRODUCT_FORM_MESSAGES.unknownSubcategory}`,
    ])
  })

  test('the farm is a producer named by its id', () => {
    for (const producerId of ['Atkinson Farms', 'atkinson-farms', '12345', `${ATKINSON_FARMS}x`]) {
      expect(formIssues({ producerId }), producerId).toEqual([
        `producerId: ${PRODUCT_FORM_MESSAGES.unknownProducer}`,
      ])
    }
    expect(formIssues({ producerId: ` ${ATKINSON_FARMS} ` })).toEqual([])
    expect(formIssues({ farmSource: 'Atkinson Farms' })[0]).toMatch(/farmSource/)
  })

  test('a legacy category slug is stored as the category the shop filters by', () => {
    const values = ProductInputSchema.parse({
      ...validForm,
      category: 'artisan-breads',
      subcategory: 'bread',
    })
    expect(values).toMatchObject({ category: 'bakery', subcategory: 'bread' })
  })

  test('the image is an uploaded file, a shop illustration or an https address', () => {
    for (const imageUrl of [
      '/uploads/0b7f9a52-5d1e-4c83-9d0e-3f2a1b4c5d6e.webp',
      '/illustrations/products/honey.svg',
      'https://images.example.com/honey.jpg',
      null,
      '',
    ]) {
      expect(formIssues({ imageUrl }), String(imageUrl)).toEqual([])
    }
    for (const imageUrl of [
      'javascript:alert(1)',
      'http://images.example.com/honey.jpg',
      'data:image/png;base64,AAAA',
      '/uploads/../secrets.json',
      '//evil.example.com/x.png',
    ]) {
      expect(formIssues({ imageUrl }), imageUrl).toEqual([
        `imageUrl: ${PRODUCT_FORM_MESSAGES.imageUrl}`,
      ])
    }
  })

  test('refuses unknown fields and tags', () => {
    expect(formIssues({ colour: 'red' })[0]).toMatch(/colour/)
    expect(formIssues({ tags: ['local', 'spicy'] })).toEqual(['tags.1: Unknown tag: spicy'])
  })
})

describe('admin product calls', () => {
  test('a patch names any of the form fields and nothing else', () => {
    expect(ProductPatchSchema.safeParse({ price: '5.49' }).success).toBe(true)
    expect(ProductPatchSchema.safeParse({}).success).toBe(true)
    expect(ProductPatchSchema.safeParse({ ...validForm, tags: [] }).success).toBe(true)
    expect(ProductPatchSchema.safeParse({ colour: 'red' }).success).toBe(false)
  })

  test('the admin list takes a search and a known category only', () => {
    expect(
      AdminProductListQuerySchema.parse({ search: ' Atkinson ', category: 'artisan-breads' }),
    ).toEqual({
      search: 'Atkinson',
      category: 'bakery',
    })
    expect(AdminProductListQuerySchema.safeParse({ category: 'toys' }).success).toBe(false)
    expect(AdminProductListQuerySchema.safeParse({ sort: 'newest' }).success).toBe(false)
  })
})
