import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, id, money, timestamptz, updatedAt } from './columns.ts'
import { orders } from './orders.ts'

/** Owned by the coupons feature (docs/decisions/0012-one-owner-per-table.md): only it writes these rows. */

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOff: money('amount_off'),
    minSubtotal: money('min_subtotal'),
    active: boolean('active').notNull().default(true),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    maxRedemptions: integer('max_redemptions'),
    /** orders that used the coupon */
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    /** unpaid checkouts holding a use of a limited coupon (released on failure or after an hour) */
    timesReserved: integer('times_reserved').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('coupons_code_lower_unique').on(sql`lower(${table.code})`),
    check(
      'coupons_one_kind_of_discount',
      sql`(${table.percentOff} is null) <> (${table.amountOff} is null)`,
    ),
    check(
      'coupons_percent_off_range',
      sql`${table.percentOff} is null or ${table.percentOff} between 1 and 100`,
    ),
    check('coupons_amount_off_positive', sql`${table.amountOff} is null or ${table.amountOff} > 0`),
    check(
      'coupons_within_limit',
      sql`${table.maxRedemptions} is null or ${table.timesRedeemed} + ${table.timesReserved} <= ${table.maxRedemptions}`,
    ),
    check(
      'coupons_counts_not_negative',
      sql`${table.timesRedeemed} >= 0 and ${table.timesReserved} >= 0`,
    ),
    check(
      'coupons_dates_in_order',
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.startsAt} < ${table.endsAt}`,
    ),
    check(
      'coupons_min_subtotal_not_negative',
      sql`${table.minSubtotal} is null or ${table.minSubtotal} >= 0`,
    ),
    check(
      'coupons_max_redemptions_positive',
      sql`${table.maxRedemptions} is null or ${table.maxRedemptions} > 0`,
    ),
  ],
)

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      // a coupon with redemptions keeps its history: deactivate it rather than delete it
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    discountAmount: money('discount_amount').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('coupon_redemptions_coupon_id_idx').on(table.couponId)],
)
