import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, id, money, timestamptz, updatedAt } from './columns.ts'
import { coupons, orders } from './orders.ts'

/**
 * The week of an order after checkout (docs/product.md#order-changes): its money operations,
 * the changes waiting for a payment, the history a customer and the staff read, the e-mails
 * it causes and the runs of the jobs that move it on.
 */

const inList = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`)

export const PAYMENT_OPERATION_KINDS = ['capture', 'void', 'refund'] as const
export const PAYMENT_OPERATION_STATUSES = ['pending', 'succeeded', 'failed'] as const

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

export const ORDER_EVENT_KINDS = [
  'placed',
  'changed',
  'cancelled',
  'captured',
  'capture_failed',
  'paid_again',
  'refunded',
  'coupon_dropped',
] as const
export const ORDER_EVENT_ACTORS = ['customer', 'staff', 'shop'] as const

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

export const JOB_RUN_STATUSES = ['running', 'finished', 'failed', 'interrupted'] as const

/** A run of a scheduled job (the cut-off), as the admin reads it: started, finished, counts. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    job: text('job').notNull(),
    /** what the run is for, e.g. the delivery day "2026-11-28" */
    runKey: text('run_key').notNull(),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull().default('running'),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    detail: text('detail'),
  },
  (table) => [
    index('job_runs_job_started_idx').on(table.job, table.startedAt),
    check('job_runs_status_valid', sql`${table.status} in ${inList(JOB_RUN_STATUSES)}`),
  ],
)
