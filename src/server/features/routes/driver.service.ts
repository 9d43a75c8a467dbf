import { chicagoDayOf, comingSaturday, nextDeliveryDate } from '#shared/domain/delivery.ts'
import { addressParts } from '#shared/domain/route-stops.ts'
import {
  ROUTE_MESSAGES,
  type DriverDay,
  type RouteWithStops,
  type Stop,
} from '#shared/schemas/routes.ts'
import { AppError } from '../../app-error.ts'
import type { OrdersService } from '../orders/index.ts'
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
 * The driver's Saturday (docs/product.md#routes): their routes' stops, "out for delivery" for a
 * route and "delivered" per stop. The delivery status changes go through the orders feature,
 * which writes the customer's e-mail once (the outbox's key is the order and the status), so a
 * retried tap changes nothing and sends nothing twice.
 */
export function createDriverService({
  routes,
  orders,
  now,
}: {
  routes: Pick<RoutesService, 'routes' | 'week'>
  orders: Pick<OrdersService, 'markDelivered' | 'sendOutForDelivery' | 'stopOf'>
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

  async function day(saturday: string, caller: StaffCaller): Promise<DriverDay> {
    mayWork(caller, saturday)
    const week = await routes.week(saturday)
    return { saturday, routes: week.routes.filter((route) => mayDrive(caller, route)) }
  }

  return {
    day,

    async outForDelivery(
      routeId: string,
      caller: StaffCaller,
      saturday = comingSaturday(now()),
    ): Promise<RouteWithStops> {
      const route = (await routes.routes()).find((found) => found.id === routeId)
      if (!route) throw new AppError('NOT_FOUND', { message: ROUTE_MESSAGES.notFound })
      if (!mayDrive(caller, route)) throw new AppError('FORBIDDEN')
      mayWork(caller, saturday)
      const before = (await routes.week(saturday)).routes.find((found) => found.id === routeId)
      for (const stop of before?.stops ?? []) {
        await orders.sendOutForDelivery(stop.orderId, caller)
      }
      const after = (await day(saturday, caller)).routes.find((found) => found.id === routeId)
      if (!after) throw new AppError('NOT_FOUND', { message: ROUTE_MESSAGES.notFound })
      return after
    },

    async delivered(orderId: string, caller: StaffCaller, note: string | null): Promise<Stop> {
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
      // the status, the time and the note, written by the orders feature under the order's lock
      if ((await orders.markDelivered(orderId, caller, note)) === 'cancelled') {
        throw new AppError('ORDER_CONFLICT', { message: ROUTE_MESSAGES.cancelled })
      }
      const saved = await orders.stopOf(orderId)
      if (!saved) throw new AppError('ORDER_NOT_FOUND')
      return toStop(withAddress(saved))
    },
  }
}

export type DriverService = ReturnType<typeof createDriverService>
