import { chicagoDayOf, comingSaturday, nextDeliveryDate } from '#shared/domain/delivery.ts'
import { addressParts } from '#shared/domain/route-stops.ts'
import {
  ROUTE_MESSAGES,
  type DriverDay,
  type DriverRoute,
  type DriverStop,
  type RouteWithStops,
  type Stop,
} from '#shared/schemas/routes.ts'
import { AppError } from '../../app-error.ts'
import type { OrdersService, StopOrderRow } from '../orders/index.ts'
import type { WeekService } from '../week/index.ts'
import type { RoutesService } from './routes.service.ts'
import { alone, routeOfZip, toStop } from './week-routes.ts'

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
 * packing slips count, "out for delivery" for a route, and "delivered" per stop with its undo
 * within the window. A stop is a door: a tap on it marks each of its orders in turn
 * (docs/product.md#routes-and-deliveries). The delivery status changes go through the orders
 * feature, one order at a time under its lock, which writes each customer's e-mails once (the
 * outbox's key is the order and the status), so a retried tap changes nothing and sends nothing
 * twice.
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

  /** Stops with the bags their orders' packing slips count, each order's and the stop's sum. */
  async function stopsWithBags(stops: Stop[]): Promise<DriverStop[]> {
    const counted = await bags.bagsOf(
      stops.flatMap((stop) => stop.orders.map(({ orderId }) => orderId)),
    )
    return stops.map((stop) => {
      const orders = stop.orders.map((order) => ({
        ...order,
        bags: counted.get(order.orderId) ?? 1,
      }))
      return { ...stop, orders, bags: orders.reduce((sum, order) => sum + order.bags, 0) }
    })
  }

  /** The routes' stops with their bags. */
  async function withBags(found: RouteWithStops[]): Promise<DriverRoute[]> {
    const stops = await stopsWithBags(found.flatMap((route) => route.stops))
    const byId = new Map(stops.map((stop) => [stop.orderId, stop]))
    return found.map((route) => ({
      ...route,
      stops: route.stops.flatMap((stop) => byId.get(stop.orderId) ?? []),
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

  /**
   * The stop holding one of these orders on their Saturday, on a route or on none; undefined
   * when none is on a stop (cancelled or on hold).
   */
  async function stopHolding(orderIds: string[], saturday: string): Promise<Stop | undefined> {
    const week = await routes.week(saturday)
    return [...week.routes.flatMap((route) => route.stops), ...week.unassigned].find((stop) =>
      stop.orders.some(({ orderId }) => orderIds.includes(orderId)),
    )
  }

  /** The stop of the tapped order as it is now, with its bags; the order alone if on no stop. */
  async function stopNow(tapped: StopOrderRow, orderIds: string[]): Promise<DriverStop> {
    const saturday = chicagoDayOf(tapped.deliveryDate)
    const now = await stopHolding([tapped.id, ...orderIds], saturday)
    const order = now ? undefined : await orders.stopOf(tapped.id)
    const [stop] = await stopsWithBags([now ?? toStop(alone(order ?? tapped))])
    if (!stop) throw new AppError('ORDER_NOT_FOUND')
    return stop
  }

  /**
   * The orders a tap on this order's stop reaches: every order at its door that Saturday, or the
   * order alone when it is on no stop (so a cancelled or held order is refused as before).
   */
  async function ordersOfStop(order: StopOrderRow): Promise<string[]> {
    const stop = await stopHolding([order.id], chicagoDayOf(order.deliveryDate))
    return stop ? stop.orders.map(({ orderId }) => orderId) : [order.id]
  }

  /**
   * Refused unless the caller may mark the stop: a driver marks only the stops of their own
   * routes, on the Saturdays they work; an admin any stop. 404 for an unknown order. A stop's
   * orders share its ZIP and Saturday, so the check of the tapped one holds for all of them.
   */
  async function checkMayMark(orderId: string, caller: StaffCaller): Promise<StopOrderRow> {
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
    return order
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
        for (const { orderId } of stop.orders) await orders.sendOutForDelivery(orderId, caller)
      }
      const after = (await day(saturday, caller)).routes.find((found) => found.id === routeId)
      if (!after) throw new AppError('NOT_FOUND', { message: ROUTE_MESSAGES.notFound })
      return after
    },

    /**
     * "Delivered" for every order of the stop, each with the time and the note. Each is decided
     * under its own lock: one cancelled or put on hold meanwhile is left as it is, and the tap is
     * refused only when no order of the stop could be marked.
     */
    async delivered(
      orderId: string,
      caller: StaffCaller,
      note: string | null,
    ): Promise<DriverStop> {
      const tapped = await checkMayMark(orderId, caller)
      const orderIds = await ordersOfStop(tapped)
      const outcomes = []
      for (const id of orderIds) {
        // the status, the time and the note, written by the orders feature under the order's lock
        outcomes.push(await orders.markDelivered(id, caller, note))
      }
      if (!outcomes.includes('delivered')) {
        const message = outcomes.includes('cancelled')
          ? ROUTE_MESSAGES.cancelled
          : ROUTE_MESSAGES.onHold
        throw new AppError('ORDER_CONFLICT', { message })
      }
      return stopNow(tapped, orderIds)
    },

    /**
     * "Delivered" tapped on the wrong stop, undone within the window (docs/product.md#routes)
     * for each order of the stop that may still be undone; refused when none could be.
     */
    async undoDelivered(orderId: string, caller: StaffCaller): Promise<DriverStop> {
      const tapped = await checkMayMark(orderId, caller)
      const orderIds = await ordersOfStop(tapped)
      const outcomes = []
      for (const id of orderIds) {
        // decided by the orders feature under the order's lock, by the shop's clock
        outcomes.push(await orders.undoDelivered(id, caller))
      }
      if (!outcomes.includes('undone')) {
        const message = outcomes.includes('too_late')
          ? ROUTE_MESSAGES.undoTooLate
          : outcomes.includes('on_hold')
            ? ROUTE_MESSAGES.onHold
            : ROUTE_MESSAGES.notDelivered
        throw new AppError('ORDER_CONFLICT', { message })
      }
      return stopNow(tapped, orderIds)
    },
  }
}

export type DriverService = ReturnType<typeof createDriverService>
