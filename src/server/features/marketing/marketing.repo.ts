import { and, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { contactMessages, newsletterEmails, waitlistEmails } from '../../db/schema/marketing.ts'

export type ContactMessageRow = typeof contactMessages.$inferSelect
export type NewContactMessage = typeof contactMessages.$inferInsert

/**
 * Sign-ups insert with ON CONFLICT DO NOTHING against the unique lower(email) indexes: a known
 * address (in any case) keeps its one row, and two sign-ups racing cannot make two.
 */
export function createMarketingRepo(db: Database) {
  return {
    async insertContactMessage(values: NewContactMessage): Promise<ContactMessageRow> {
      const [row] = await db.insert(contactMessages).values(values).returning()
      if (!row) throw new Error('insert into contact_messages returned no row')
      return row
    },

    async addWaitlistEmail(email: string, zipCode: string | null): Promise<void> {
      const inserted = await db
        .insert(waitlistEmails)
        .values({ email, zipCode })
        .onConflictDoNothing()
        .returning({ id: waitlistEmails.id })
      if (inserted.length > 0 || zipCode === null) return
      // a known address now telling us its ZIP: keep it (the shop learns where demand is), but
      // never overwrite a ZIP already given
      await db
        .update(waitlistEmails)
        .set({ zipCode })
        .where(
          and(
            sql`lower(${waitlistEmails.email}) = lower(${email})`,
            isNull(waitlistEmails.zipCode),
          ),
        )
    },

    async addNewsletterEmail(email: string): Promise<void> {
      await db.insert(newsletterEmails).values({ email }).onConflictDoNothing()
    },
  }
}

export type MarketingRepo = ReturnType<typeof createMarketingRepo>
