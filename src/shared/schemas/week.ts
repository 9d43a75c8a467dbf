import { z } from 'zod'
import { readDeliverySaturday } from '../domain/delivery.ts'

/*
 * The week at a glance, harvest lists, pick list and packing slips (docs/product.md#the-week):
 * what the server answers under /api/admin/week/{saturday} and what the admin pages read.
 * Money leaves as strings with two decimals, as everywhere in the API.
 */

/** A delivery Saturday in an address, "2026-11-28"; another day names the nearest Saturday. */
export const SaturdaySchema = z.string().superRefine((value, ctx) => {
  const reading = readDeliverySaturday(value)
  if (!reading.ok) ctx.addIssue({ code: 'custom', message: reading.message })
})

export const WeekParamsSchema = z.strictObject({ saturday: SaturdaySchema })

export const HarvestSendParamsSchema = z.strictObject({
  saturday: SaturdaySchema,
  producerSlug: z.string().min(1).max(100),
})

const Money = z.string()

/** An order to chase: its capture failed and it is not cancelled. */
export const WeekOrderRefSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  customerName: z.string(),
  total: Money,
})

/** The next weeks that have orders: their totals so far. */
export const UpcomingWeekSchema = z.object({
  saturday: z.string(),
  orders: z.number().int(),
  items: z.number().int(),
  total: Money,
})

/** `GET /api/admin/week/{saturday}` */
export const WeekSummarySchema = z.object({
  saturday: z.string(),
  /** the Wednesday 20:00 before it, as an instant */
  cutoff: z.string(),
  /** the shop's clock is before the cut-off: orders may still change */
  provisional: z.boolean(),
  orders: z.number().int(),
  /** units of every line (a box is one) */
  items: z.number().int(),
  revenueCaptured: Money,
  refunds: Money,
  failedPayments: z.array(WeekOrderRefSchema),
  /** orders still unpaid at their deadline: not packed or delivered, in none of the counts */
  onHold: z.object({ orders: z.number().int(), total: Money }),
  notPacked: z.number().int(),
  notDelivered: z.number().int(),
  upcoming: z.array(UpcomingWeekSchema),
  /** every product with a weekly quantity: what this Saturday sold of it and what is left */
  weeklyQuantities: z.array(
    z.object({
      productId: z.uuid(),
      name: z.string(),
      weeklyQuantity: z.int(),
      sold: z.int(),
      left: z.int(),
    }),
  ),
})
export type WeekSummary = z.infer<typeof WeekSummarySchema>

/** One product to bring or pick, with its total; a "Farmer's choice" box is a box line. */
export const WeekLineSchema = z.object({
  productId: z.uuid().nullable(),
  name: z.string(),
  /** the product's unit text ("1 lb", "12 ct"); empty for a product no longer sold */
  unit: z.string(),
  quantity: z.number().int(),
})
export type WeekLine = z.infer<typeof WeekLineSchema>

export const HarvestProducerSchema = z.object({
  slug: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  lines: z.array(WeekLineSchema),
  /** when its harvest e-mail last went to the outbox for this Saturday, if ever */
  lastSentAt: z.string().nullable(),
})
export type HarvestProducer = z.infer<typeof HarvestProducerSchema>

/** `GET /api/admin/week/{saturday}/harvest` */
export const HarvestSchema = z.object({
  saturday: z.string(),
  provisional: z.boolean(),
  producers: z.array(HarvestProducerSchema),
})
export type Harvest = z.infer<typeof HarvestSchema>

/** `POST /api/admin/week/{saturday}/harvest/{producerSlug}/send` */
export const HarvestSentSchema = z.object({ message: z.string(), recipient: z.string() })
export type HarvestSent = z.infer<typeof HarvestSentSchema>

/** `GET /api/admin/week/{saturday}/pick-list`: by category, then producer. */
export const PickListSchema = z.object({
  saturday: z.string(),
  provisional: z.boolean(),
  categories: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      producers: z.array(
        z.object({ slug: z.string(), name: z.string(), lines: z.array(WeekLineSchema) }),
      ),
    }),
  ),
})
export type PickList = z.infer<typeof PickListSchema>

export const PackingItemSchema = z.object({
  /** the order line: an item short is made on it (docs/product.md#refunds) */
  itemId: z.uuid(),
  name: z.string(),
  unit: z.string(),
  /** what is left to pack: a line all short is not on the slip */
  quantity: z.number().int(),
  /** a farm box the farm fills: packed as it comes */
  farmersChoice: z.boolean(),
  /** a custom box's chosen items, each with how many of it go in (per box) */
  contents: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
})
export type PackingItem = z.infer<typeof PackingItemSchema>

export const PackingSlipSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  customerName: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  specialInstructions: z.string().nullable(),
  items: z.array(PackingItemSchema),
  bags: z.number().int(),
  packedAt: z.string().nullable(),
  /** unpaid at its deadline: printed "UNPAID – DO NOT PACK" (docs/product.md#the-week) */
  onHold: z.boolean(),
  /** its capture failed and its customer may still pay: packed, but the staff keep an eye */
  paymentPending: z.boolean(),
})
export type PackingSlip = z.infer<typeof PackingSlipSchema>

/** `GET /api/admin/week/{saturday}/packing-slips`, in order number order */
export const PackingSlipsSchema = z.object({
  saturday: z.string(),
  provisional: z.boolean(),
  slips: z.array(PackingSlipSchema),
})
export type PackingSlips = z.infer<typeof PackingSlipsSchema>

/** `POST /api/admin/orders/{id}/packed` */
export const PackedSchema = z.object({
  orderId: z.uuid(),
  packedAt: z.string(),
  deliveryStatus: z.string(),
})
export type Packed = z.infer<typeof PackedSchema>

/**
 * `GET /api/admin/week/{saturday}/shortfalls`: what was short on the Saturday's orders, by the
 * producer it was sold from (docs/product.md#refunds), for the producer's next harvest.
 */
export const WeekShortfallsSchema = z.object({
  saturday: z.string(),
  producers: z.array(
    z.object({
      name: z.string(),
      /** "12.99": what the producer's short items took off the orders */
      amount: z.string(),
      lines: z.array(
        z.object({ name: z.string(), quantity: z.number().int(), amount: z.string() }),
      ),
    }),
  ),
})
export type WeekShortfalls = z.infer<typeof WeekShortfallsSchema>
