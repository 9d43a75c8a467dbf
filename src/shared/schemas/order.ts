import { z } from 'zod'
import { isServedZip } from '../domain/service-area.ts'
import { AUTH_MESSAGES, text } from './auth.ts'
import { CalendarDaySchema } from './dates.ts'
import { EmailSchema } from './email.ts'
import {
  DELIVERY_STATUSES,
  ORDER_EVENT_ACTORS,
  ORDER_EVENT_KINDS,
  ORDER_STATUSES,
  PAYMENT_STATES,
} from './order-status.ts'
import { PriceStringSchema } from './product.ts'
import { TextSchema } from './text.ts'

/**
 * Orders (docs/product.md#orders): what a customer and an admin read of an order, and the
 * calls that change one. The pages and the server share these schemas.
 */

export const ORDER_MESSAGES = {
  orderNotFound: 'Order not found',
} as const

/** The delivery address of an order. The state is always TX (docs/product.md#service-area). */
export const DeliveryInfoSchema = z
  .object({
    firstName: text(2, 'First name must be at least 2 characters', 50),
    lastName: text(2, 'Last name must be at least 2 characters', 50),
    email: EmailSchema,
    phone: text(10, 'Phone number must be at least 10 digits', 30).refine(
      (value) => (value.match(/\d/g) ?? []).length >= 10,
      'Phone number must be at least 10 digits',
    ),
    address: text(5, 'Please enter a valid street address', 200),
    apt: z
      .string()
      .trim()
      .max(100, 'Please use at most 100 characters')
      .nullish()
      .transform((value) => (value ? value : null)),
    city: text(2, 'Please enter a valid city', 100),
    zipCode: z
      .string({ error: 'ZIP code must be exactly 5 digits' })
      .trim()
      .regex(/^\d{5}$/, 'ZIP code must be exactly 5 digits')
      .refine(isServedZip, AUTH_MESSAGES.serviceArea),
  })
  .strip()
export type DeliveryInfo = z.output<typeof DeliveryInfoSchema>
export type DeliveryInfoInput = z.input<typeof DeliveryInfoSchema>

export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES)

/** One kind of product chosen for a custom box, with how many of it. */
export const CustomSelectionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  count: z.number().int().positive(),
})
export type CustomSelection = z.infer<typeof CustomSelectionSchema>

export const OrderItemSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  productId: z.uuid().nullable(),
  productName: z.string(),
  productPrice: PriceStringSchema,
  quantity: z.number().int(),
  farmSource: z.string(),
  imageUrl: z.string().nullable(),
  /**
   * A farm box's contents: the chosen items with counts, or an empty list for a box the farm
   * packs ("Farmer's choice"); null for every other line.
   */
  customSelections: z.array(CustomSelectionSchema).nullable(),
  /** sales tax applied to it when it was sold (docs/product.md#tax) */
  taxable: z.boolean(),
  /** how many of `quantity` were short at packing and taken off (docs/product.md#refunds) */
  shortQuantity: z.number().int(),
  /** what those short items took off the order, "0.00" when none */
  shortAmount: PriceStringSchema,
  /** true when it went back to the card (the order was charged); false: taken off the total */
  shortRefunded: z.boolean(),
})
export type OrderItem = z.infer<typeof OrderItemSchema>

export const PaymentStateSchema = z.enum(PAYMENT_STATES)

/** One step of an order's life after checkout, as its customer and the staff read it. */
export const OrderEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ORDER_EVENT_KINDS),
  /** who did it: the customer, the shop's staff, or the shop itself (the cut-off job) */
  actor: z.enum(ORDER_EVENT_ACTORS),
  /** the staff member's e-mail, for the staff only; null for customers (who read "the shop") */
  actorEmail: z.string().nullable(),
  /** "Changed Heirloom Tomatoes from 2 to 3; added Farm Eggs" */
  summary: z.string(),
  oldTotal: PriceStringSchema.nullable(),
  newTotal: PriceStringSchema.nullable(),
  createdAt: z.string(),
})
export type OrderEvent = z.infer<typeof OrderEventSchema>

/** Money given back on an order after its capture. */
export const OrderRefundSchema = z.object({
  id: z.string(),
  amount: PriceStringSchema,
  reason: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: z.string(),
})
export type OrderRefund = z.infer<typeof OrderRefundSchema>

export const OrderSchema = z.object({
  id: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  deliveryAddress: z.string(),
  /** ISO instant: the Saturday's 5:00 AM in America/Chicago */
  deliveryDate: z.string(),
  subtotal: PriceStringSchema,
  discountAmount: PriceStringSchema,
  promoCode: z.string().nullable(),
  deliveryFee: PriceStringSchema,
  tax: PriceStringSchema,
  /** what the tax was charged on, and the rest of the sales, for the receipt (docs/product.md#tax) */
  taxableSales: PriceStringSchema,
  exemptSales: PriceStringSchema,
  total: PriceStringSchema,
  specialInstructions: z.string().nullable(),
  status: OrderStatusSchema,
  deliveryStatus: DeliveryStatusSchema,
  paymentIntentId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(OrderItemSchema),
  /** where the money stands (docs/product.md#order-payments) */
  paymentStatus: PaymentStateSchema,
  /** what the card authorised, what the cut-off took, what was given back */
  authorizedAmount: PriceStringSchema,
  capturedAmount: PriceStringSchema,
  refundedAmount: PriceStringSchema,
  /** ISO instant: the order's cut-off, the end of changes by its customer */
  editableUntil: z.string(),
  /** true while the customer may still change or cancel it (the server's clock decides) */
  editable: z.boolean(),
  /** ISO instant until which a failed payment can be made again with another card; else null */
  payAgainUntil: z.string().nullable(),
  /** raised by every change: a change sent with an older version is refused (409) */
  version: z.number().int(),
  /** oldest first */
  history: z.array(OrderEventSchema),
  refunds: z.array(OrderRefundSchema),
})
export type Order = z.infer<typeof OrderSchema>

/** 409 on a change or cancellation refused: why, and the order as it stands now. */
export const OrderConflictSchema = z.object({
  message: z.string(),
  order: OrderSchema,
})
export type OrderConflict = z.infer<typeof OrderConflictSchema>
export const OrderListSchema = z.array(OrderSchema)

export const OrderIdParamsSchema = z.strictObject({
  id: z.uuid(ORDER_MESSAGES.orderNotFound),
})

/* The admin's orders (docs/product.md#admin) */

export const ADMIN_ORDERS_PAGE_SIZES = [10, 20, 50] as const
export const ADMIN_ORDERS_DEFAULT_PAGE_SIZE = 20

/** `GET /api/admin/orders` filters and page (every value checked; unknown keys refused). */
export const AdminOrderListQuerySchema = z.strictObject({
  /** orders delivered on this Houston calendar day */
  deliveryDate: CalendarDaySchema.optional(),
  status: z
    .enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}` })
    .optional(),
  deliveryStatus: z
    .enum(DELIVERY_STATUSES, {
      error: `Delivery status must be one of: ${DELIVERY_STATUSES.join(', ')}`,
    })
    .optional(),
  paymentStatus: z
    .enum(PAYMENT_STATES, {
      error: `Payment status must be one of: ${PAYMENT_STATES.join(', ')}`,
    })
    .optional(),
  /** the order's number (the first 8 characters of its id), the customer's name, e-mail or phone */
  search: TextSchema.pipe(z.string().trim().max(100, 'Search text is too long')).optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(100_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(100, 'Page size must be at most 100')
    .default(ADMIN_ORDERS_DEFAULT_PAGE_SIZE),
})
export type AdminOrderListQuery = z.output<typeof AdminOrderListQuerySchema>
export type AdminOrderListQueryInput = z.input<typeof AdminOrderListQuerySchema>

/** One recorded change of an order's status or delivery status: who, when, from, to. */
export const OrderStatusChangeSchema = z.object({
  id: z.uuid(),
  field: z.enum(['status', 'delivery_status']),
  fromValue: z.string(),
  toValue: z.string(),
  changedByEmail: z.string(),
  createdAt: z.string(),
})
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>

export const AdminOrderSchema = OrderSchema.extend({
  userId: z.uuid(),
  /** oldest first */
  statusHistory: z.array(OrderStatusChangeSchema),
})
export type AdminOrder = z.infer<typeof AdminOrderSchema>

export const AdminOrderPageSchema = z.object({
  orders: z.array(AdminOrderSchema),
  /** orders matching the filters, over all pages */
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>

export const OrderStatusInputSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, {
    error: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
  }),
})
export const DeliveryStatusInputSchema = z.strictObject({
  deliveryStatus: z.enum(DELIVERY_STATUSES, {
    error: `Delivery status must be one of: ${DELIVERY_STATUSES.join(', ')}`,
  }),
})
