import { z } from 'zod'
import { CUSTOM_BOX_SIZE } from '../domain/farm-boxes.ts'
import { MAX_LINE_QUANTITY } from '../domain/pricing.ts'
import { MoneyInputSchema } from './money.ts'
import { DeliveryInfoSchema, OrderSchema } from './order.ts'
import { PriceStringSchema } from './product.ts'
import { SavedCardIdSchema, SavedCardRefusalSchema } from './saved-cards.ts'

/**
 * Checkout and payments (docs/product.md#payments, #pricing). The checkout page and the server
 * share these schemas. Money from the client is only ever compared, never trusted: it comes in
 * as a JSON number or a two-decimal string and leaves as a two-decimal string.
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

/** A basket line as the checkout sends it. */
export const CheckoutItemSchema = z.object({
  id: z.uuid('Invalid product id'),
  name: z.string().max(200).optional(),
  /** the unit price the basket showed (12.99 or "12.99"), in cents once read; never charged */
  price: MoneyInputSchema.optional(),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  /** a farm box's chosen product ids, repeats meaning counts (docs/product.md#farm-boxes) */
  customSelections: z
    .array(z.uuid('Invalid product id'))
    .max(CUSTOM_BOX_SIZE, `A custom box holds exactly ${CUSTOM_BOX_SIZE} items`)
    .optional(),
})
export type CheckoutItem = z.input<typeof CheckoutItemSchema>
export type CheckoutItemValues = z.output<typeof CheckoutItemSchema>

const PromoCodeSchema = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => (value ? value : undefined))

/** POST /api/create-payment-intent (docs/product.md#payments). */
export const CreatePaymentIntentInputSchema = z.object({
  /** the total the basket showed (64.27 or "64.27"), in cents once read; a difference is a 409 */
  amount: MoneyInputSchema,
  items: z
    .array(CheckoutItemSchema)
    .min(1, CHECKOUT_MESSAGES.emptyBasket)
    .max(100, 'Please check out at most 100 lines at once'),
  promoCode: PromoCodeSchema,
  deliveryInfo: DeliveryInfoSchema.optional(),
  specialInstructions: z.string().trim().max(500, 'Please use at most 500 characters').optional(),
  /** keep the card for changes to the customer's orders (docs/product.md#saved-cards) */
  savePaymentMethod: z.boolean().optional(),
  /**
   * the customer's open order for the same Saturday to add the basket to, instead of a second
   * order (docs/product.md#one-order-per-saturday); `amount` is then the order's new total
   */
  joinOrderId: z.uuid({ error: CHECKOUT_MESSAGES.orderNotFound }).optional(),
  /** a saved card to authorise the joined order's new total with, without the card form */
  paymentMethodId: SavedCardIdSchema.optional(),
})
export type CreatePaymentIntentInput = z.input<typeof CreatePaymentIntentInputSchema>
export type CreatePaymentIntentValues = z.output<typeof CreatePaymentIntentInputSchema>

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
  /** the server's total, "64.27" */
  amount: PriceStringSchema,
  provider: z.enum(PAYMENT_PROVIDERS),
  totals: CheckoutTotalsSchema,
  /** ISO instant: the Saturday's 5:00 AM in America/Chicago */
  deliveryDate: z.string(),
  /** set when the basket is being added to this order: the card form pays its new total */
  joinOrderId: z.uuid().optional(),
  /** set when a saved card was chosen and could not pay: why the card form is back */
  savedCard: SavedCardRefusalSchema.optional(),
})
export type CreatePaymentIntentResult = z.infer<typeof CreatePaymentIntentResultSchema>

/** The basket joined the customer's open order, paid by what already holds it or a saved card. */
export const JoinedOrderResultSchema = z.object({ joinedOrder: OrderSchema })
export type JoinedOrderResult = z.infer<typeof JoinedOrderResultSchema>

/** 409 from create-payment-intent: the client's amount differs; these are the current figures. */
export const AmountMismatchSchema = z.object({
  message: z.string(),
  totals: CheckoutTotalsSchema,
  /** the current unit price (and tax) of every line, so the basket can update itself */
  items: z.array(
    z.object({ id: z.uuid(), name: z.string(), price: PriceStringSchema, taxable: z.boolean() }),
  ),
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

/** The demo card form confirms a payment (pi_…) or a card kept without one (seti_…). */
export const DemoConfirmParamsSchema = z.strictObject({
  paymentIntentId: z
    .string()
    .regex(/^(pi|seti)_[A-Za-z0-9_]{6,120}$/, CHECKOUT_MESSAGES.paymentNotFound),
})

/** The demo provider's card form (docs/product.md#payments). Card numbers are never stored or logged. */
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

/**
 * The demo card form's answer: a good card authorises the payment (requires_capture; the
 * cut-off captures it, docs/product.md#order-payments); succeeded is a payment taken at once.
 */
export const DemoConfirmResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('requires_capture') }),
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

/**
 * POST /api/orders: the order is made from the paid checkout. Only paymentIntentId and
 * deliveryInfo are used; the money fields the page sends are read (cents) and compared.
 */
export const CreateOrderInputSchema = z.object({
  paymentIntentId: PaymentIntentParamsSchema.shape.paymentIntentId,
  deliveryInfo: DeliveryInfoSchema.optional(),
  cartItems: z.array(z.unknown()).max(100).optional(),
  subtotal: MoneyInputSchema.optional(),
  deliveryFee: MoneyInputSchema.optional(),
  tax: MoneyInputSchema.optional(),
  total: MoneyInputSchema.optional(),
  promoCode: z.string().max(64).nullish(),
  discountAmount: MoneyInputSchema.optional(),
})
export type CreateOrderInput = z.input<typeof CreateOrderInputSchema>
