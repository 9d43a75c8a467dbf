import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, id, money, timestamptz, updatedAt } from './columns.ts'

import {
  DELIVERY_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATES,
} from '../../../shared/schemas/order-status.ts'

export { DELIVERY_STATUSES, ORDER_STATUSES, PAYMENT_STATES }

export const CHECKOUT_STATUSES = ['pending', 'completed', 'failed', 'abandoned'] as const

const moneyNotNegative = (table: {
  subtotal: AnyPgColumn
  discountAmount: AnyPgColumn
  deliveryFee: AnyPgColumn
  tax: AnyPgColumn
  total: AnyPgColumn
}) =>
  sql`${table.subtotal} >= 0 and ${table.discountAmount} >= 0 and ${table.deliveryFee} >= 0 and ${table.tax} >= 0 and ${table.total} >= 0`

const inList = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`)

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
    /** pending → completed (order made) | failed | abandoned */
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

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    deliveryAddress: text('delivery_address').notNull(),
    /** the Saturday's 5:00 AM in America/Chicago, the start of the delivery window */
    deliveryDate: timestamptz('delivery_date').notNull(),
    subtotal: money('subtotal').notNull(),
    deliveryFee: money('delivery_fee').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    promoCode: text('promo_code'),
    discountAmount: money('discount_amount').notNull().default('0'),
    specialInstructions: text('special_instructions'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    deliveryStatus: text('delivery_status', { enum: DELIVERY_STATUSES })
      .notNull()
      .default('order_placed'),
    /** one order per payment: the unique index makes a second one impossible */
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    /** raised by every change of the order's lines, address or instructions (optimistic lock) */
    version: integer('version').notNull().default(1),
    /** where the order's money stands (docs/product.md#order-payments) */
    paymentStatus: text('payment_status', { enum: PAYMENT_STATES }).notNull().default('authorized'),
    /**
     * The payment the cut-off captures and refunds go back to: the checkout's, or the one that
     * replaced it (a change above the authorised amount, a payment after a failed capture).
     */
    currentPaymentId: text('current_payment_id'),
    authorizedAmount: money('authorized_amount').notNull().default('0'),
    authorizedAt: timestamptz('authorized_at'),
    capturedAmount: money('captured_amount').notNull().default('0'),
    capturedAt: timestamptz('captured_at'),
    refundedAmount: money('refunded_amount').notNull().default('0'),
    cancelledAt: timestamptz('cancelled_at'),
    /** set when the shop packs it on Friday (delivery status `preparing`) */
    packedAt: timestamptz('packed_at'),
    /** set when its driver marks it delivered, with the driver's note ("left at the side door") */
    deliveredAt: timestamptz('delivered_at'),
    deliveryNote: text('delivery_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('orders_user_id_created_idx').on(table.userId, table.createdAt),
    index('orders_payment_status_delivery_idx').on(table.paymentStatus, table.deliveryDate),
    check('orders_payment_status_valid', sql`${table.paymentStatus} in ${inList(PAYMENT_STATES)}`),
    check(
      'orders_payment_amounts_valid',
      sql`${table.authorizedAmount} >= 0 and ${table.capturedAmount} >= 0 and ${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.capturedAmount}`,
    ),
    index('orders_delivery_date_status_idx').on(table.deliveryDate, table.status),
    index('orders_created_at_idx').on(table.createdAt),
    check('orders_status_valid', sql`${table.status} in ${inList(ORDER_STATUSES)}`),
    check('orders_money_not_negative', moneyNotNegative(table)),
    check(
      'orders_delivery_status_valid',
      sql`${table.deliveryStatus} in ${inList(DELIVERY_STATUSES)}`,
    ),
  ],
)

/** Items keep their own name, price and producer, so deleting a product leaves orders intact. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id'),
    productName: text('product_name').notNull(),
    productPrice: money('product_price').notNull(),
    quantity: integer('quantity').notNull(),
    farmSource: text('farm_source').notNull(),
    imageUrl: text('image_url'),
    customSelections: jsonb('custom_selections'),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_items_order_id_idx').on(table.orderId),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_price_not_negative', sql`${table.productPrice} >= 0`),
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

export const ORDER_STATUS_FIELDS = ['status', 'delivery_status'] as const

/** Every change an admin makes to an order's status or delivery status: who, when, from, to. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    field: text('field', { enum: ORDER_STATUS_FIELDS }).notNull(),
    fromValue: text('from_value').notNull(),
    toValue: text('to_value').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** kept beside the id so the history still names the admin if the account goes */
    changedByEmail: text('changed_by_email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_status_changes_order_id_idx').on(table.orderId, table.createdAt),
    check(
      'order_status_changes_field_valid',
      sql`${table.field} in ${inList(ORDER_STATUS_FIELDS)}`,
    ),
  ],
)
