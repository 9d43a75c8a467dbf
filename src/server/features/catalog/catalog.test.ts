import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CATEGORIES, PRODUCT_TAGS } from '#shared/domain/catalog.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import { ProducerListSchema, ProducerSchema } from '#shared/schemas/producer.ts'
import { ProductListSchema, ProductSchema, type Product } from '#shared/schemas/product.ts'
import { eq } from 'drizzle-orm'
import { producers } from '#server/db/schema/index.ts'
import { makeProduct } from '#tests/factories/product.ts'
import { demoProducerId } from '#tests/factories/producer.ts'
import { makeProducer } from '#tests/factories/producer.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

let shop: TestApp
let all: Product[]

const get = async (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers })
const list = async (query: string) => {
  const response = await get(`/api/products?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return ProductListSchema.parse(response.json())
}

beforeAll(async () => {
  shop = await createTestApp()
  all = ProductListSchema.parse((await get('/api/products')).json())
})
afterAll(() => shop.close())

describe('GET /api/products', () => {
  test('lists the whole demo catalogue in the documented shape', () => {
    expect(all.length).toBeGreaterThanOrEqual(60)
    for (const category of CATEGORIES) {
      expect(
        all.filter((p) => p.category === category.slug).length,
        category.slug,
      ).toBeGreaterThanOrEqual(6)
    }
    const product = all[0]!
    expect(Object.keys(product).sort()).toEqual(Object.keys(ProductSchema.shape).sort())
    expect(product.price).toMatch(/^\d+\.\d{2}$/)
  })

  test('answers with cacheable bytes: an ETag, 304 on revalidation and gzip when asked', async () => {
    const first = await get('/api/products')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^".+"$/)
    expect(first.headers['cache-control']).toBe('no-cache')
    expect((await get('/api/products', { 'if-none-match': etag })).statusCode).toBe(304)
    expect((await get('/api/products', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304)
    const gzipped = await get('/api/products', { 'accept-encoding': 'gzip, br' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.rawPayload.length).toBeLessThan(first.rawPayload.length / 3)
    // each encoding has its own ETag
    expect(gzipped.headers.etag).not.toBe(etag)
    const refused = await get('/api/products', { 'accept-encoding': 'gzip;q=0' })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.headers.etag).toBe(etag)
  })

  test('searches share one answer however they are typed, and see changes after invalidation', async () => {
    const before = await list('search=pecan%20butter&maxPrice=50')
    expect(await list('search=%20PECAN%20%20Butter%20&maxPrice=50.00')).toEqual(before)
    await makeProduct(shop.database.db, {
      name: 'Cached Pecan Butter',
      price: '12.00',
      category: 'pantry',
      producerId: await demoProducerId(shop.database.db, 'atkinson-farms'),
    })
    expect(await list('search=pecan%20butter&maxPrice=50')).toHaveLength(before.length)
    shop.catalog.invalidate()
    const after = await list('search=Pecan%20Butter&maxPrice=50')
    expect(after.map((p) => p.name)).toContain('Cached Pecan Butter')
    expect(after).toHaveLength(before.length + 1)
  })

  test('filters by category and subcategory', async () => {
    const produce = await list('category=produce')
    expect(produce.length).toBe(all.filter((p) => p.category === 'produce').length)
    expect(produce.every((p) => p.category === 'produce')).toBe(true)
    const subcategory = produce.find((p) => p.subcategory)!.subcategory!
    const narrowed = await list(`category=produce&subcategory=${subcategory}`)
    expect(narrowed.length).toBeGreaterThan(0)
    expect(narrowed.every((p) => p.subcategory === subcategory)).toBe(true)
  })

  test('a legacy category slug reads as its category today', async () => {
    expect((await list('category=artisan-breads')).map((p) => p.id).sort()).toEqual(
      (await list('category=bakery')).map((p) => p.id).sort(),
    )
  })

  test('tags must all match', async () => {
    for (const tag of PRODUCT_TAGS) {
      const tagged = await list(`tags=${tag}`)
      expect(tagged.length, tag).toBe(all.filter((p) => p.tags.includes(tag)).length)
    }
    const both = await list('tags=local,gluten-free')
    expect(both.length).toBe(
      all.filter((p) => p.tags.includes('local') && p.tags.includes('gluten-free')).length,
    )
    expect(both.every((p) => p.tags.includes('local') && p.tags.includes('gluten-free'))).toBe(true)
  })

  test('price range includes both ends', async () => {
    const ranged = await list('minPrice=5&maxPrice=10')
    const expected = all.filter(
      (p) => decimalToCents(p.price) >= 500 && decimalToCents(p.price) <= 1000,
    )
    expect(ranged.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort())
  })

  test('farm takes a producer slug or its name', async () => {
    const bySlug = await list('farm=cake-and-bacon')
    const byName = await list(`farm=${encodeURIComponent('Cake and Bacon')}`)
    expect(bySlug.length).toBeGreaterThanOrEqual(3)
    expect(bySlug.every((p) => p.farmSource === 'Cake and Bacon')).toBe(true)
    expect(byName.map((p) => p.id)).toEqual(bySlug.map((p) => p.id))
  })

  test('search matches name, producer and description, ignoring case', async () => {
    const target = all.find((p) => p.farmSource === 'Clear Lake Seafood')!
    const byProducer = await list('search=CLEAR%20LAKE')
    expect(byProducer.map((p) => p.id)).toContain(target.id)
    const word = target.name.split(' ').find((w) => w.length > 4)!
    expect(
      (await list(`search=${encodeURIComponent(word.toUpperCase())}`)).map((p) => p.id),
    ).toContain(target.id)
    const descriptionWord = all[3]!.description.split(/\W+/).find((w) => w.length > 6)!
    const byDescription = await list(`search=${encodeURIComponent(descriptionWord.toLowerCase())}`)
    expect(byDescription.map((p) => p.id)).toContain(all[3]!.id)
    expect(
      byDescription.every((p) =>
        `${p.name} ${p.farmSource} ${p.description}`
          .toLowerCase()
          .includes(descriptionWord.toLowerCase()),
      ),
    ).toBe(true)
  })

  test('search text is literal: %, _ and \\ match only themselves', async () => {
    expect(await list('search=%25')).toEqual([])
    expect(await list('search=_')).toEqual([])
    expect(await list('search=%5C')).toEqual([])
  })

  test('sorts by price both ways, newest first and featured first', async () => {
    const cents = (items: Product[]) => items.map((p) => decimalToCents(p.price))
    const ascending = cents(await list('sort=price-low-high'))
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
    const descending = cents(await list('sort=price-high-low'))
    expect(descending).toEqual([...descending].sort((a, b) => b - a))
    const newest = await list('sort=newest')
    const firstOld = newest.findIndex((p) => !p.isNew)
    expect(newest.slice(firstOld).some((p) => p.isNew)).toBe(false)
    const featured = await list('sort=featured')
    const firstOther = featured.findIndex((p) => p.subcategory !== 'featured')
    expect(firstOther).toBeGreaterThan(0)
    expect(featured.slice(firstOther).some((p) => p.subcategory === 'featured')).toBe(false)
  })

  test('limit caps the list after sorting', async () => {
    const cheapest = await list('sort=price-low-high&limit=5')
    expect(cheapest).toHaveLength(5)
    expect(cheapest.map((p) => p.id)).toEqual(
      (await list('sort=price-low-high')).slice(0, 5).map((p) => p.id),
    )
  })

  test('bad filters get a 400 naming the field, never an empty list', async () => {
    for (const [query, field] of [
      ['category=toys', 'category'],
      ['colour=red', 'colour'],
      ['sort=cheapest', 'sort'],
      ['tags=spicy', 'tags'],
      ['limit=0', 'limit'],
      ['minPrice=-1', 'minPrice'],
      ['minPrice=9&maxPrice=2', 'maxPrice'],
      ['category=produce&subcategory=bagels', 'subcategory'],
      ['search=a&search=b', 'search'],
    ] as const) {
      const response = await get(`/api/products?${query}`)
      expect(response.statusCode, query).toBe(400)
      const body = response.json<{ message: string; errors: Record<string, string> }>()
      expect(body.message, query).toBeTruthy()
      expect(Object.keys(body.errors), query).toContain(field)
    }
  })

  test('a change made behind the cache shows once the catalogue is invalidated', async () => {
    const before = await list('category=pantry')
    await makeProduct(shop.database.db, {
      name: 'Test Pecan Butter',
      price: '11.00',
      category: 'pantry',
      producerId: await demoProducerId(shop.database.db, 'atkinson-farms'),
    })
    expect(await list('category=pantry')).toHaveLength(before.length)
    shop.catalog.invalidate()
    expect(await list('category=pantry')).toHaveLength(before.length + 1)
  })
})

describe('GET /api/products/:id', () => {
  test('returns one product', async () => {
    const wanted = all[5]!
    const response = await get(`/api/products/${wanted.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(wanted)
  })

  test('says which demo products are in season', async () => {
    const seasonal = all.filter((product) => product.seasonal).map((product) => product.name)
    expect(seasonal).toContain('Beauregard Sweet Potatoes')
    expect(seasonal).toContain('Satsuma Mandarins')
    expect(seasonal.length).toBeLessThan(all.length / 2)
  })

  test('an unknown id is 404 and a malformed one 400, both as JSON', async () => {
    const missing = await get('/api/products/00000000-0000-4000-8000-000000000000')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Product not found' })
    const malformed = await get('/api/products/not-a-uuid')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ errors: { id: 'Product id must be a UUID' } })
  })
})

describe('producers', () => {
  test('lists the 14 producers in display order, 7 of them with detailed stories', async () => {
    const producers = ProducerListSchema.parse((await get('/api/producers')).json())
    expect(producers).toHaveLength(14)
    expect(producers[0]?.slug).toBe('atkinson-farms')
    const detailed = producers.filter((p) => p.additionalStory)
    expect(detailed.map((p) => p.slug).sort()).toEqual(
      [
        'atkinson-farms',
        'kraftsmen',
        'katerra-exotics',
        'cake-and-bacon',
        'new-heights-coffee-roasters',
        'redfield-ranch',
        'frydek-heritage-farm',
      ].sort(),
    )
    expect(new Set(producers.map((p) => p.location)).size).toBeGreaterThan(5)
  })

  test('every product comes from a listed producer', async () => {
    const names = new Set(
      ProducerListSchema.parse((await get('/api/producers')).json()).map((p) => p.name),
    )
    expect(all.filter((p) => !names.has(p.farmSource))).toEqual([])
  })

  test('one producer by slug; unknown or malformed is 404', async () => {
    const response = await get('/api/producers/katerra-exotics')
    expect(response.statusCode).toBe(200)
    expect(ProducerSchema.parse(response.json()).name).toBe('Katerra Exotics')
    expect((await get('/api/producers/nobody-farms')).statusCode).toBe(404)
    expect((await get('/api/producers/nobody-farms')).json()).toEqual({
      message: 'Producer not found',
    })
    expect((await get('/api/producers/Bad%20Slug')).statusCode).toBe(404)
  })
})

describe("a product's farm is its producer", () => {
  test('farmSource is the producer’s name and producerSlug its page', async () => {
    const listed = ProducerListSchema.parse((await get('/api/producers')).json())
    for (const product of all) {
      const producer = listed.find((p) => p.slug === product.producerSlug)
      expect(producer?.name, product.name).toBe(product.farmSource)
    }
  })

  test('producerDistance is the producer’s distance from Houston', async () => {
    const listed = ProducerListSchema.parse((await get('/api/producers')).json())
    for (const product of all) {
      const producer = listed.find((p) => p.slug === product.producerSlug)
      expect(product.producerDistance, product.name).toBe(producer?.distance)
    }
    expect(all.some((product) => product.producerDistance.includes('Houston'))).toBe(true)
  })

  test('renaming a producer renames farmSource, search and ?farm= once the catalogue changes', async () => {
    const producer = await makeProducer(shop.database.db, {
      name: 'Tidewater Creamery',
      slug: 'tidewater-creamery',
    })
    const product = await makeProduct(shop.database.db, {
      name: 'Cultured Butter',
      price: '7.50',
      category: 'dairy-eggs',
      producerId: producer.id,
    })
    shop.catalog.invalidate()
    const ids = async (query: string) => (await list(query)).map((p) => p.id)
    expect((await get(`/api/products/${product.id}`)).json()).toMatchObject({
      farmSource: 'Tidewater Creamery',
      producerSlug: 'tidewater-creamery',
    })
    expect(await ids('search=tidewater')).toEqual([product.id])
    expect(await ids('farm=tidewater-creamery')).toEqual([product.id])
    expect(await ids('farm=TIDEWATER%20creamery')).toEqual([product.id])

    await shop.database.db
      .update(producers)
      .set({ name: 'Bayou Dairy' })
      .where(eq(producers.id, producer.id))
    shop.catalog.invalidate()
    expect((await get(`/api/products/${product.id}`)).json()).toMatchObject({
      farmSource: 'Bayou Dairy',
      producerSlug: 'tidewater-creamery',
    })
    expect(await ids('search=tidewater')).toEqual([])
    expect(await ids('search=bayou%20dairy')).toEqual([product.id])
    expect(await ids('farm=bayou%20dairy')).toEqual([product.id])
    expect(await ids('farm=tidewater%20creamery')).toEqual([])
    const [forOrder] = await shop.catalog.productsForOrder([product.id])
    expect(forOrder).toMatchObject({ id: product.id, farmSource: 'Bayou Dairy' })
  })

  test('an inactive producer is off the lists and has no page; its products stay, unlinked', async () => {
    const producer = await makeProducer(shop.database.db, {
      name: 'Resting Acres',
      slug: 'resting-acres',
      active: false,
    })
    const product = await makeProduct(shop.database.db, {
      name: 'Winter Squash',
      price: '3.25',
      category: 'produce',
      producerId: producer.id,
    })
    shop.catalog.invalidate()
    const listed = ProducerListSchema.parse((await get('/api/producers')).json())
    expect(listed.map((p) => p.slug)).not.toContain('resting-acres')
    expect((await get('/api/producers/resting-acres')).statusCode).toBe(404)
    expect((await get(`/api/products/${product.id}`)).json()).toMatchObject({
      farmSource: 'Resting Acres',
      producerSlug: null,
    })
    expect((await list('farm=resting-acres')).map((p) => p.id)).toEqual([product.id])
  })
})
