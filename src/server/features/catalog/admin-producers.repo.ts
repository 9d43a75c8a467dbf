import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm'
import type { ProducerValues } from '#shared/schemas/producer.ts'
import type { Database } from '../../db/client.ts'
import { producers, products } from '../../db/schema/catalog.ts'

export type ProducerRow = typeof producers.$inferSelect
/** a producer with the number of products that name it */
export type AdminProducerRow = ProducerRow & { productCount: number }

type Reader = Pick<Database, 'select'>

/** producers with the number of products naming each */
function selectWithProductCounts(db: Reader) {
  const counts = db
    .select({ producerId: products.producerId, productCount: count().as('product_count') })
    .from(products)
    .groupBy(products.producerId)
    .as('product_counts')
  return db
    .select({
      ...getTableColumns(producers),
      productCount: sql<number>`coalesce(${counts.productCount}, 0)`.mapWith(Number),
    })
    .from(producers)
    .leftJoin(counts, eq(counts.producerId, producers.id))
}

export type ProducerRemoval =
  { removed: true } | { removed: false; name: string; productCount: number }

export function createAdminProducersRepo(db: Database) {
  return {
    /** every producer, inactive ones included, in the shop's display order */
    list(): Promise<AdminProducerRow[]> {
      return selectWithProductCounts(db).orderBy(asc(producers.sortOrder), asc(producers.name))
    },

    /** a new producer is shown after the others; slug and name must be free (unique indexes) */
    async insert(values: ProducerValues, now: Date): Promise<AdminProducerRow> {
      const [row] = await db
        .insert(producers)
        .values({
          ...values,
          sortOrder: sql`(select coalesce(max(${producers.sortOrder}), -1) + 1 from ${producers})`,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      if (!row) throw new Error('insert returned no producer')
      return { ...row, productCount: 0 }
    },

    /**
     * Reads the producer locked, lets `change` compute its new values from it (or throw), and
     * stores them. Undefined when there is no such producer.
     */
    update(
      id: string,
      change: (current: ProducerRow) => ProducerValues,
      now: Date,
    ): Promise<AdminProducerRow | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(producers)
          .where(eq(producers.id, id))
          .for('update')
        if (!current) return undefined
        await tx
          .update(producers)
          .set({ ...change(current), updatedAt: now })
          .where(eq(producers.id, id))
        const [row] = await selectWithProductCounts(tx).where(eq(producers.id, id))
        return row
      })
    },

    /**
     * Deletes a producer that no product names. The row is locked first: a product being
     * created for it waits (its foreign key check shares that lock), so none slips in between
     * the count and the delete. Undefined when there is no such producer.
     */
    remove(id: string): Promise<ProducerRemoval | undefined> {
      return db.transaction(async (tx) => {
        const [producer] = await tx
          .select({ name: producers.name })
          .from(producers)
          .where(eq(producers.id, id))
          .for('update')
        if (!producer) return undefined
        const [named] = await tx
          .select({ productCount: count() })
          .from(products)
          .where(eq(products.producerId, id))
        const productCount = named?.productCount ?? 0
        if (productCount > 0) return { removed: false, name: producer.name, productCount }
        await tx.delete(producers).where(eq(producers.id, id))
        return { removed: true }
      })
    },
  }
}

export type AdminProducersRepo = ReturnType<typeof createAdminProducersRepo>
