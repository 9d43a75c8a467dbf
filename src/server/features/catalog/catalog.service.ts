import { PRODUCER_SLUG } from '#shared/domain/catalog.ts'
import { BOX_BUILDER_CHOICES, boxFillingCategory, isFarmBox } from '#shared/domain/farm-boxes.ts'
import { ProducerListSchema, ProducerSchema } from '#shared/schemas/producer.ts'
import {
  ProductListSchema,
  ProductSchema,
  type Product,
  type ProductListQuery,
} from '#shared/schemas/product.ts'
import { nextDeliveryDate } from '#shared/domain/delivery.ts'
import { AppError } from '../../app-error.ts'
import type { Transaction } from '../../db/transaction.ts'
import { createJsonCache, toCachedJson, type CachedJson } from '../../http/json-cache.ts'
import type {
  CatalogRepo,
  ProducerContact,
  ProductFacts,
  ProductForOrder,
  ProductRow,
  RankedProduct,
} from './catalog.repo.ts'

/** How many products the shop's "Buy again" row shows at most. */
export const BUY_AGAIN_LIMIT = 8

/**
 * The catalogue as the shop reads it. Lists and single products and producers are served from
 * serialized bytes cached until the catalogue changes (invalidate() is called by whatever
 * changes it). The cache is per process; invalidate() also announces the change (PostgreSQL
 * NOTIFY, see catalog/index.ts), so every other process drops its cached answers too.
 */
export function createCatalogService({
  repo,
  announceChange = () => Promise.resolve(),
  now = () => new Date(),
}: {
  repo: CatalogRepo
  announceChange?: () => Promise<void>
  now?: () => Date
}) {
  // an answer showing what is left of a limited product is read again after a minute, or at
  // once when this process sells one (weeklySaleMade)
  const cache = createJsonCache<CatalogAnswer>({
    maxEntries: 2000,
    isFresh: (answer) => answer.expiresAt === undefined || now().getTime() < answer.expiresAt,
  })
  const changeListeners = new Set<() => void>()
  const dropCache = () => {
    cache.clear()
    for (const listener of changeListeners) listener()
  }
  let leftOn: LeftOn = () => Promise.resolve(new Map<string, number>())

  /** The rows as the shop shows them, with what is left this week of the limited ones. */
  async function productsOf(rows: readonly ProductRow[]): Promise<Product[]> {
    const limited = rows.filter((row) => row.weeklyQuantity !== null).map((row) => row.id)
    const left =
      limited.length > 0
        ? await leftOn(nextDeliveryDate(now()), limited)
        : new Map<string, number>()
    return rows.map((row) => toProduct(row, left.get(row.id) ?? null))
  }

  /** Cached bytes of products; kept a minute only when they show what is left of some. */
  function answerOf(
    schema: typeof ProductSchema | typeof ProductListSchema,
    shown: Product | Product[],
  ): CatalogAnswer {
    const showsLeft = [shown].flat().some((product) => product.leftThisWeek !== null)
    return {
      ...toCachedJson(schema, shown),
      expiresAt: showsLeft ? now().getTime() + LEFT_SHOWN_FOR_MS : undefined,
    }
  }

  return {
    listProducts(query: ProductListQuery): Promise<CachedJson> {
      const normalized = normalizeQuery(query)
      // Searches are cached too, under a normalized key: the cache drops the least recently
      // used entry, so one-off searches cannot push out the lists everyone reads.
      return cache.get(`products:${cacheKey(normalized)}`, async () =>
        answerOf(ProductListSchema, await productsOf(await repo.listProducts(normalized))),
      )
    },

    /** A product page's read: cached like the lists (a miss, 404, is not kept). */
    getProduct(id: string): Promise<CachedJson> {
      return cache.get(`product:${id}`, async () => {
        const row = await repo.findProduct(id)
        if (!row) throw new AppError('PRODUCT_NOT_FOUND')
        const [product] = await productsOf([row])
        if (!product) throw new AppError('PRODUCT_NOT_FOUND')
        return answerOf(ProductSchema, product)
      })
    },

    /**
     * What a farm box's builder offers (docs/product.md#farm-boxes): the box's own list, in its
     * order, or without one the first in-stock products of its filling category (the first 40
     * in the Featured order); never a box, never out of stock or sold out for the coming Saturday.
     * Cached like the lists.
     */
    boxChoices(boxId: string): Promise<CachedJson> {
      return cache.get(`box-choices:${boxId}`, async () => {
        const box = await repo.findProduct(boxId)
        if (!box || !isFarmBox(box)) throw new AppError('PRODUCT_NOT_FOUND')
        const listed = await repo.boxChoiceProducts(boxId)
        const offered =
          listed.length > 0
            ? listed
            : await repo.listProducts({ category: boxFillingCategory(box), limit: 40 })
        const choices = offered.filter((row) => row.inStock && !isFarmBox(row))
        const shown = await productsOf(
          listed.length > 0 ? choices : choices.slice(0, BOX_BUILDER_CHOICES),
        )
        // nor sold out for the coming Saturday (docs/product.md#weekly-quantities)
        return answerOf(
          ProductListSchema,
          shown.filter((product) => product.leftThisWeek !== 0),
        )
      })
    },

    /** Each of these boxes' own list of items, read fresh; a box without one is missing. */
    boxChoiceIds(boxIds: readonly string[]): Promise<Map<string, string[]>> {
      return repo.boxChoiceIds(boxIds)
    },

    /** Replaces a box's list (the admin's change; the caller checks it and invalidates). */
    replaceBoxChoices(boxId: string, productIds: readonly string[]): Promise<void> {
      return repo.setBoxChoices(boxId, productIds)
    },

    listProducers(): Promise<CachedJson> {
      return cache.get('producers', async () =>
        toCachedJson(ProducerListSchema, await repo.listProducers()),
      )
    },

    /** A producer page's read: cached like the lists (a miss, 404, is not kept). */
    getProducer(slug: string): Promise<CachedJson> {
      if (!PRODUCER_SLUG.test(slug)) return Promise.reject(new AppError('PRODUCER_NOT_FOUND'))
      return cache.get(`producer:${slug}`, async () => {
        const producer = await repo.findProducer(slug)
        if (!producer) throw new AppError('PRODUCER_NOT_FOUND')
        return toCachedJson(ProducerSchema, producer)
      })
    },

    /**
     * The products a basket or an order names, read fresh (never from the cache): checkout
     * prices from what the database holds at that moment. Unknown ids are simply missing.
     */
    productsForOrder(ids: readonly string[]): Promise<ProductForOrder[]> {
      return repo.productsForOrder(ids)
    },

    /**
     * A customer's "Buy again" row from their ranking of what they ordered (the orders
     * feature's): the products still in stock, most ordered first, then by name, read fresh
     * (docs/product.md#buy-again).
     */
    async buyAgain(ranked: readonly RankedProduct[]): Promise<Product[]> {
      return productsOf(await repo.inStockByRank(ranked, BUY_AGAIN_LIMIT))
    },

    /** Products as the shop and the admin show them, with what is left this week. */
    productsOf,

    /**
     * What is left of limited products is counted by the weekly stock, which reads orders and
     * checkouts (made after the catalogue): it is handed in once they exist.
     */
    countLeftWith(count: LeftOn) {
      leftOn = count
    },

    /** The limited ones of these products, locked inside the caller's transaction. */
    lockLimitedWithin: (tx: Transaction, ids: readonly string[]) => repo.lockLimitedWithin(tx, ids),

    /** The limited ones of these products, read fresh. */
    limited: (ids: readonly string[]) => repo.limited(ids),

    /** Every limited product, by name, read fresh (the week page). */
    allLimited: () => repo.allLimited(),

    /** A limited product was sold or given back: the answers showing what is left go. */
    weeklySaleMade() {
      dropCache()
      void announceChange()
    },

    /** The week's view of these products, read fresh; unknown ids are simply missing. */
    productFacts(ids: readonly string[]): Promise<ProductFacts[]> {
      return repo.productFacts(ids)
    },

    /** The producers with these names, ignoring case, each with the name asked; read fresh. */
    producersByName(
      names: readonly string[],
    ): Promise<Array<ProducerContact & { askedName: string }>> {
      return repo.producersByName(names)
    },

    /** A producer, active or not, by its slug, read fresh. */
    producerBySlug(slug: string): Promise<ProducerContact | undefined> {
      return repo.producerBySlug(slug)
    },

    /**
     * Call after any change to products or producers: here and in every other process. The
     * lists, the product and producer pages and the sitemap are all read from this cache.
     */
    invalidate() {
      dropCache()
      void announceChange()
    },

    /** Another process changed the catalogue (or we may have missed its word). */
    dropCachedLists() {
      dropCache()
    },

    /**
     * Calls `listener` whenever the catalogue changes here or in another process, for what is
     * made from it and cached elsewhere (the server-rendered pages). Returns the unsubscribe.
     */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>

/** what is left, for the coming Saturday, of the limited ones of these products */
export type LeftOn = (saturday: Date, productIds: readonly string[]) => Promise<Map<string, number>>

/** a cached answer; one showing what is left of a limited product expires */
type CatalogAnswer = CachedJson & { expiresAt?: number | undefined }

/** how long an answer may show what is left of a limited product (docs/product.md#weekly-quantities) */
const LEFT_SHOWN_FOR_MS = 60_000

export function toProduct(row: ProductRow, leftThisWeek: number | null): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    category: row.category,
    subcategory: row.subcategory,
    subcategory2: row.subcategory2,
    farmSource: row.farmSource,
    producerSlug: row.producerActive ? row.producerSlug : null,
    producerDistance: row.producerDistance,
    imageUrl: row.imageUrl,
    inStock: row.inStock,
    stockCount: row.stockCount,
    isNew: row.isNew,
    seasonal: row.seasonal,
    taxable: row.taxable,
    weeklyQuantity: row.weeklyQuantity,
    leftThisWeek: row.weeklyQuantity === null ? null : leftThisWeek,
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

/**
 * The same question asked two ways is one question: search ignores case and runs of spaces
 * (matching ignores case anyway), prices count in whole cents, tags in any order.
 */
export function normalizeQuery(query: ProductListQuery): ProductListQuery {
  const search = query.search?.toLowerCase().replace(/\s+/g, ' ').trim()
  return {
    ...query,
    search: search === '' ? undefined : search,
    tags: query.tags ? [...new Set(query.tags)].sort() : undefined,
    farm: query.farm?.toLowerCase(),
  }
}
