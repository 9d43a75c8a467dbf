import { z } from 'zod'
import { UNDO_DELIVERED_MINUTES } from '../domain/delivered-undo.ts'
import { readDeliverySaturday } from '../domain/delivery.ts'
import { isServedZip } from '../domain/service-area.ts'
import { DeliveryStatusSchema } from './order.ts'

/** Saturday routes and the driver's view (docs/product.md#routes). */

export const ROUTE_MESSAGES = {
  name: 'Please give the route a name (at most 60 characters)',
  zips: 'Please list at least one ZIP code',
  zip: (zip: string) => `${zip} is not a 5-digit ZIP code`,
  zipOutside: (zip: string) => `${zip} is outside the area we deliver to`,
  zipTwice: (zip: string) => `${zip} is listed twice`,
  zipTaken: (zip: string, route: string) => `${zip} is already in the route "${route}"`,
  nameTaken: 'Another route already has this name',
  driver: 'Only a driver or an admin can be given a route',
  notFound: 'Route not found',
  notThisWeek:
    'Drivers see the Saturday in hand and the next one; the shop’s admins see the other Saturdays',
  notOnRoute: (count: number) =>
    count === 1
      ? 'One of these stops is not on this route on that Saturday'
      : `${count} of these stops are not on this route on that Saturday`,
  stopTwice: 'A stop is listed twice',
  cancelled: 'This order was cancelled: there is nothing to deliver',
  onHold:
    'This order is on hold: it is not paid, so it is not delivered. Please bring it back to the shop.',
  notToday:
    'Stops are marked only on their delivery Saturday: this one is for another day. Please check the date.',
  notDelivered: 'This stop is not marked delivered: there is nothing to undo',
  undoTooLate: `Too late to undo: a delivery can be undone for ${UNDO_DELIVERED_MINUTES} minutes after it is marked. Call the shop if it was wrong.`,
  notYourRoute: 'This stop is on another driver’s route',
  noRoute: 'This stop is on no route yet: ask the shop which driver takes it',
} as const

/** A delivery Saturday in a URL: `2026-11-28`; another day is refused naming the nearest one. */
export const SaturdaySchema = z.string().superRefine((value, context) => {
  const parsed = readDeliverySaturday(value)
  if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message })
})

export const SaturdayParamsSchema = z.strictObject({ saturday: SaturdaySchema })
export const RouteIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Route not found' }) })
export const WeekRouteParamsSchema = z.strictObject({
  saturday: SaturdaySchema,
  id: z.uuid({ error: 'Route not found' }),
})
export const StopParamsSchema = z.strictObject({ orderId: z.uuid({ error: 'Order not found' }) })

const ZipListSchema = z
  .array(z.string({ error: 'Please list ZIP codes as text' }).trim(), {
    error: ROUTE_MESSAGES.zips,
  })
  .min(1, ROUTE_MESSAGES.zips)
  .max(1000, 'At most 1,000 ZIP codes in a route')
  .superRefine((zips, context) => {
    const seen = new Set<string>()
    for (const zip of zips) {
      const message = !/^\d{5}$/.test(zip)
        ? ROUTE_MESSAGES.zip(zip.slice(0, 20))
        : !isServedZip(zip)
          ? ROUTE_MESSAGES.zipOutside(zip)
          : seen.has(zip)
            ? ROUTE_MESSAGES.zipTwice(zip)
            : null
      if (message) {
        context.addIssue({ code: 'custom', message })
        return
      }
      seen.add(zip)
    }
  })

export const RouteInputSchema = z.strictObject({
  name: z
    .string({ error: ROUTE_MESSAGES.name })
    .trim()
    .min(1, ROUTE_MESSAGES.name)
    .max(60, ROUTE_MESSAGES.name),
  zips: ZipListSchema,
  driverUserId: z.uuid({ error: ROUTE_MESSAGES.driver }).nullable().default(null),
})
export type RouteInput = z.input<typeof RouteInputSchema>

export const StaffMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
})
export type StaffMember = z.infer<typeof StaffMemberSchema>

export const DeliveryRouteSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  zips: z.array(z.string()),
  driver: StaffMemberSchema.nullable(),
})
export type DeliveryRoute = z.infer<typeof DeliveryRouteSchema>

export const RouteListSchema = z.object({
  routes: z.array(DeliveryRouteSchema),
  /** who may be given a route: drivers and admins */
  drivers: z.array(StaffMemberSchema),
})
export type RouteList = z.infer<typeof RouteListSchema>

/** One order of a stop, as it is now. */
export const StopOrderSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  customerName: z.string(),
  itemsCount: z.number().int(),
  specialInstructions: z.string().nullable(),
  deliveryStatus: DeliveryStatusSchema,
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  deliveryNote: z.string().nullable(),
  /** its capture failed and its customer may still pay (docs/product.md#order-payments) */
  paymentPending: z.boolean(),
})
export type StopOrder = z.infer<typeof StopOrderSchema>

/**
 * A door on a route: the Saturday's orders to one address (docs/product.md#routes-and-deliveries),
 * usually one. The stop reads as its first order (the first placed): its id, number, name and
 * address; the phone is the first one given, the instructions every different one, the items
 * the sum. It is delivered once every order is, and reads as the least advanced of them.
 */
export const StopSchema = z.object({
  /** the first order's id: the stop's id, where its saved position and taps are kept */
  orderId: z.uuid(),
  /** the first order's number; `orders` has each */
  orderNumber: z.string(),
  customerName: z.string(),
  phone: z.string().nullable(),
  street: z.string(),
  city: z.string(),
  zip: z.string(),
  /** the whole address as the customer gave it */
  address: z.string(),
  /** the orders' instructions, each different one once, joined with " / " */
  specialInstructions: z.string().nullable(),
  /** the orders' items together */
  itemsCount: z.number().int(),
  /** the least advanced of the orders' statuses: delivered once every order is */
  deliveryStatus: DeliveryStatusSchema,
  /** once every order is delivered: the latest of their times */
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  deliveryNote: z.string().nullable(),
  /** one of its orders' capture failed and its customer may still pay */
  paymentPending: z.boolean(),
  /** the orders left at this door, the first placed first */
  orders: z.array(StopOrderSchema).min(1),
})
export type Stop = z.infer<typeof StopSchema>

export const RouteWithStopsSchema = DeliveryRouteSchema.extend({ stops: z.array(StopSchema) })
export type RouteWithStops = z.infer<typeof RouteWithStopsSchema>

export const WeekRoutesSchema = z.object({
  saturday: z.string(),
  routes: z.array(RouteWithStopsSchema),
  /** the Saturday's orders whose ZIP is in no route */
  unassigned: z.array(StopSchema),
})
export type WeekRoutes = z.infer<typeof WeekRoutesSchema>

/**
 * A route's stops in order, each stop's orders one after the other; an id of one order of a stop
 * places the whole stop there.
 */
export const StopOrderInputSchema = z.strictObject({
  orderIds: z
    .array(z.uuid({ error: 'Order not found' }), { error: 'Please send the stops in order' })
    .max(2000, 'At most 2,000 stops in a route')
    .refine((ids) => new Set(ids).size === ids.length, ROUTE_MESSAGES.stopTwice),
})
export type StopOrderInput = z.infer<typeof StopOrderInputSchema>

/** An order of a driver's stop, with the bags its packing slip counts. */
export const DriverStopOrderSchema = StopOrderSchema.extend({ bags: z.number().int() })
export type DriverStopOrder = z.infer<typeof DriverStopOrderSchema>

/** A stop as the driver's phone shows it: with the bags of its orders' packing slips together. */
export const DriverStopSchema = StopSchema.extend({
  bags: z.number().int(),
  orders: z.array(DriverStopOrderSchema).min(1),
})
export type DriverStop = z.infer<typeof DriverStopSchema>

export const DriverRouteSchema = DeliveryRouteSchema.extend({ stops: z.array(DriverStopSchema) })
export type DriverRoute = z.infer<typeof DriverRouteSchema>

export const DriverDaySchema = z.object({
  saturday: z.string(),
  /** it is that Saturday by the shop's clock: its stops may be marked (else they are read only) */
  markable: z.boolean(),
  routes: z.array(DriverRouteSchema),
})
export type DriverDay = z.infer<typeof DriverDaySchema>

export const OutForDeliveryInputSchema = z
  .strictObject({ saturday: SaturdaySchema.optional() })
  .optional()
export const DeliveredInputSchema = z
  .strictObject({
    note: z
      .string({ error: 'Please write the note as text' })
      .trim()
      .max(500, 'Please keep the note under 500 characters')
      .optional(),
  })
  .optional()
export type DeliveredInput = z.infer<typeof DeliveredInputSchema>
