import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, id, inList, money, timestamptz, updatedAt } from './columns.ts'
import { coupons } from './coupons.ts'
import { orders } from './orders.ts'

/**
 * An order's money after checkout (docs/product.md#order-payments), owned by the order-changes
 * feature: the capture, void and refund operations stored before the provider is called, and
 * the changes waiting for a payment.
 */

export const PAYMENT_OPERATION_KINDS = ['capture', 'void', 'refund'] as const
/**
 * pending: stored, the provider not yet asked (or not yet answered); processing: the provider
 * took it and the bank has not answered yet (a refund); succeeded; failed
 */
export const PAYMENT_OPERATION_STATUSES = ['pending', 'processing', 'succeeded', 'failed'] as const

/**
 * A capture, void or refund, stored under its idempotency key before the provider is called:
 * a retry (after a crash, a timeout or a second click) sends the same key, so the provider
 * moves the money once, and this row says what happened.
 */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_OPERATION_KINDS }).notNull(),
    paymentId: text('payment_id').notNull(),
    amount: money('amount').notNull(),
    /** a refund's reason, shown to the customer */
    reason: text('reason'),
    requestedByEmail: text('requested_by_email'),
    status: text('status', { enum: PAYMENT_OPERATION_STATUSES }).notNull().default('pending'),
    /** the provider's id for a refund */
    providerReference: text('provider_reference'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    index('payment_operations_order_idx').on(table.orderId, table.createdAt),
    // a refund's event names the refund: the operation it settles (captures and voids have none)
    index('payment_operations_provider_reference_idx')
      .on(table.providerReference)
      .where(sql`${table.providerReference} is not null`),
    check(
      'payment_operations_kind_valid',
      sql`${table.kind} in ${inList(PAYMENT_OPERATION_KINDS)}`,
    ),
    check(
      'payment_operations_status_valid',
      sql`${table.status} in ${inList(PAYMENT_OPERATION_STATUSES)}`,
    ),
    check('payment_operations_amount_not_negative', sql`${table.amount} >= 0`),
  ],
)

export const ORDER_CHANGE_STATUSES = ['pending', 'applied', 'refused', 'abandoned'] as const
export const ORDER_CHANGE_PURPOSES = ['change', 'pay_again'] as const

/**
 * A change whose new total is above what the card authorised: kept, priced by the server,
 * until its own payment succeeds (then applied once) or fails (then dropped).
 */
export const orderChanges = pgTable(
  'order_changes',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** a change of the order, or the same order paid again after its capture failed */
    purpose: text('purpose', { enum: ORDER_CHANGE_PURPOSES }).notNull().default('change'),
    /** the order's version the change was made from: a change of another version is refused */
    baseVersion: integer('base_version').notNull(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    /** the priced lines (as a pending checkout keeps them) */
    items: jsonb('items').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    subtotal: money('subtotal').notNull(),
    discountAmount: money('discount_amount').notNull(),
    deliveryFee: money('delivery_fee').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    deliveryInfo: jsonb('delivery_info'),
    specialInstructions: text('special_instructions'),
    /** true when specialInstructions replaces the order's (null then clears them) */
    changesInstructions: boolean('changes_instructions').notNull().default(false),
    /**
     * the saved card charged for it without the customer (docs/product.md#saved-cards): stored
     * before the charge, so a charge whose answer was lost is asked again under the same key
     */
    savedCardId: text('saved_card_id'),
    status: text('status', { enum: ORDER_CHANGE_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('order_changes_order_idx').on(table.orderId),
    index('order_changes_status_created_idx').on(table.status, table.createdAt),
    check('order_changes_status_valid', sql`${table.status} in ${inList(ORDER_CHANGE_STATUSES)}`),
  ],
)
