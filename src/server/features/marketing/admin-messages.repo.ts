import { desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { contactMessages, newsletterEmails, waitlistEmails } from '../../db/schema/marketing.ts'

export type ContactMessageRow = typeof contactMessages.$inferSelect
export interface EmailRow {
  id: string
  email: string
  createdAt: Date
}
export interface WaitlistRow extends EmailRow {
  zipCode: string | null
}

export function createAdminMessagesRepo(db: Database) {
  return {
    /** newest first; the id breaks ties so the order is stable */
    listContactMessages(): Promise<ContactMessageRow[]> {
      return db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    },

    /** whether a message with this id was there to delete */
    async deleteContactMessage(id: string): Promise<boolean> {
      const deleted = await db
        .delete(contactMessages)
        .where(eq(contactMessages.id, id))
        .returning({ id: contactMessages.id })
      return deleted.length > 0
    },

    listWaitlistEmails(): Promise<WaitlistRow[]> {
      return db
        .select({
          id: waitlistEmails.id,
          email: waitlistEmails.email,
          createdAt: waitlistEmails.createdAt,
          zipCode: waitlistEmails.zipCode,
        })
        .from(waitlistEmails)
        .orderBy(desc(waitlistEmails.createdAt), desc(waitlistEmails.id))
    },

    listNewsletterEmails(): Promise<EmailRow[]> {
      return db
        .select({
          id: newsletterEmails.id,
          email: newsletterEmails.email,
          createdAt: newsletterEmails.createdAt,
        })
        .from(newsletterEmails)
        .orderBy(desc(newsletterEmails.createdAt), desc(newsletterEmails.id))
    },
  }
}

export type AdminMessagesRepo = ReturnType<typeof createAdminMessagesRepo>
