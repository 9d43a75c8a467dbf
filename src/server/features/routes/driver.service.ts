import { chicagoDayOf, comingSaturday, nextDeliveryDate } from '#shared/domain/delivery.ts'
import { addressParts } from '#shared/domain/route-stops.ts'
import {
  ROUTE_MESSAGES,
  type DriverDay,
  type DriverRoute,
  type DriverStop,
  type RouteWithStops,
} from '#shared/schemas/routes.ts'
import { AppError } from '../../app-error.ts'
import type { OrdersService } from '../orders/index.ts'
import type { WeekService } from '../week/index.ts'
import type { RoutesService } from './routes.service.ts'
import { routeOfZip, toStop, withAddress } from './week-routes.ts'

/** Who taps: a driver reaches their own routes; an admin reaches every route. */
export interface StaffCaller {
  id: string
  email: string
  isAdmin: boolean
}

const mayDrive = (caller: StaffCaller, route: { driver: { id: string } | null }) =>
  caller.isAdmin || route.driver?.id === caller.id

/**
 * The driver's Saturday (docs/product.md#routes): their routes' stops, each with the bags its
 * packing slip counts, "out for delivery" for a route, and "delivered" per stop with its undo
 * within the window. The delivery status changes go through the orders feature, which writes
 * the customer's e-mails once each (the outbox's key is the order and the status), so a retried
 * tap changes nothing and sends nothing twice.
 */
export function createDriverService({
  routes,
  orders,
  bags,
  now,
}: {
  routes: Pick<RoutesService, 'routes' | 'week'>
  orders: Pick<OrdersService, 'markDelivered' | 'undoDelivered' | 'sendOutForDelivery' | 'stopOf'>
  /** the bags of each stop are its packing slip's, counted by the week feature */
  bags: Pick<WeekService, 'bagsOf'>
  now: () => Date
}) {
  /**
   * A driver works the Saturday in hand and may look at the one new orders go to; past and later
   * Saturdays (their customers' names, phones and addresses) are for the shop's admins.
   */
  function mayWork(caller: StaffCaller, saturday: string) {
    if (caller.isAdmin) return
    const open = [comingSaturday(now()), chicagoDayOf(nextDeliveryDate(now()))]
    if (!open.includes(saturday)) {
      throw new AppError('FORBIDDEN', { message: ROUTE_MESSAGES.notThisWeek })
    }
  }

  /**
   * Stops are marked on their delivery Saturday only, by drivers and admins alike: next week's
   * stops can be read on a Saturday, never marked (docs/product.md#routes).
   */
  function markToday(saturday: string) {
    if (saturday !== chicagoDayOf(now())) {
      throw new AppError('FORBIDDEN', { message: ROUTE_MESSAGES.notToday })
    }
  }

  /** The routes' stops with the bags their packing slips count. */
  async function withBags(found: RouteWithStops[]): Promise<DriverRoute[]> {
    const counted = await bags.bagsOf(found.flatMap(({ stops }) => stops.map((s) => s.orderId)))
    return found.map((route) => ({
      ...route,
      stops: route.stops.map((stop) => ({ ...stop, bags: counted.get(stop.orderId) ?? 1 })),
    }))
  }

  async function day(saturday: string, caller: StaffCaller): Promise<DriverDay> {
    mayWork(caller, saturday)
    const week = await routes.week(saturday)
    return {
      saturday,
      markable: saturday === chicagoDayOf(now()),
      routes: await withBags(week.routes.filter((route) => mayDrive(caller, route))),
    }
  }

  /** One stop as it is now, with its bags. */
  async function stopNow(orderId: string): Promise<DriverStop> {
    const saved = await orders.stopOf(orderId)
    if (!saved) throw new AppError('ORDER_NOT_FOUND')
    const counted = await bags.bagsOf([orderId])
    return { ...toStop(withAddress(saved)), bags: counted.get(orderId) ?? 1 }
  }

  /**
   * Refused unless the caller may mark the stop: a driver marks only the stops of their own
   * routes, on the Saturdays they work; an admin any stop. 404 for an unknown order.
   */
  async function checkMayMark(orderId: string, caller: StaffCaller): Promise<void> {
    const order = await orders.stopOf(orderId)
    if (!order) throw new AppError('ORDER_NOT_FOUND')
    if (!caller.isAdmin) {
      const route = routeOfZip(await routes.routes(), addressParts(order.deliveryAddress).zip)
      if (!route) throw new AppError('FORBIDDEN', { message: ROUTE_MESSAGES.noRoute })
      if (!mayDrive(caller, route)) {
        throw new AppError('FORBIDDEN', { message: ROUTE_MESSAGES.notYourRoute })
      }
    }
    mayWork(caller, chicagoDayOf(order.deliveryDate))
    markToday(chicagoDayOf(order.deliveryDate))
    if (order.status === 'on_hold') {
      throw new AppError('ORDER_CONFLICT', { message: ROUTE_MESSAGES.onHold })
    }
  }

  return {
    day,

    async outForDelivery(
      routeId: string,
      caller: StaffCaller,
      saturday = comingSaturday(now()),
    ): Promise<DriverRoute> {
      const route = (await routes.routes()).find((found) => found.id === routeId)
      if (!route) throw new AppError('NOT_FOUND', { message: ROUTE_MESSAGES.notFound })
      if (!mayDrive(caller, route)) throw new AppError('FORBIDDEN')
      mayWork(caller, saturday)
      markToday(saturday)
      const before = (await routes.week(saturday)).routes.find((found) => found.id === routeId)
      for (const stop of before?.stops ?? []) {
        await orders.sendOutForDelivery(stop.orderId, caller)
      }
      const after = (await day(saturday, caller)).routes.find((found) => found.id === routeId)
      if (!after) throw new AppError('NOT_FOUND', { message: ROUTE_MESSAGES.notFound })
      return after
    },

    async delivered(
      orderId: string,
      caller: StaffCaller,
      note: string | null,
    ): Promise<DriverStop> {
      await checkMayMark(orderId, caller)
      // the status, the time and the note, written by the orders feature under the order's lock
      const outcome = await orders.markDelivered(orderId, caller, note)
      if (outcome === 'cancelled') {
        throw new AppError('ORDER_CONFLICT', { message: ROUTE_MESSAGES.cancelled })
      }
      if (outcome === 'on_hold') {
        throw new AppError('ORDER_CONFLICT', { message: ROUTE_MESSAGES.onHold })
      }
      return stopNow(orderId)
    },

    /** "Delivered" tapped on the wrong stop, undone within the window (docs/product.md#routes). */
    async undoDelivered(orderId: string, caller: StaffCaller): Promise<DriverStop> {
      await checkMayMark(orderId, caller)
      // decided by the orders feature under the order's lock, by the shop's clock
      const outcome = await orders.undoDelivered(orderId, caller)
      if (outcome === 'on_hold') {
        throw new AppError('ORDER_CONFLICT', { message: ROUTE_MESSAGES.onHold })
      }
      if (outcome === 'not_delivered') {
        throw new AppError('ORDER_CONFLICT', { message: ROUTE_MESSAGES.notDelivered })
      }
      if (outcome === 'too_late') {
        throw new AppError('ORDER_CONFLICT', { message: ROUTE_MESSAGES.undoTooLate })
      }
      return stopNow(orderId)
    },
  }
}

export type DriverService = ReturnType<typeof createDriverService>
