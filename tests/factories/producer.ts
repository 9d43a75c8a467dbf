import { eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { producers } from '#server/db/schema/index.ts'

export type ProducerRow = typeof producers.$inferSelect

let made = 0

/** A producer of the test's own, straight into the database (active unless told otherwise). */
export async function makeProducer(
  db: Database,
  values: Partial<typeof producers.$inferInsert> = {},
): Promise<ProducerRow> {
  made += 1
  const [row] = await db
    .insert(producers)
    .values({
      slug: `test-producer-${process.pid}-${made}`,
      name: `Test Producer ${process.pid}-${made}`,
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

/** The id of one of the demo catalogue's producers (every test database has them). */
export async function demoProducerId(db: Database, slug: string): Promise<string> {
  const [producer] = await db
    .select({ id: producers.id })
    .from(producers)
    .where(eq(producers.slug, slug))
  if (!producer) throw new Error(`no producer ${slug} in the test database`)
  return producer.id
}
