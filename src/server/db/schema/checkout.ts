import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import {
  createdAt,
  id,
  inList,
  money,
  moneyNotNegative,
  timestamptz,
  updatedAt,
} from './columns.ts'
import { coupons } from './coupons.ts'

/** Owned by the checkout feature (docs/decisions/0012-one-owner-per-table.md): only it writes these rows. */

/**
 * pending → completed (its order was made) | failed (its payment was cancelled) | abandoned
 * (unpaid for an hour: its coupon hold given back) → expired (unpaid for a day: its payment
 * cancelled at the provider, so it can no longer be paid)
 */
export const CHECKOUT_STATUSES = ['pending', 'completed', 'failed', 'abandoned', 'expired'] as const

/** What the server priced and the customer is paying for, keyed by the payment id. */
export const pendingCheckouts = pgTable(
  'pending_checkouts',
  {
    id: id(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    items: jsonb('items').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    couponReserved: boolean('coupon_reserved').notNull().default(false),
    subtotal: money('subtotal').notNull(),
    discountAmount: money('discount_amount').notNull().default('0'),
    deliveryFee: money('delivery_fee').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    deliveryInfo: jsonb('delivery_info').notNull(),
    deliveryDate: timestamptz('delivery_date').notNull(),
    specialInstructions: text('special_instructions'),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('pending_checkouts_status_created_idx').on(table.status, table.createdAt),
    index('pending_checkouts_user_id_idx').on(table.userId),
    check('pending_checkouts_status_valid', sql`${table.status} in ${inList(CHECKOUT_STATUSES)}`),
    check('pending_checkouts_money_not_negative', moneyNotNegative(table)),
  ],
)

/**
 * The built-in demo payment provider's payments (docs/product.md#payments), kept in the database so
 * any app process can confirm them. No card number is ever stored: only the outcome.
 */
export const demoPayments = pgTable(
  'demo_payments',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    /** cents */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    /** cents taken at capture (at most amount) */
    amountReceived: integer('amount_received').notNull().default(0),
    /** cents given back by refunds (at most amountReceived) */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** when the card authorised it (the provider's clock): the hold lasts 7 days from here */
    authorizedAt: timestamptz('authorized_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('demo_payments_amount_positive', sql`${table.amount} > 0`),
    check(
      'demo_payments_amounts_in_order',
      sql`${table.amountReceived} between 0 and ${table.amount} and ${table.amountRefunded} between 0 and ${table.amountReceived}`,
    ),
  ],
)

/**
 * Every capture, void and refund the demo provider carried out, keyed by the caller's
 * idempotency key: a repeated call answers the stored result and moves no money again.
 */
export const demoPaymentOperations = pgTable('demo_payment_operations', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => demoPayments.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  /** cents */
  amount: integer('amount').notNull(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
})

/**
 * The demo provider's saved cards: never the number, only what a customer is shown of it and
 * which of Stripe's test cards it was, so a later charge without the customer answers as that
 * card would (docs/product.md#saved-cards).
 */
export const demoSavedCards = pgTable(
  'demo_saved_cards',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** succeeds | declines | needs_authentication, when charged without the customer */
    behaviour: text('behaviour').notNull(),
    createdAt: createdAt(),
    /** removed by the customer: kept for the holds it made, never listed or charged again */
    removedAt: timestamptz('removed_at'),
  },
  (table) => [index('demo_saved_cards_customer').on(table.customerId)],
)

/** The demo provider's card setups (the profile's "Add a card"), confirmed by its card form. */
export const demoCardSetups = pgTable('demo_card_setups', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  customerId: text('customer_id').notNull(),
  /** requires_payment_method | requires_action | succeeded */
  status: text('status').notNull().default('requires_payment_method'),
  /** the card it saved, once succeeded */
  savedCardId: text('saved_card_id'),
  /** what is kept of the card while the bank's check is waiting (never the number) */
  pendingCard: jsonb('pending_card').$type<Record<string, unknown>>(),
  lastError: text('last_error'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
})
