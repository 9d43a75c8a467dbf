import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { products } from '#server/db/schema/index.ts'
import { ProductListSchema } from '#shared/schemas/product.ts'
import {
  createTestApp,
  TEST_APP_EXTRAS,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#tests/setup/test-app.ts'
import { testLogger } from '#tests/setup/test-logger.ts'

/** Two app processes on one database, as behind a load balancer (README: Scaling out). */
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
})
