import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/** Facts about the database itself, e.g. that the demo catalogue was loaded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
