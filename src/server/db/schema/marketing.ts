import { sql } from 'drizzle-orm'
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.ts'

export const waitlistEmails = pgTable(
  'waitlist_emails',
  {
    id: id(),
    email: text('email').notNull(),
    /** set when a visitor outside the service area asks to hear when we deliver there */
    zipCode: text('zip_code'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('waitlist_emails_email_lower_unique').on(sql`lower(${table.email})`)],
)

export const newsletterEmails = pgTable(
  'newsletter_emails',
  {
    id: id(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('newsletter_emails_email_lower_unique').on(sql`lower(${table.email})`)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
)
