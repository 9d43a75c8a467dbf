import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { AdminProductListQuery, ProductValues } from '#shared/schemas/product.ts'
import type { Database } from '../../db/client.ts'
import { producers, products } from '../../db/schema/catalog.ts'
import type { Transaction } from '../../db/transaction.ts'
import { containing } from '../../db/like.ts'
import { productColumns, withProducer, type ProductRow } from './catalog.repo.ts'

/** The product with its producer, inside the transaction that changed it. */
async function productWithProducer(tx: Transaction, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select(productColumns)
    .from(products)
    .innerJoin(producers, withProducer)
    .where(eq(products.id, id))
  return row
}

export function createAdminProductsRepo(db: Database) {
  return {
    /** every product, in stock or not, newest first; search matches its name or its producer's */
    listProducts(query: AdminProductListQuery): Promise<ProductRow[]> {
      const filters: SQL[] = []
      if (query.category) filters.push(eq(products.category, query.category))
      if (query.search) {
        const pattern = containing(query.search)
        const match = or(ilike(products.name, pattern), ilike(producers.name, pattern))
        if (match) filters.push(match)
      }
      return db
        .select(productColumns)
        .from(products)
        .innerJoin(producers, withProducer)
        .where(and(...filters))
        .orderBy(desc(products.createdAt), asc(products.name), asc(products.id))
    },

    /** A producerId that names no producer fails with PostgreSQL's foreign key violation. */
    insertProduct(values: ProductValues, now: Date): Promise<ProductRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(products)
          .values({ ...values, createdAt: now, updatedAt: now })
          .returning({ id: products.id })
        const row = inserted && (await productWithProducer(tx, inserted.id))
        if (!row) throw new Error('insert returned no product')
        return row
      })
    },

    /**
     * Reads the product locked, lets `change` compute its new values from it (or throw), and
     * stores them: two admins editing different fields at once both keep their change.
     * Undefined when there is no such product.
     */
    updateProduct(
      id: string,
      change: (current: ProductRow) => ProductValues,
      now: Date,
    ): Promise<ProductRow | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select(productColumns)
          .from(products)
          .innerJoin(producers, withProducer)
          .where(eq(products.id, id))
          .for('update', { of: products })
        if (!current) return undefined
        await tx
          .update(products)
          .set({ ...change(current), updatedAt: now })
          .where(eq(products.id, id))
        return productWithProducer(tx, id)
      })
    },

    /** The producer with this name, ignoring case (names are unique that way). */
    async producerIdNamed(name: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: producers.id })
        .from(producers)
        .where(eq(sql`lower(${producers.name})`, name.toLowerCase()))
      return row?.id
    },

    /** Order items keep their own copy of name, price and farm: past orders stay as they were. */
    async deleteProduct(id: string): Promise<boolean> {
      const deleted = await db
        .delete(products)
        .where(eq(products.id, id))
        .returning({ id: products.id })
      return deleted.length > 0
    },
  }
}

export type AdminProductsRepo = ReturnType<typeof createAdminProductsRepo>
