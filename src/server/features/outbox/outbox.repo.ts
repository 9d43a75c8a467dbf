import { and, desc, eq, like, max, sql } from 'drizzle-orm'
import { emailOutbox } from '../../db/schema/outbox.ts'
import type { Executor } from '../../db/transaction.ts'

export type OutboxRow = typeof emailOutbox.$inferSelect
export type OutboxStatus = OutboxRow['status']
export type NewOutboxRow = Pick<
  typeof emailOutbox.$inferInsert,
  'dedupeKey' | 'kind' | 'orderId' | 'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'createdAt'
>

/** the admin's list is a view of the latest sends, not an archive */
export const OUTBOX_LIST_LIMIT = 200

export function createOutboxRepo(db: Executor) {
  return {
    within: (tx: Executor) => createOutboxRepo(tx),

    /** the new row's id, or null when an e-mail with this dedupe key was written before */
    async insert(values: NewOutboxRow): Promise<string | null> {
      const [row] = await db
        .insert(emailOutbox)
        .values({ ...values, updatedAt: values.createdAt })
        .onConflictDoNothing({ target: emailOutbox.dedupeKey })
        .returning({ id: emailOutbox.id })
      return row?.id ?? null
    },

    /**
     * The row, locked until the transaction ends, unless another runner holds it (it is being
     * sent there right now): then undefined, as for a row that does not exist.
     */
    async lockForSending(id: string): Promise<OutboxRow | undefined> {
      const [row] = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id))
        .for('update', { skipLocked: true })
      return row
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(emailOutbox)
        .set({
          status: 'sent',
          sentAt: at,
          attempts: sql`${emailOutbox.attempts} + 1`,
          updatedAt: at,
        })
        .where(eq(emailOutbox.id, id))
    },

    /** one more attempt that failed; `givenUp` when it was the last one */
    async recordFailure(
      id: string,
      { error, givenUp, at }: { error: string; givenUp: boolean; at: Date },
    ): Promise<void> {
      await db
        .update(emailOutbox)
        .set({
          attempts: sql`${emailOutbox.attempts} + 1`,
          lastError: error,
          ...(givenUp ? { status: 'failed' as const } : {}),
          updatedAt: at,
        })
        .where(eq(emailOutbox.id, id))
    },

    /** a failed e-mail back to pending; undefined when it is not (or no longer) failed */
    async reopenFailed(id: string, at: Date): Promise<OutboxRow | undefined> {
      const [row] = await db
        .update(emailOutbox)
        .set({ status: 'pending', updatedAt: at })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
        .returning()
      return row
    },

    async findById(id: string): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1)
      return row
    },

    /**
     * When the e-mails of a kind whose dedupe key starts with `keyPrefix` were last written, by
     * the part of the key after the prefix, up to the next colon.
     */
    async lastWrittenByKey(kind: string, keyPrefix: string): Promise<Map<string, Date>> {
      const part = sql<string>`split_part(substr(${emailOutbox.dedupeKey}, ${keyPrefix.length + 1}), ':', 1)`
      const rows = await db
        .select({ part, at: max(emailOutbox.createdAt) })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, kind),
            like(emailOutbox.dedupeKey, `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`),
          ),
        )
        // by position: the part's expression carries a parameter, which group by cannot match
        .groupBy(sql`1`)
      return new Map(rows.flatMap(({ part, at }) => (at ? [[part, at] as const] : [])))
    },

    /** newest first (email_outbox_status_created_idx serves a status's list) */
    list(status: OutboxStatus | undefined): Promise<OutboxRow[]> {
      return db
        .select()
        .from(emailOutbox)
        .where(status ? eq(emailOutbox.status, status) : undefined)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(OUTBOX_LIST_LIMIT)
    },
  }
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>
