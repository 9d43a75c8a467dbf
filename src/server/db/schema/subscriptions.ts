import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalog.ts'
import { createdAt, id, timestamptz, updatedAt } from './columns.ts'

/** Owned by the subscriptions feature (docs/decisions/0012-one-owner-per-table.md). */

/**
 * A customer's standing weekly order (docs/product.md#subscriptions): its items, every one or two
 * weeks from its first Saturday, paid with one of their saved cards.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequencyWeeks: integer('frequency_weeks').notNull(),
    firstSaturday: date('first_saturday', { mode: 'string' }).notNull(),
    /** the saved card (pm_…) the weekly orders are charged to */
    paymentMethodId: text('payment_method_id').notNull(),
    /** no order for a Saturday from `pausedFrom` (the first still open when paused) to this day */
    pausedUntil: date('paused_until', { mode: 'string' }),
    pausedFrom: date('paused_from', { mode: 'string' }),
    cancelledAt: timestamptz('cancelled_at'),
    /** a cancelled subscription still delivers this Saturday: its week was open when cancelled */
    lastSaturday: date('last_saturday', { mode: 'string' }),
    /** raised by every change, so that two changes at once cannot both apply (optimistic lock) */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId),
    check('subscriptions_frequency_check', sql`${table.frequencyWeeks} in (1, 2)`),
    check(
      'subscriptions_first_saturday_check',
      sql`extract(isodow from ${table.firstSaturday}) = 6`,
    ),
  ],
)

/** One line of a subscription: a product and how many, a custom farm box's chosen items. */
export const subscriptionItems = pgTable(
  'subscription_items',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      // a product the shop deletes leaves its subscriptions
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** a custom box's items with counts; null for a product, or a box left to the farmer */
    customSelections: jsonb('custom_selections').$type<string[]>(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.productId] }),
    check('subscription_items_quantity_check', sql`${table.quantity} between 1 and 99`),
  ],
)

/** The Saturdays a customer skipped. */
export const subscriptionSkips = pgTable(
  'subscription_skips',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    saturday: date('saturday', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.saturday] })],
)

/**
 * The products a customer never wants in a box the farmer fills: the week's Farmer's choice boxes
 * are drawn around them (docs/product.md#never-list).
 */
export const neverListItems = pgTable(
  'never_list_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
)
