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

import {
  DELIVERY_STATUSES,
  ORDER_EVENT_ACTORS,
  ORDER_EVENT_KINDS,
  ORDER_STATUSES,
  PAYMENT_STATES,
} from '../../../shared/schemas/order-status.ts'

export { DELIVERY_STATUSES, ORDER_EVENT_ACTORS, ORDER_EVENT_KINDS, ORDER_STATUSES, PAYMENT_STATES }

/** Owned by the orders feature (docs/decisions/0012-one-owner-per-table.md): only it writes these rows. */

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
    /** the sales-tax rate the order was sold with, in hundredths of a percent (825 = 8.25 %) */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(825),
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
    /**
     * Until when the provider lets the current payment's hold be captured, as it said when the
     * order was authorised (Stripe's capture_before); shown to the staff, never used to judge a
     * hold in the provider's place.
     */
    authorizationExpiresAt: timestamptz('authorization_expires_at'),
    capturedAmount: money('captured_amount').notNull().default('0'),
    capturedAt: timestamptz('captured_at'),
    refundedAmount: money('refunded_amount').notNull().default('0'),
    cancelledAt: timestamptz('cancelled_at'),
    /** set when the shop packs it on Friday (delivery status `preparing`) */
    packedAt: timestamptz('packed_at'),
    /**
     * set when its driver marks it delivered, with the driver's note ("left at the side door");
     * both cleared when the delivery is undone or the status leaves "delivered"
     */
    deliveredAt: timestamptz('delivered_at'),
    deliveryNote: text('delivery_note'),
    /**
     * when the customer's "delivered" e-mail was written to the outbox: once the undo window
     * after the delivered time has passed (docs/product.md#order-emails)
     */
    deliveredEmailAt: timestamptz('delivered_email_at'),
    /**
     * when the order went on hold, still unpaid at the pay-again deadline
     * (docs/product.md#the-week); cleared when staff or a late payment release it
     */
    heldAt: timestamptz('held_at'),
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
    // the minute's tick: delivered orders whose customer has not been told yet
    index('orders_delivered_email_due_idx')
      .on(table.deliveredAt)
      .where(sql`${table.deliveryStatus} = 'delivered' and ${table.deliveredEmailAt} is null`),
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
    /** sales tax applied to it when it was sold (docs/product.md#tax) */
    taxable: boolean('taxable').notNull().default(false),
    /** how many of it were short at packing and taken off the order (docs/product.md#refunds) */
    shortQuantity: integer('short_quantity').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_items_order_id_idx').on(table.orderId),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'order_items_short_quantity_valid',
      sql`${table.shortQuantity} >= 0 and ${table.shortQuantity} <= ${table.quantity}`,
    ),
    check('order_items_price_not_negative', sql`${table.productPrice} >= 0`),
  ],
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

/** An order's history as its customer and the staff read it: who, when, what, the totals. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    actor: text('actor', { enum: ORDER_EVENT_ACTORS }).notNull(),
    actorEmail: text('actor_email'),
    summary: text('summary').notNull(),
    oldTotal: money('old_total'),
    newTotal: money('new_total'),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_events_order_idx').on(table.orderId, table.createdAt),
    check('order_events_kind_valid', sql`${table.kind} in ${inList(ORDER_EVENT_KINDS)}`),
    check('order_events_actor_valid', sql`${table.actor} in ${inList(ORDER_EVENT_ACTORS)}`),
  ],
)

export const SHORT_REASONS = ['out_of_stock', 'damaged', 'quality'] as const

/**
 * An item short at packing (docs/product.md#refunds): how many, why, and what it took off the
 * order, stored under the staff's idempotency key before any money moves. Before the capture it
 * lowers the order's total; after it, `refundOperationKey` names the refund it made.
 */
export const orderItemShortfalls = pgTable(
  'order_item_shortfalls',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: SHORT_REASONS }).notNull(),
    amount: money('amount').notNull(),
    /** the refund's payment operation, when the order had been captured */
    refundOperationKey: text('refund_operation_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email').notNull(),
    /** when the customer's e-mail about it was written (one per packing session) */
    customerToldAt: timestamptz('customer_told_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_item_shortfalls_order_idx').on(table.orderId, table.createdAt),
    check('order_item_shortfalls_quantity_positive', sql`${table.quantity} > 0`),
    check('order_item_shortfalls_amount_not_negative', sql`${table.amount} >= 0`),
    check('order_item_shortfalls_reason_valid', sql`${table.reason} in ${inList(SHORT_REASONS)}`),
  ],
)
