import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { isFarmBox } from '#shared/domain/farm-boxes.ts'
import { centsToDecimal } from '#shared/domain/money.ts'
import type { ProductListQuery } from '#shared/schemas/product.ts'
import type { Database } from '../../db/client.ts'
import type { Executor } from '../../db/transaction.ts'
import { boxChoices, producers, products } from '../../db/schema/catalog.ts'
import { containing } from '../../db/like.ts'

/** A product with its producer's name, slug and state: farmSource is read through producer_id. */
export type ProductRow = typeof products.$inferSelect & {
  farmSource: string
  producerSlug: string
  producerActive: boolean
  producerDistance: string
}

/** The columns of a ProductRow: select(productColumns).from(products).innerJoin(producers, …) */
export const productColumns = {
  ...getTableColumns(products),
  farmSource: producers.name,
  producerSlug: producers.slug,
  producerActive: producers.active,
  producerDistance: producers.distance,
}

export const withProducer = eq(products.producerId, producers.id)

/** What pricing a basket (or an order's change) needs of a product. */
export interface ProductForOrder {
  id: string
  name: string
  /** "12.99" */
  price: string
  inStock: boolean
  category: string
  subcategory: string | null
  /** the producer's name now; an order item keeps its own copy */
  farmSource: string
  imageUrl: string | null
  /** sales tax applies to it (docs/product.md#tax) */
  taxable: boolean
  /** a farm box's own list of items, in order; empty when it has none (docs/product.md#farm-boxes) */
  boxChoiceIds: string[]
}

/** A product sold in limited numbers each Saturday (docs/product.md#weekly-quantities). */
export interface LimitedProduct {
  id: string
  name: string
  weeklyQuantity: number
}

/** A place in a customer's ranking of what they ordered: 1 is the most ordered. */
export interface RankedProduct {
  readonly productId: string
  readonly rank: number
}

/** A product as the week's lists show it (docs/product.md#the-week). */
export interface ProductFacts {
  id: string
  name: string
  /** the unit text, such as "1 lb" (the products' stock_count column) */
  unit: string
  category: string
  producerId: string
  producerSlug: string
  producerName: string
  producerEmail: string | null
}

/** Who a producer is, and where its harvest list goes. */
export type ProducerContact = {
  id: string
  slug: string
  name: string
  email: string | null
}

const producerContactColumns = {
  id: producers.id,
  slug: producers.slug,
  name: producers.name,
  email: producers.email,
}

export const producerColumns = {
  slug: producers.slug,
  name: producers.name,
  location: producers.location,
  distance: producers.distance,
  established: producers.established,
  imageUrl: producers.imageUrl,
  description: producers.description,
  specialties: producers.specialties,
  story: producers.story,
  additionalStory: producers.additionalStory,
  practices: producers.practices,
  availability: producers.availability,
  deliveryDays: producers.deliveryDays,
}

const limitedColumns = {
  id: products.id,
  name: products.name,
  weeklyQuantity: products.weeklyQuantity,
}
const asLimited = (rows: Array<{ id: string; name: string; weeklyQuantity: number | null }>) =>
  rows.map((row): LimitedProduct => ({ ...row, weeklyQuantity: row.weeklyQuantity ?? 0 }))

/**
 * The limited ones of these products. Locked, their rows stay locked until the transaction ends:
 * whoever counts what is left of them next waits until this transaction's sale is committed.
 */
async function limitedProducts(
  executor: Executor,
  ids: readonly string[],
  { lock }: { lock: boolean },
): Promise<LimitedProduct[]> {
  if (ids.length === 0) return []
  const query = executor
    .select(limitedColumns)
    .from(products)
    .where(and(inArray(products.id, [...new Set(ids)]), isNotNull(products.weeklyQuantity)))
    // always in the same order, so two baskets locking the same products cannot deadlock
    .orderBy(asc(products.id))
  return asLimited(lock ? await query.for('update') : await query)
}

export function createCatalogRepo(db: Database) {
  /** Each of these boxes' own list of items, in order; a box without one is missing. */
  async function boxChoiceIdsOf(boxIds: readonly string[]): Promise<Map<string, string[]>> {
    const lists = new Map<string, string[]>()
    if (boxIds.length === 0) return lists
    const rows = await db
      .select({ boxId: boxChoices.boxId, productId: boxChoices.productId })
      .from(boxChoices)
      .where(inArray(boxChoices.boxId, [...new Set(boxIds)]))
      .orderBy(asc(boxChoices.boxId), asc(boxChoices.position))
    for (const { boxId, productId } of rows) {
      const list = lists.get(boxId)
      if (list) list.push(productId)
      else lists.set(boxId, [productId])
    }
    return lists
  }

  return {
    listProducts(query: ProductListQuery): Promise<ProductRow[]> {
      const statement = db
        .select(productColumns)
        .from(products)
        .innerJoin(producers, withProducer)
        .where(and(...productFilters(query)))
        .orderBy(...productOrder(query.sort ?? 'featured'))
      return query.limit === undefined ? statement : statement.limit(query.limit)
    },

    async findProduct(id: string): Promise<ProductRow | undefined> {
      const [row] = await db
        .select(productColumns)
        .from(products)
        .innerJoin(producers, withProducer)
        .where(eq(products.id, id))
      return row
    },

    async productsForOrder(ids: readonly string[]): Promise<ProductForOrder[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select({
          id: products.id,
          name: products.name,
          price: products.price,
          inStock: products.inStock,
          category: products.category,
          subcategory: products.subcategory,
          farmSource: producers.name,
          imageUrl: products.imageUrl,
          taxable: products.taxable,
        })
        .from(products)
        .innerJoin(producers, withProducer)
        .where(inArray(products.id, [...new Set(ids)]))
      // only a farm box has a list: a basket without one costs no second query
      const lists = await boxChoiceIdsOf(rows.filter(isFarmBox).map((row) => row.id))
      return rows.map((row) => ({ ...row, boxChoiceIds: lists.get(row.id) ?? [] }))
    },

    /** Each of these boxes' own list of items, in order; a box without one is missing. */
    boxChoiceIds: boxChoiceIdsOf,

    /** The limited ones of these products, locked inside the caller's transaction. */
    lockLimitedWithin: (tx: Executor, ids: readonly string[]) =>
      limitedProducts(tx, ids, { lock: true }),

    /** The limited ones of these products, read without a lock. */
    limited: (ids: readonly string[]) => limitedProducts(db, ids, { lock: false }),

    /** Every limited product, by name. */
    async allLimited(): Promise<LimitedProduct[]> {
      return asLimited(
        await db
          .select(limitedColumns)
          .from(products)
          .where(isNotNull(products.weeklyQuantity))
          .orderBy(asc(products.name)),
      )
    },

    /** The products on a box's own list, in the list's order (whatever their stock). */
    boxChoiceProducts(boxId: string): Promise<ProductRow[]> {
      return db
        .select(productColumns)
        .from(boxChoices)
        .innerJoin(products, eq(boxChoices.productId, products.id))
        .innerJoin(producers, withProducer)
        .where(eq(boxChoices.boxId, boxId))
        .orderBy(asc(boxChoices.position))
    },

    /** Replaces a box's list with these products, in this order. */
    async setBoxChoices(boxId: string, productIds: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(boxChoices).where(eq(boxChoices.boxId, boxId))
        if (productIds.length === 0) return
        await tx
          .insert(boxChoices)
          .values(productIds.map((productId, position) => ({ boxId, productId, position })))
      })
    },

    /**
     * The in-stock products of a ranking (1 first; ties by name), at most `limit`: the "Buy
     * again" row of a customer's most-ordered products (docs/product.md#buy-again).
     */
    inStockByRank(ranked: readonly RankedProduct[], limit: number): Promise<ProductRow[]> {
      if (ranked.length === 0) return Promise.resolve([])
      const rankOf = JSON.stringify(
        Object.fromEntries(ranked.map(({ productId, rank }) => [productId, rank])),
      )
      return db
        .select(productColumns)
        .from(products)
        .innerJoin(producers, withProducer)
        .where(
          and(
            inArray(
              products.id,
              ranked.map(({ productId }) => productId),
            ),
            eq(products.inStock, true),
          ),
        )
        .orderBy(sql`(${rankOf}::jsonb ->> ${products.id}::text)::int`, asc(products.name))
        .limit(limit)
    },

    /** What the week's lists show of these products today: unit, category and producer. */
    productFacts(ids: readonly string[]): Promise<ProductFacts[]> {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({
          id: products.id,
          name: products.name,
          unit: products.stockCount,
          category: products.category,
          producerId: producers.id,
          producerSlug: producers.slug,
          producerName: producers.name,
          producerEmail: producers.email,
        })
        .from(products)
        .innerJoin(producers, withProducer)
        .where(inArray(products.id, [...new Set(ids)]))
    },

    /**
     * The producers named by these names, ignoring case as the database does (names are unique
     * so), each with the name it was asked by.
     */
    async producersByName(
      names: readonly string[],
    ): Promise<Array<ProducerContact & { askedName: string }>> {
      if (names.length === 0) return []
      const result = await db.execute<ProducerContact & { askedName: string }>(sql`
        select asked.name as "askedName", producer.id, producer.slug, producer.name,
               producer.email
          from jsonb_array_elements_text(${JSON.stringify([...new Set(names)])}::jsonb)
                 as asked(name)
          join producers producer on lower(producer.name) = lower(asked.name)`)
      return result.rows
    },

    /** Any producer, active or not, by its slug. */
    async producerBySlug(slug: string): Promise<ProducerContact | undefined> {
      const [row] = await db
        .select(producerContactColumns)
        .from(producers)
        .where(eq(producers.slug, slug))
      return row
    },

    /** the producers the shop shows: active ones, in display order */
    listProducers() {
      return db
        .select(producerColumns)
        .from(producers)
        .where(eq(producers.active, true))
        .orderBy(asc(producers.sortOrder), asc(producers.name))
    },

    /** an inactive producer has no page */
    async findProducer(slug: string) {
      const [row] = await db
        .select(producerColumns)
        .from(producers)
        .where(and(eq(producers.slug, slug), eq(producers.active, true)))
      return row
    },
  }
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>

function productFilters(query: ProductListQuery): SQL[] {
  const filters: SQL[] = []
  if (query.category) filters.push(eq(products.category, query.category))
  if (query.subcategory) filters.push(eq(products.subcategory, query.subcategory))
  if (query.tags && query.tags.length > 0) filters.push(arrayContains(products.tags, query.tags))
  if (query.minPrice !== undefined)
    filters.push(gte(products.price, centsToDecimal(query.minPrice)))
  if (query.maxPrice !== undefined)
    filters.push(lte(products.price, centsToDecimal(query.maxPrice)))
  if (query.farm) {
    const farm = query.farm.toLowerCase()
    // a producer's slug or its name, ignoring case (docs/product.md#catalogue)
    const match = or(eq(producers.slug, farm), eq(sql`lower(${producers.name})`, farm))
    if (match) filters.push(match)
  }
  if (query.search) {
    const pattern = containing(query.search)
    const match = or(
      ilike(products.name, pattern),
      ilike(producers.name, pattern),
      ilike(products.description, pattern),
    )
    if (match) filters.push(match)
  }
  return filters
}

function productOrder(sort: NonNullable<ProductListQuery['sort']>): SQL[] {
  switch (sort) {
    case 'price-low-high':
      return [asc(products.price), asc(products.name)]
    case 'price-high-low':
      return [desc(products.price), asc(products.name)]
    case 'newest':
      return [desc(products.isNew), desc(products.createdAt), asc(products.name)]
    case 'featured':
      return [
        desc(sql`coalesce(${products.subcategory} = 'featured', false)`),
        desc(products.inStock),
        desc(products.isNew),
        asc(products.name),
      ]
  }
}
