import { and, eq, inArray } from 'drizzle-orm'
import type { DemoPaymentRecord, DemoPaymentStore } from '../../adapters/payments/index.ts'
import type { Database } from '../../db/client.ts'
import { demoPayments } from '../../db/schema/index.ts'

type DemoRow = typeof demoPayments.$inferSelect

const toRecord = (row: DemoRow): DemoPaymentRecord => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  metadata: row.metadata,
  lastError: row.lastError,
})

/**
 * The demo payment provider's payments, kept in the database so any app process can confirm
 * them. The adapter is given this store; it never sees a table. No card number is stored.
 */
export function createDemoPaymentStore(db: Database): DemoPaymentStore {
  async function find(id: string): Promise<DemoPaymentRecord | undefined> {
    const [row] = await db.select().from(demoPayments).where(eq(demoPayments.id, id)).limit(1)
    return row && toRecord(row)
  }

  return {
    find,

    async insertOnce(payment) {
      const [created] = await db
        .insert(demoPayments)
        .values(payment)
        .onConflictDoNothing({ target: demoPayments.idempotencyKey })
        .returning()
      if (created) return toRecord(created)
      const [existing] = await db
        .select()
        .from(demoPayments)
        .where(eq(demoPayments.idempotencyKey, payment.idempotencyKey))
      if (!existing) throw new Error('demo payment vanished after an idempotent insert')
      return toRecord(existing)
    },

    async transition(id, from, to) {
      const [row] = await db
        .update(demoPayments)
        .set(to)
        .where(and(eq(demoPayments.id, id), inArray(demoPayments.status, [...from])))
        .returning()
      return row && toRecord(row)
    },
  }
}
