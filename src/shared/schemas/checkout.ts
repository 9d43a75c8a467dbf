import { z } from 'zod'
import { MAX_LINE_QUANTITY } from '../domain/pricing.ts'
import { isServedZip } from '../domain/service-area.ts'
import { AUTH_MESSAGES, text } from './auth.ts'
import { EmailSchema } from './email.ts'
import { PriceStringSchema } from './product.ts'
import { DELIVERY_STATUSES, ORDER_STATUSES } from './order-status.ts'

/**
 * Checkout, payments and orders (spec §2, §4, §7; decisions §2, §3, §6, §9). The checkout page and
 * the server share these schemas. Money from the client is only ever compared, never trusted.
 */

export const CHECKOUT_MESSAGES = {
  paymentFailed: 'Payment Failed',
  cardDeclined: 'Your card was declined.',
  paymentError: 'Payment Error',
  unexpected: 'An unexpected error occurred',
  orderSaveError:
    'Payment succeeded but there was an issue saving your order. Please contact support.',
  orderProcessingIssue:
    'Your payment was successful, but we encountered an issue saving your order. Please contact support with your payment confirmation.',
  sessionExpired: 'Session expired. Please log in again.',
  paymentSuccessful: 'Payment Successful',
  failedToInitialize: 'Failed to initialize checkout',
  quickStop: 'Quick Stop!',
  amountChanged: 'Your basket total has changed. Please review the updated prices.',
  emptyBasket: 'Your cart is empty',
  paymentNotCompleted: 'This payment has not been completed.',
  paymentNotFound: 'Payment not found',
  orderNotFound: 'Order not found',
  demoOnly: 'Demo payments — no card is charged',
  outOfStock: (name: string) => `Sorry, ${name} is out of stock. Please remove it from your cart.`,
  unavailable: (name: string) =>
    `Sorry, ${name} is no longer available. Please remove it from your cart.`,
  belowMinimum: (minimum: string, remaining: string) =>
    `The minimum order is ${minimum}. Add ${remaining} more to check out.`,
} as const

/** A basket line as the checkout sends it: dollars as numbers, as the basket shows them. */
export const CheckoutItemSchema = z.object({
  id: z.uuid('Invalid product id'),
  name: z.string().max(200).optional(),
  /** dollars (12.99); only compared with the server's price */
  price: z.number().nonnegative().max(99_999_999).optional(),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  /** for custom boxes: the chosen product ids, repeats meaning counts */
  customSelections: z.array(z.uuid('Invalid product id')).max(20).optional(),
})
export type CheckoutItem = z.infer<typeof CheckoutItemSchema>

/** The delivery address of an order (spec §7's deliveryInfo). The state is always TX. */
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

const PromoCodeSchema = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => (value ? value : undefined))

/** POST /api/create-payment-intent (decisions §9). */
export const CreatePaymentIntentInputSchema = z.object({
  /** the total the basket showed, in dollars (64.27); a difference answers 409 */
  amount: z.number().nonnegative().max(99_999_999),
  items: z
    .array(CheckoutItemSchema)
    .min(1, CHECKOUT_MESSAGES.emptyBasket)
    .max(100, 'Please check out at most 100 lines at once'),
  promoCode: PromoCodeSchema,
  deliveryInfo: DeliveryInfoSchema.optional(),
  specialInstructions: z.string().trim().max(500, 'Please use at most 500 characters').optional(),
})
export type CreatePaymentIntentInput = z.input<typeof CreatePaymentIntentInputSchema>

/** The server's totals, as two-decimal strings. */
export const CheckoutTotalsSchema = z.object({
  subtotal: PriceStringSchema,
  discountAmount: PriceStringSchema,
  deliveryFee: PriceStringSchema,
  tax: PriceStringSchema,
  total: PriceStringSchema,
  promoCode: z.string().nullable(),
})
export type CheckoutTotals = z.infer<typeof CheckoutTotalsSchema>

export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]

export const CreatePaymentIntentResultSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** the server's total in dollars */
  amount: z.number(),
  provider: z.enum(PAYMENT_PROVIDERS),
  totals: CheckoutTotalsSchema,
  /** ISO instant: the Saturday's 5:00 AM in America/Chicago */
  deliveryDate: z.string(),
})
export type CreatePaymentIntentResult = z.infer<typeof CreatePaymentIntentResultSchema>

/** 409 from create-payment-intent: the client's amount differs; these are the current figures. */
export const AmountMismatchSchema = z.object({
  message: z.string(),
  totals: CheckoutTotalsSchema,
  /** the current unit price of every line, so the basket can update itself */
  items: z.array(z.object({ id: z.uuid(), name: z.string(), price: PriceStringSchema })),
})
export type AmountMismatch = z.infer<typeof AmountMismatchSchema>

/** GET /api/payments/config: which payment form the checkout shows. */
export const PaymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
})
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>

export const PaymentIntentParamsSchema = z.strictObject({
  paymentIntentId: z.string().regex(/^pi_[A-Za-z0-9_]{6,120}$/, CHECKOUT_MESSAGES.paymentNotFound),
})

/** The demo provider's card form (decisions §6, §9). Card numbers are never stored or logged. */
export const DemoCardSchema = z.object({
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{13,19}$/, 'Please enter a valid card number')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'Please enter the expiry as MM / YY'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Please enter the 3 or 4 digit security code'),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'ZIP code must be exactly 5 digits'),
})
export type DemoCardInput = z.input<typeof DemoCardSchema>

export const DemoConfirmResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded') }),
  z.object({ status: z.literal('failed'), message: z.string() }),
  z.object({ status: z.literal('requires_action'), redirectUrl: z.string() }),
])
export type DemoConfirmResult = z.infer<typeof DemoConfirmResultSchema>

/** The demo authentication page's answer: complete or fail the payment. */
export const DemoAuthenticateInputSchema = z.object({
  outcome: z.enum(['succeeded', 'failed']),
})
export const DemoAuthenticateResultSchema = z.object({ returnUrl: z.string() })

/** POST /api/orders (spec §7). Only paymentIntentId and deliveryInfo are used; money is compared. */
export const CreateOrderInputSchema = z.object({
  paymentIntentId: PaymentIntentParamsSchema.shape.paymentIntentId,
  deliveryInfo: DeliveryInfoSchema.optional(),
  cartItems: z.array(z.unknown()).max(100).optional(),
  subtotal: z.union([z.string(), z.number()]).optional(),
  deliveryFee: z.union([z.string(), z.number()]).optional(),
  tax: z.union([z.string(), z.number()]).optional(),
  total: z.union([z.string(), z.number()]).optional(),
  promoCode: z.string().max(64).nullish(),
  discountAmount: z.union([z.string(), z.number()]).optional(),
})
export type CreateOrderInput = z.input<typeof CreateOrderInputSchema>

export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES)

export const CustomSelectionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  count: z.number().int().positive(),
})

export const OrderItemSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  productId: z.uuid().nullable(),
  productName: z.string(),
  productPrice: PriceStringSchema,
  quantity: z.number().int(),
  farmSource: z.string(),
  imageUrl: z.string().nullable(),
  /** a custom box's contents, with counts */
  customSelections: z.array(CustomSelectionSchema).nullable(),
})
export type OrderItem = z.infer<typeof OrderItemSchema>

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
  total: PriceStringSchema,
  specialInstructions: z.string().nullable(),
  status: OrderStatusSchema,
  deliveryStatus: DeliveryStatusSchema,
  paymentIntentId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(OrderItemSchema),
})
export type Order = z.infer<typeof OrderSchema>
export const OrderListSchema = z.array(OrderSchema)

export const OrderIdParamsSchema = z.strictObject({
  id: z.uuid(CHECKOUT_MESSAGES.orderNotFound),
})
