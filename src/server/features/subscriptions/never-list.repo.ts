import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { neverListItems } from '../../db/schema/subscriptions.ts'

/** Each customer's never-list (docs/product.md#never-list). */
export function createNeverListRepo(db: Database) {
  return {
    async productIdsOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ productId: neverListItems.productId })
        .from(neverListItems)
        .where(eq(neverListItems.userId, userId))
      return rows.map((row) => row.productId)
    },

    /** the list becomes exactly these products, in one transaction */
    async replace(userId: string, productIds: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        // two replacements at once take turns: the second sees the first's rows and removes them
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`never_list:${userId}`}))`)
        await tx.delete(neverListItems).where(eq(neverListItems.userId, userId))
        if (productIds.length === 0) return
        await tx
          .insert(neverListItems)
          .values(productIds.map((productId) => ({ userId, productId })))
          .onConflictDoNothing()
      })
    },
  }
}

export type NeverListRepo = ReturnType<typeof createNeverListRepo>
