import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns.ts'

/**
 * Request and attempt counts shared by every app process (per IP for forms and sign-in, per
 * address for failed sign-ins and reset requests, per account for declined cards). One row per
 * key and window: an upsert adds a hit, or starts a new window once the old one has ended.
 * The table is UNLOGGED (migration 0005, which Drizzle's schema cannot say): no fsync per hit,
 * and a PostgreSQL crash only empties the running windows.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** the first hit of the window plus its length; the row is stale (and purged) after it */
    resetsAt: timestamptz('resets_at').notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
)
