import { z } from 'zod'
import { formatDeliveryDateLong, deliveryOfSaturday } from '../domain/delivery.ts'
import { SUBSCRIPTION_FREQUENCIES } from '../domain/subscription-schedule.ts'
import { CheckoutItemSchema } from './checkout.ts'
import { SavedCardIdSchema } from './saved-cards.ts'
import { SaturdaySchema } from './week.ts'

/**
 * Subscriptions (docs/product.md#subscriptions): a customer's standing order, every week or every
 * other week, charged to a saved card. The calls under /api/subscriptions and the pages that
 * make them share these shapes and words.
 */

const longSaturday = (saturday: string) => formatDeliveryDateLong(deliveryOfSaturday(saturday))

export const SUBSCRIPTION_MESSAGES = {
  frequency: 'Choose every week (1) or every other week (2)',
  firstSaturdayPast: (next: string) =>
    `That Saturday's orders are closed; the first Saturday you can choose is ${longSaturday(next)}.`,
  notScheduled: (saturday: string) =>
    `${longSaturday(saturday)} is not one of this subscription's Saturdays.`,
  closed: (saturday: string) =>
    `${longSaturday(saturday)}'s orders closed at its cut-off; it can no longer be skipped or changed.`,
  cancelled: 'This subscription is cancelled. Start a new one to get deliveries again.',
  pauseUntilPast: 'Choose a day after today to pause until.',
  pauseTooSoon: (firstOpen: string) =>
    `Choose a day after ${longSaturday(firstOpen)}, the first Saturday you can still change.`,
  pauseTooFar: 'Pause for at most a year.',
  firstSaturdayTooFar: 'Choose a first Saturday within a year.',
  notPaused: 'This subscription is not paused.',
  changedMeanwhile: 'This subscription was changed in another window. Please look at it again.',
  duplicateItem: 'Each product once: set its quantity instead.',
  skipped: (saturday: string) => `${longSaturday(saturday)} is skipped.`,
} as const

/** A calendar day, "2026-12-19". */
const CalendarDaySchema = z.iso.date('Use a day written like 2026-12-19')

export const SubscriptionItemSchema = CheckoutItemSchema.pick({
  id: true,
  quantity: true,
  customSelections: true,
})
export type SubscriptionItemInput = z.output<typeof SubscriptionItemSchema>

const ItemsSchema = z
  .array(SubscriptionItemSchema)
  .min(1, 'Choose at least one product')
  .max(50, 'A subscription holds at most 50 products')
  .refine(
    (items) => new Set(items.map((item) => item.id)).size === items.length,
    SUBSCRIPTION_MESSAGES.duplicateItem,
  )

const FrequencySchema = z.literal([...SUBSCRIPTION_FREQUENCIES], {
  error: SUBSCRIPTION_MESSAGES.frequency,
})

/** POST /api/subscriptions */
export const CreateSubscriptionInputSchema = z.strictObject({
  items: ItemsSchema,
  frequencyWeeks: FrequencySchema,
  firstSaturday: SaturdaySchema,
  /** one of the caller's saved cards (pm_…) */
  paymentMethodId: SavedCardIdSchema,
})
export type CreateSubscriptionInput = z.output<typeof CreateSubscriptionInputSchema>

/** PATCH /api/subscriptions/{id}: what changes; `version` is the one the page showed */
export const UpdateSubscriptionInputSchema = z.strictObject({
  version: z.number().int().min(0),
  items: ItemsSchema.optional(),
  frequencyWeeks: FrequencySchema.optional(),
  paymentMethodId: SavedCardIdSchema.optional(),
})
export type UpdateSubscriptionInput = z.output<typeof UpdateSubscriptionInputSchema>

export const SubscriptionParamsSchema = z.strictObject({
  id: z.uuid('Subscription not found'),
})

export const SkipInputSchema = z.strictObject({ saturday: SaturdaySchema })
export const PauseInputSchema = z.strictObject({ until: CalendarDaySchema })

export const SubscriptionStatusSchema = z.enum(['active', 'paused', 'cancelled'])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

export const SubscriptionSchema = z.object({
  id: z.string(),
  status: SubscriptionStatusSchema,
  frequencyWeeks: z.number().int(),
  firstSaturday: z.string(),
  /** the next Saturday it delivers whose cut-off has not passed; null when none will */
  nextSaturday: z.string().nullable(),
  /** the coming scheduled Saturdays (skipped and paused ones among them) */
  comingSaturdays: z.array(
    z.object({ saturday: z.string(), delivers: z.boolean(), skipped: z.boolean() }),
  ),
  skipped: z.array(z.string()),
  pausedUntil: z.string().nullable(),
  /** a cancelled subscription's last delivery (its week was open when it was cancelled) */
  lastSaturday: z.string().nullable(),
  paymentMethodId: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      /** a custom box's chosen items; null for a product, or a box left to the farmer */
      customSelections: z.array(z.string()).nullable(),
    }),
  ),
  /** raised by every change; a PATCH names the version it changes */
  version: z.number().int(),
  createdAt: z.string(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

export const SubscriptionListSchema = z.array(SubscriptionSchema)

/**
 * The never-list (docs/product.md#never-list): products a customer never wants in a box the
 * farmer fills.
 */
export const NEVER_LIST_LIMIT = 100

export const NeverListInputSchema = z.strictObject({
  productIds: z
    .array(z.uuid('Invalid product id'))
    .max(NEVER_LIST_LIMIT, `Please list at most ${NEVER_LIST_LIMIT} products`),
})

export const NeverListSchema = z.object({
  products: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type NeverList = z.infer<typeof NeverListSchema>

/** GET /api/admin/subscriptions: each with its customer */
export const AdminSubscriptionSchema = SubscriptionSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
})
export type AdminSubscription = z.infer<typeof AdminSubscriptionSchema>
export const AdminSubscriptionListSchema = z.array(AdminSubscriptionSchema)

export const FORECAST_WEEKS_MAX = 12

export const ForecastQuerySchema = z.strictObject({
  weeks: z.coerce
    .number()
    .int('Weeks must be a whole number')
    .min(1, 'Weeks must be at least 1')
    .max(FORECAST_WEEKS_MAX, `Weeks must be at most ${FORECAST_WEEKS_MAX}`)
    .default(4),
})

/**
 * GET /api/admin/forecast: how many of each product the subscriptions will take on each coming
 * Saturday, a farm box's chosen items counted as well as the box (provisional: a customer may
 * still skip or change until each week's cut-off).
 */
export const ForecastSchema = z.object({
  weeks: z.array(
    z.object({
      saturday: z.string(),
      subscriptions: z.number().int(),
      products: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          producer: z.string(),
          quantity: z.number().int(),
        }),
      ),
    }),
  ),
})
export type Forecast = z.infer<typeof ForecastSchema>
