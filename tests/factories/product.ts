import type { Database } from '#server/db/client.ts'
import { products } from '#server/db/schema/index.ts'
import { demoProducerId } from './producer.ts'

export type ProductRow = typeof products.$inferSelect

let made = 0

/**
 * A product straight into the database, by default a pantry item of the demo catalogue's
 * Atkinson Farms. The shop's cached lists do not see it until the catalogue is invalidated.
 */
export async function makeProduct(
  db: Database,
  values: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  made += 1
  const [row] = await db
    .insert(products)
    .values({
      name: `Test Product ${process.pid}-${made}`,
      price: '9.99',
      category: 'pantry',
      ...values,
      producerId: values.producerId ?? (await demoProducerId(db, 'atkinson-farms')),
    })
    .returning()
  if (!row) throw new Error('insert returned no product')
  return row
}
