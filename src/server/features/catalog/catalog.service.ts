import { ProducerListSchema, type Producer } from '#shared/schemas/producer.ts'
import { ProductListSchema, type Product, type ProductListQuery } from '#shared/schemas/product.ts'
import { AppError } from '../../app-error.ts'
import { createJsonCache, toCachedJson, type CachedJson } from '../../http/json-cache.ts'
import type { CatalogRepo, ProductRow } from './catalog.repo.ts'

/**
 * The catalogue as the shop reads it. Lists are served from serialized bytes cached until the
 * catalogue changes (invalidate() is called by whatever changes it); single reads go to the
 * database.
 */
export function createCatalogService({ repo }: { repo: CatalogRepo }) {
  const cache = createJsonCache({ maxEntries: 500 })

  return {
    listProducts(query: ProductListQuery): Promise<CachedJson> {
      return cache.get(`products:${cacheKey(query)}`, async () =>
        toCachedJson(ProductListSchema, (await repo.listProducts(query)).map(toProduct)),
      )
    },

    async getProduct(id: string): Promise<Product> {
      const row = await repo.findProduct(id)
      if (!row) throw new AppError('PRODUCT_NOT_FOUND')
      return toProduct(row)
    },

    listProducers(): Promise<CachedJson> {
      return cache.get('producers', async () =>
        toCachedJson(ProducerListSchema, await repo.listProducers()),
      )
    },

    async getProducer(slug: string): Promise<Producer> {
      const producer = await repo.findProducer(slug)
      if (!producer) throw new AppError('PRODUCER_NOT_FOUND')
      return producer
    },

    /** Call after any change to products or producers. */
    invalidate() {
      cache.clear()
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    category: row.category,
    subcategory: row.subcategory,
    subcategory2: row.subcategory2,
    farmSource: row.farmSource,
    imageUrl: row.imageUrl,
    inStock: row.inStock,
    stockCount: row.stockCount,
    isNew: row.isNew,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The same filters in any key order share one cache entry. */
function cacheKey(query: ProductListQuery): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  )
}
