import { text, uuid } from 'drizzle-orm/pg-core'
import { pgTable } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt } from './columns.ts'

/** Owned by the saved-cards feature (docs/decisions/0012-one-owner-per-table.md). */

/**
 * Each shop customer's customer at the payment provider, made the first time a card is saved:
 * the provider keeps the cards, the shop keeps only this id (docs/product.md#saved-cards).
 */
export const paymentCustomers = pgTable('payment_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** demo or stripe: a customer of one provider means nothing to the other */
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
})
