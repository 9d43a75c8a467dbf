import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { AdminProductListQuery, ProductValues } from '#shared/schemas/product.ts'
import type { Database } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import { escapeLike, type ProductRow } from './catalog.repo.ts'

export function createAdminProductsRepo(db: Database) {
  return {
    /** every product, in stock or not, newest first */
    listProducts(query: AdminProductListQuery): Promise<ProductRow[]> {
      const filters: SQL[] = []
      if (query.category) filters.push(eq(products.category, query.category))
      if (query.search) {
        const pattern = `%${escapeLike(query.search)}%`
        const match = or(ilike(products.name, pattern), ilike(products.farmSource, pattern))
        if (match) filters.push(match)
      }
      return db
        .select()
        .from(products)
        .where(and(...filters))
        .orderBy(desc(products.createdAt), asc(products.name), asc(products.id))
    },

    async insertProduct(values: ProductValues, now: Date): Promise<ProductRow> {
      const [row] = await db
        .insert(products)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning()
      if (!row) throw new Error('insert returned no product')
      return row
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
        const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update')
        if (!current) return undefined
        const [row] = await tx
          .update(products)
          .set({ ...change(current), updatedAt: now })
          .where(eq(products.id, id))
          .returning()
        return row
      })
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
