import { count, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { migrateDatabase } from '../migrate.ts'
import { producerSlugFromName } from '#shared/domain/catalog.ts'
import { alias } from 'drizzle-orm/pg-core'
import { boxChoices, coupons, producers, products } from '../schema/index.ts'
import { isFarmBox } from '#shared/domain/farm-boxes.ts'
import { DEMO_PRODUCERS } from './demo-producers.ts'
import { DEMO_PRODUCTS } from './demo-products.ts'
import { seedDemoCatalogue } from './seed-demo-catalogue.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase({ fromTemplate: false })
  await migrateDatabase(database.pool)
})
afterAll(() => database.drop())

const counts = async () => ({
  producers: (await database.db.select({ n: count() }).from(producers))[0]?.n,
  products: (await database.db.select({ n: count() }).from(products))[0]?.n,
  coupons: (await database.db.select({ n: count() }).from(coupons))[0]?.n,
})

describe('demo catalogue', () => {
  test('loads once, even when two processes start together', async () => {
    const results = await Promise.all([
      seedDemoCatalogue(database.db, testLogger),
      seedDemoCatalogue(database.db, testLogger),
    ])
    expect(results.sort()).toEqual(['loaded', 'skipped'])
    const loaded = await counts()
    expect(loaded.producers).toBe(14)
    expect(loaded.products).toBeGreaterThanOrEqual(60)
    expect(loaded.coupons).toBe(2)
  })

  test('links every product to its producer by id, and gives a few producers a harvest e-mail', async () => {
    const rows = await database.db
      .select({ product: products.name, producer: producers.slug })
      .from(products)
      .innerJoin(producers, eq(products.producerId, producers.id))
    expect(rows).toHaveLength(DEMO_PRODUCTS.length)
    for (const demo of DEMO_PRODUCTS) {
      expect(rows.find((row) => row.product === demo.name)?.producer, demo.name).toBe(
        demo.producerSlug,
      )
    }
    const withEmail = await database.db
      .select({ email: producers.email })
      .from(producers)
      .where(isNotNull(producers.email))
    expect(withEmail.length).toBeGreaterThanOrEqual(3)
    for (const { email } of withEmail) expect(email).toMatch(/^[\w.+-]+@example\.com$/)
  })

  test('marks what Texas taxes: soft drinks and kombucha, food made to eat, the gift basket; food stays exempt', async () => {
    const rows = await database.db
      .select({ name: products.name, taxable: products.taxable })
      .from(products)
      .where(eq(products.taxable, true))
      .orderBy(products.name)
    expect(rows.map((row) => row.name)).toEqual([
      'Ginger Hibiscus Kombucha',
      'Houston Holiday Gift Basket',
      'Montrose Harvest Salad',
      'Smoked Turkey & Cheddar on Sourdough',
      'Sparkling Hibiscus Lime Soda',
    ])
  })

  test('gives every farm box its own list of items, none of them a box, each with enough to fill it', async () => {
    const item = alias(products, 'item')
    const rows = await database.db
      .select({ box: products.name, item: item.name, itemCategory: item.category })
      .from(boxChoices)
      .innerJoin(products, eq(boxChoices.boxId, products.id))
      .innerJoin(item, eq(boxChoices.productId, item.id))
      .orderBy(products.name, boxChoices.position)
    const boxes = DEMO_PRODUCTS.filter(isFarmBox).map((box) => box.name)
    expect([...new Set(rows.map((row) => row.box))].sort()).toEqual([...boxes].sort())
    for (const row of rows) expect(isFarmBox({ category: row.itemCategory }), row.item).toBe(false)
    const listOf = (box: string) => rows.filter((row) => row.box === box).map((row) => row.item)
    expect(listOf('Tropical Fruit Box')).toEqual(
      expect.arrayContaining(['Rio Star Grapefruit', 'Meyer Lemons', 'Satsuma Mandarins']),
    )
    expect(listOf('Family Harvest Box')).not.toEqual(listOf('Small Household Box'))
  })

  test("each demo producer's slug is the one the shop makes from its name", () => {
    for (const producer of DEMO_PRODUCERS) {
      expect(producerSlugFromName(producer.name), producer.name).toBe(producer.slug)
    }
  })

  test('is never loaded twice, not even after every product was deleted', async () => {
    await database.db.delete(products)
    expect(await seedDemoCatalogue(database.db, testLogger)).toBe('skipped')
    expect((await counts()).products).toBe(0)
  })

  test('has the two coupons of the decisions', async () => {
    const rows = await database.db
      .select({ code: coupons.code, percentOff: coupons.percentOff, amountOff: coupons.amountOff })
      .from(coupons)
      .orderBy(sql`${coupons.code}`)
    expect(rows).toEqual([
      { code: 'FARM5', percentOff: null, amountOff: '5.00' },
      { code: 'WELCOME10', percentOff: 10, amountOff: null },
    ])
  })
})
