import { PRODUCER_SLUG } from '#shared/domain/catalog.ts'
import { ProducerListSchema, type Producer } from '#shared/schemas/producer.ts'
import { ProductListSchema, type Product, type ProductListQuery } from '#shared/schemas/product.ts'
import { AppError } from '../../app-error.ts'
import { createJsonCache, toCachedJson, type CachedJson } from '../../http/json-cache.ts'
import type { CatalogRepo, ProductRow } from './catalog.repo.ts'

/**
 * The catalogue as the shop reads it. Lists are served from serialized bytes cached until the
 * catalogue changes (invalidate() is called by whatever changes it); single reads go to the
 * database. The cache is per process: with several processes, the admin's product editing must
 * also tell the others (PostgreSQL NOTIFY), which comes with that feature.
 */
export function createCatalogService({ repo }: { repo: CatalogRepo }) {
  const cache = createJsonCache({ maxEntries: 500 })

  return {
    listProducts(query: ProductListQuery): Promise<CachedJson> {
      const load = async () =>
        toCachedJson(ProductListSchema, (await repo.listProducts(query)).map(toProduct))
      // Free text and arbitrary prices would make a key per keystroke and flush the lists
      // everyone reads; they go to the database (an indexed query on a small table).
      if (
        query.search !== undefined ||
        query.minPrice !== undefined ||
        query.maxPrice !== undefined
      ) {
        return load()
      }
      return cache.get(`products:${cacheKey(query)}`, load)
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
      const producer = PRODUCER_SLUG.test(slug) ? await repo.findProducer(slug) : undefined
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
