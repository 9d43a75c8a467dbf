import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, inList, timestamptz, updatedAt } from './columns.ts'
import { orders } from './orders.ts'

/** Owned by the outbox feature (docs/decisions/0012-one-owner-per-table.md): only it writes these rows. */

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const

/**
 * E-mails waiting to go, written in the transaction of the change that causes them and sent by
 * the job queue with retries (docs/product.md#order-emails). The dedupe key makes writing the
 * same e-mail twice (a retried job, a replayed webhook) a no-op.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('email_outbox_status_created_idx').on(table.status, table.createdAt),
    check('email_outbox_status_valid', sql`${table.status} in ${inList(OUTBOX_STATUSES)}`),
  ],
)
