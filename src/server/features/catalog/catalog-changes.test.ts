import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { producers, products } from '#server/db/schema/index.ts'
import { ProducerSchema } from '#shared/schemas/producer.ts'
import { ProductListSchema, ProductSchema } from '#shared/schemas/product.ts'
import {
  createTestApp,
  TEST_APP_EXTRAS,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#tests/setup/test-app.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { signUpAdmin } from '#tests/factories/customer.ts'
import { makeProduct } from '#tests/factories/product.ts'

/**
 * Two app processes on one database, as behind a load balancer
 * (docs/operations.md#scaling-out).
 */
let first: TestApp
let second: Awaited<ReturnType<typeof buildApp>>

beforeAll(async () => {
  first = await createTestApp()
  second = await buildApp({
    config: { nodeEnv: 'test', publicUrl: TEST_PUBLIC_URL },
    db: first.database.db,
    log: testLogger,
    ...TEST_APP_EXTRAS,
  })
  await second.ready()
})
afterAll(async () => {
  await second.close()
  await first.close()
})

const priceOn = async (app: TestApp['app'], id: string) => {
  const response = await app.inject({ method: 'GET', url: '/api/products' })
  return ProductListSchema.parse(response.json()).find((product) => product.id === id)?.price
}

describe('the catalogue cache across processes', () => {
  test('a change invalidated in one process is seen by the other at once', async () => {
    const [product] = await first.database.db.select().from(products).limit(1)
    if (!product) throw new Error('no products')
    // both processes have the list cached
    expect(await priceOn(first.app, product.id)).toBe(product.price)
    expect(await priceOn(second, product.id)).toBe(product.price)

    await first.database.db
      .update(products)
      .set({ price: '77.77' })
      .where(eq(products.id, product.id))
    first.catalog.invalidate()

    expect(await priceOn(first.app, product.id)).toBe('77.77')
    await expect.poll(() => priceOn(second, product.id), { timeout: 5_000 }).toBe('77.77')
  })

  test("a product's and a producer's own pages follow a change on either process", async () => {
    const [product] = await first.database.db.select().from(products).limit(1)
    const [producer] = await first.database.db.select().from(producers).limit(1)
    if (!product || !producer) throw new Error('no catalogue')
    const productOn = async (app: TestApp['app']) =>
      ProductSchema.parse(
        (await app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json(),
      )
    const producerOn = async (app: TestApp['app']) =>
      ProducerSchema.parse(
        (await app.inject({ method: 'GET', url: `/api/producers/${producer.slug}` })).json(),
      )
    // both processes have read (and cached) both pages
    expect((await productOn(first.app)).name).toBe(product.name)
    expect((await productOn(second)).name).toBe(product.name)
    expect((await producerOn(first.app)).location).toBe(producer.location)
    expect((await producerOn(second)).location).toBe(producer.location)

    await first.database.db
      .update(products)
      .set({ name: 'Renamed Heirloom Tomatoes', inStock: !product.inStock })
      .where(eq(products.id, product.id))
    await first.database.db
      .update(producers)
      .set({ location: 'Katy, TX' })
      .where(eq(producers.slug, producer.slug))
    first.catalog.invalidate()

    expect(await productOn(first.app)).toMatchObject({
      name: 'Renamed Heirloom Tomatoes',
      inStock: !product.inStock,
    })
    expect((await producerOn(first.app)).location).toBe('Katy, TX')
    await expect
      .poll(async () => (await productOn(second)).name, { timeout: 5_000 })
      .toBe('Renamed Heirloom Tomatoes')
    await expect
      .poll(async () => (await producerOn(second)).location, { timeout: 5_000 })
      .toBe('Katy, TX')
  })

  test("an admin's producer change on one process renames the farm on the other's pages", async () => {
    const admin = await signUpAdmin(first, 'changes-admin')
    const [product] = await first.database.db.select().from(products).limit(1)
    const [producer] = await first.database.db
      .select()
      .from(producers)
      .where(eq(producers.id, product!.producerId))
    const farmOn = async (app: TestApp['app']) =>
      ProductSchema.parse(
        (await app.inject({ method: 'GET', url: `/api/products/${product!.id}` })).json(),
      ).farmSource
    expect(await farmOn(second)).toBe(producer!.name) // cached on the second process
    const renamed = await admin.call('PATCH', `/api/admin/producers/${producer!.id}`, {
      name: 'Renamed Family Farm',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    await expect.poll(() => farmOn(second), { timeout: 5_000 }).toBe('Renamed Family Farm')
    await expect
      .poll(
        async () =>
          ProducerSchema.parse(
            (
              await second.inject({ method: 'GET', url: `/api/producers/${producer!.slug}` })
            ).json(),
          ).name,
        { timeout: 5_000 },
      )
      .toBe('Renamed Family Farm')
  })

  test('a product not found is not remembered: added later, it is found', async () => {
    const id = '00000000-0000-4000-8000-0000000000aa'
    const missing = await second.inject({ method: 'GET', url: `/api/products/${id}` })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: expect.any(String) as unknown })
    await makeProduct(first.database.db, { id, name: 'Late Season Okra', category: 'produce' })
    first.catalog.invalidate()
    await expect
      .poll(
        async () => (await second.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode,
        {
          timeout: 5_000,
        },
      )
      .toBe(200)
    expect(
      (await second.inject({ method: 'GET', url: `/api/products/${id}` })).json(),
    ).toMatchObject({
      id,
      name: 'Late Season Okra',
    })
  })
})
