import { eq } from 'drizzle-orm'
import { producers } from '#server/db/schema/index.ts'
import type { TestApp } from './test-app.ts'

/** The id of one of the demo catalogue's producers, for products a test makes. */
export async function producerIdOf(shop: TestApp, slug: string): Promise<string> {
  const [producer] = await shop.database.db
    .select({ id: producers.id })
    .from(producers)
    .where(eq(producers.slug, slug))
  if (!producer) throw new Error(`no producer ${slug} in the test database`)
  return producer.id
}

let made = 0

/** A producer of the test's own, straight into the database (active unless told otherwise). */
export async function insertProducer(
  shop: TestApp,
  values: Partial<typeof producers.$inferInsert> & { name: string },
): Promise<typeof producers.$inferSelect> {
  const [row] = await shop.database.db
    .insert(producers)
    .values({
      slug: `test-producer-${process.pid}-${++made}`,
      location: 'Brenham, Texas',
      distance: '70 miles from Houston',
      established: 'Est. 2019',
      description: 'A producer made by a test.',
      story: 'Its story is a test.',
      availability: 'Year-round',
      ...values,
    })
    .returning()
  if (!row) throw new Error('insert returned no producer')
  return row
}
