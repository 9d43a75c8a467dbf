import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type {
  DemoCardBehaviour,
  DemoCardSetupRecord,
  DemoOperationResult,
  DemoPaymentRecord,
  DemoSavedCardRecord,
  DemoPaymentStore,
  Refund,
} from '../../adapters/payments/index.ts'
import type { Database } from '../../db/client.ts'
import {
  demoCardSetups,
  demoPaymentOperations,
  demoPayments,
  demoSavedCards,
} from '../../db/schema/checkout.ts'

type DemoRow = typeof demoPayments.$inferSelect

const toRecord = (row: DemoRow): DemoPaymentRecord => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  amountReceived: row.amountReceived,
  amountRefunded: row.amountRefunded,
  metadata: row.metadata,
  lastError: row.lastError,
  createdAt: row.createdAt,
  authorizedAt: row.authorizedAt,
})

const toCard = (row: typeof demoSavedCards.$inferSelect): DemoSavedCardRecord => ({
  ...row,
  behaviour: row.behaviour as DemoCardBehaviour,
})

const toSetup = (row: typeof demoCardSetups.$inferSelect): DemoCardSetupRecord => ({
  id: row.id,
  clientSecret: row.clientSecret,
  customerId: row.customerId,
  status: row.status,
  savedCardId: row.savedCardId,
  pendingCard: row.pendingCard,
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

    async saveCard(card) {
      const [row] = await db.insert(demoSavedCards).values(card).returning()
      if (!row) throw new Error('saving a demo card returned nothing')
      return toCard(row)
    },

    async findCard(id) {
      const [row] = await db.select().from(demoSavedCards).where(eq(demoSavedCards.id, id))
      return row && toCard(row)
    },

    async listCards(customerId) {
      const rows = await db
        .select()
        .from(demoSavedCards)
        .where(and(eq(demoSavedCards.customerId, customerId), isNull(demoSavedCards.removedAt)))
        .orderBy(desc(demoSavedCards.createdAt), desc(demoSavedCards.id))
      return rows.map(toCard)
    },

    async removeCard(customerId, id, at) {
      const removed = await db
        .update(demoSavedCards)
        .set({ removedAt: at })
        .where(
          and(
            eq(demoSavedCards.id, id),
            eq(demoSavedCards.customerId, customerId),
            isNull(demoSavedCards.removedAt),
          ),
        )
        .returning({ id: demoSavedCards.id })
      return removed.length > 0
    },

    async insertSetupOnce(setup) {
      const [created] = await db
        .insert(demoCardSetups)
        .values(setup)
        .onConflictDoNothing({ target: demoCardSetups.idempotencyKey })
        .returning()
      if (created) return toSetup(created)
      const [existing] = await db
        .select()
        .from(demoCardSetups)
        .where(eq(demoCardSetups.idempotencyKey, setup.idempotencyKey))
      if (!existing) throw new Error('demo card setup vanished after an idempotent insert')
      return toSetup(existing)
    },

    async findSetup(id) {
      const [row] = await db.select().from(demoCardSetups).where(eq(demoCardSetups.id, id))
      return row && toSetup(row)
    },

    async transitionSetup(id, from, to) {
      const [row] = await db
        .update(demoCardSetups)
        .set(to)
        .where(and(eq(demoCardSetups.id, id), inArray(demoCardSetups.status, [...from])))
        .returning()
      return row && toSetup(row)
    },

    async findRefund(refundId: string): Promise<Refund | undefined> {
      const [row] = await db
        .select({ result: demoPaymentOperations.result })
        .from(demoPaymentOperations)
        .where(
          and(
            eq(demoPaymentOperations.kind, 'refund'),
            sql`${demoPaymentOperations.result} -> 'refund' ->> 'id' = ${refundId}`,
          ),
        )
        .limit(1)
      const refund = (row?.result as { refund?: Refund } | undefined)?.refund
      // refunds stored before failure reasons were kept have none
      return refund && { ...refund, failureReason: refund.failureReason ?? null }
    },

    /**
     * The payment is locked first, so calls on one payment (the same key twice, or a capture
     * racing a void) take turns: the second reads what the first stored and moves no money.
     */
    operateOnce(operation, decide) {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(demoPayments)
          .where(eq(demoPayments.id, operation.paymentId))
          .for('update')
        if (!locked) return undefined
        const [done] = await tx
          .select()
          .from(demoPaymentOperations)
          .where(eq(demoPaymentOperations.idempotencyKey, operation.idempotencyKey))
        if (done) {
          if (done.paymentId !== operation.paymentId || done.kind !== operation.kind) {
            throw new Error(
              `idempotency key ${operation.idempotencyKey} was used for a ${done.kind} of ${done.paymentId}`,
            )
          }
          return done.result as DemoOperationResult
        }
        const { change, result } = decide(toRecord(locked))
        // a key used at this moment for another payment fails here, and nothing is changed
        await tx.insert(demoPaymentOperations).values({ ...operation, result })
        if (change) await tx.update(demoPayments).set(change).where(eq(demoPayments.id, locked.id))
        return result
      })
    },
  }
}
