import { z } from 'zod'
import { text } from './auth.ts'
import { CheckoutItemSchema, PAYMENT_PROVIDERS } from './checkout.ts'
import { MoneyInputSchema } from './money.ts'
import { DeliveryInfoSchema, OrderSchema } from './order.ts'
import { PriceStringSchema } from './product.ts'
import { SavedCardIdSchema, SavedCardRefusalSchema } from './saved-cards.ts'

/**
 * The calls of an order's week after checkout (docs/product.md#order-changes): the customer's
 * changes and cancellation until the cut-off, a payment after a failed capture, and the
 * staff's cancellations, refunds, job runs and e-mail outbox.
 */

/* Changes by the customer until the cut-off (docs/product.md#order-changes) */

export const ORDER_CHANGE_MESSAGES = {
  noItems: 'An order needs at least one item. To drop them all, cancel the order.',
  locked: (deadline: string) =>
    `This order can no longer be changed online: changes closed ${deadline}. Please contact us and we will do what we can.`,
  cancelled: 'This order was cancelled and can no longer be changed.',
  stale: 'This order was changed in another window. Here it is as it stands now.',
  paymentProblem: 'This order is waiting for a payment. Please pay for it before changing it.',
  couponDropped: (code: string, why: string) =>
    `The coupon ${code} no longer applies to this order (${why}), so it was removed.`,
  nothingChanged: 'Nothing to change: the order already reads like this.',
  refundBeforeCapture:
    'This order has not been charged yet. Change or cancel the order instead of refunding it.',
  refundTooLarge: (left: string) => `At most ${left} is left to refund on this order.`,
  payAgainClosed: 'The time to pay for this order has passed. Please contact us.',
  notPayable: 'This order has no payment waiting.',
  /** joining an order whose Saturday closed meanwhile: the basket goes to the next Saturday */
  joinClosed: (next: string) => `This Saturday's orders are closed; this goes to ${next}.`,
  /** a farm box the order holds already cannot take a second set of choices */
  joinBoxTwice: (name: string) =>
    `Your Saturday order has a ${name} already. Change its items on the order's page, or make a separate order.`,
  /** a cancel while the cut-off's capture of the order is in flight */
  beingCharged:
    "This order's card is being charged right now. Please try again in a minute: it will then be refunded in full.",
  refundKeyMissing:
    'Send an Idempotency-Key header (8 to 64 letters, digits, - or _) with every refund.',
  refundKeyReused: 'This Idempotency-Key was used for another refund of this order.',
  /** releasing (marking paid) an order that is not on hold */
  notOnHold: 'This order is not on hold: there is nothing to release.',
  releaseNote: 'Please say how it was paid (at most 500 characters)',
} as const

/** A staff refund's Idempotency-Key header: one per refund dialog opening. */
export const IdempotencyKeySchema = z
  .string(ORDER_CHANGE_MESSAGES.refundKeyMissing)
  .regex(/^[A-Za-z0-9_-]{8,64}$/, ORDER_CHANGE_MESSAGES.refundKeyMissing)

/** A line of a changed order: the product, how many, and a custom box's chosen items. */
export const OrderChangeItemSchema = CheckoutItemSchema.pick({
  id: true,
  quantity: true,
  customSelections: true,
}).strict()

export const SpecialInstructionsSchema = z
  .string()
  .trim()
  .max(500, 'Please use at most 500 characters')

/** PATCH /api/orders/{id}: items replace the order's lines; what is left out stays. */
export const OrderChangeInputSchema = z.strictObject({
  version: z.number({ error: 'Version is required' }).int().min(1),
  items: z
    .array(OrderChangeItemSchema)
    .min(1, ORDER_CHANGE_MESSAGES.noItems)
    .max(100, 'Please keep an order to at most 100 lines')
    .optional(),
  deliveryInfo: DeliveryInfoSchema.optional(),
  specialInstructions: SpecialInstructionsSchema.nullable().optional(),
  /**
   * a saved card to authorise a raised total with, without the card form
   * (docs/product.md#saved-cards); ignored when the hold covers the change
   */
  paymentMethodId: SavedCardIdSchema.optional(),
})
export type OrderChangeInput = z.input<typeof OrderChangeInputSchema>
export type OrderChangeValues = z.output<typeof OrderChangeInputSchema>

/** A change whose total is above what the card authorised: pay the whole new total first. */
export const PaymentRequiredSchema = z.object({
  paymentRequired: z.object({
    clientSecret: z.string(),
    paymentIntentId: z.string(),
    /** the new total, "72.40" */
    total: PriceStringSchema,
    provider: z.enum(PAYMENT_PROVIDERS),
    /** set when a saved card was chosen and could not pay: why the card form is back */
    savedCard: SavedCardRefusalSchema.optional(),
  }),
})
export type PaymentRequired = z.infer<typeof PaymentRequiredSchema>

export const OrderChangeResultSchema = z.union([OrderSchema, PaymentRequiredSchema])
export type OrderChangeResult = z.infer<typeof OrderChangeResultSchema>

/** POST /api/orders/{id}/payments/complete: after the card form confirmed a change's payment. */
export const OrderPaymentCompleteInputSchema = z.strictObject({
  paymentIntentId: z.string().regex(/^pi_[A-Za-z0-9_]{6,120}$/, 'Payment not found'),
})

/* The staff's money actions (docs/product.md#order-payments) */

export const AdminRefundInputSchema = z.strictObject({
  amount: MoneyInputSchema,
  reason: text(3, 'Please say why (at least 3 characters)', 200),
})
export type AdminRefundInput = z.input<typeof AdminRefundInputSchema>

/**
 * `POST /api/admin/orders/{id}/release`: an order on hold marked paid outside the card, with
 * how (docs/product.md#order-payments).
 */
export const ReleaseOrderInputSchema = z.strictObject({
  note: z
    .string({ error: ORDER_CHANGE_MESSAGES.releaseNote })
    .trim()
    .min(1, ORDER_CHANGE_MESSAGES.releaseNote)
    .max(500, ORDER_CHANGE_MESSAGES.releaseNote),
})
export type ReleaseOrderInput = z.input<typeof ReleaseOrderInputSchema>

export const JobRunSchema = z.object({
  id: z.uuid(),
  job: z.string(),
  runKey: z.string(),
  status: z.enum(['running', 'finished', 'failed', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  detail: z.string().nullable(),
})
export type JobRun = z.infer<typeof JobRunSchema>
export const JobRunListSchema = z.object({ runs: z.array(JobRunSchema) })

export const OutboxEmailSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  orderId: z.uuid().nullable(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>
export const OutboxListQuerySchema = z.strictObject({
  status: z.enum(['pending', 'sent', 'failed']).optional(),
})
export const OutboxListSchema = z.object({ emails: z.array(OutboxEmailSchema) })
