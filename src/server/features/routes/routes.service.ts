import { stringify } from 'csv-stringify/sync'
import { chicagoDayBounds } from '#shared/domain/delivery.ts'
import { neutralizeCsvFormula } from '#shared/domain/csv-safety.ts'
import { defaultRoutes } from '#shared/domain/route-stops.ts'
import {
  ROUTE_MESSAGES,
  type RouteInput,
  type RouteList,
  type RouteWithStops,
  type WeekRoutes,
} from '#shared/schemas/routes.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { RoutesRepo, RouteRow } from './routes.repo.ts'
import { groupIntoRoutes, routeWithStops, stopsOfRoute, withAddress } from './week-routes.ts'

const badRequest = (field: string, message: string) =>
  new AppError('BAD_REQUEST', { message, fields: { [field]: message } })
const routeNotFound = () => new AppError('NOT_FOUND', { message: ROUTE_MESSAGES.notFound })

/**
 * The Saturday routes (docs/product.md#routes): named lists of ZIPs with a driver, the day's
 * orders grouped into them, and the order of each route's stops.
 */
export function createRoutesService({
  repo,
  transaction,
}: {
  repo: RoutesRepo
  transaction: RunInTransaction
}) {
  /** The routes; the default four are made the first time there are none. */
  async function routes(): Promise<RouteRow[]> {
    const found = await repo.routes()
    if (found.length > 0) return found
    await repo.insertDefaults(defaultRoutes())
    return repo.routes()
  }

  /** Inside the routes' lock: every ZIP in one route at most, and a driver who is staff. */
  async function checkRoute(within: RoutesRepo, input: Required<RouteInput>, routeId?: string) {
    const others = (await within.routes()).filter((route) => route.id !== routeId)
    for (const zip of input.zips) {
      const taken = others.find((route) => route.zips.includes(zip))
      if (taken) throw badRequest('zips', ROUTE_MESSAGES.zipTaken(zip, taken.name))
    }
    if (input.driverUserId && !(await within.isStaff(input.driverUserId))) {
      throw badRequest('driverUserId', ROUTE_MESSAGES.driver)
    }
  }

  async function week(saturday: string): Promise<WeekRoutes> {
    const all = await routes()
    const orders = await repo.ordersOn(chicagoDayBounds(saturday))
    const placed = await repo.positions(orders.map(({ id }) => id))
    return groupIntoRoutes(saturday, all, orders, placed)
  }

  return {
    routes,

    async list(): Promise<RouteList> {
      const [all, drivers] = [await routes(), await repo.staff()]
      return {
        routes: all.map(({ id, name, zips, driver }) => ({ id, name, zips, driver })),
        drivers,
      }
    },

    async create(input: Required<RouteInput>): Promise<RouteList['routes'][number]> {
      await routes()
      const id = await transaction(async (tx) => {
        const within = repo.within(tx)
        await within.lockRoutes()
        await checkRoute(within, input)
        const created = await within.insertRoute(input)
        if (!created) throw new AppError('BAD_REQUEST', { message: ROUTE_MESSAGES.nameTaken })
        return created
      })
      const route = (await repo.routes()).find((found) => found.id === id)
      if (!route) throw routeNotFound()
      return { id: route.id, name: route.name, zips: route.zips, driver: route.driver }
    },

    async update(id: string, input: Required<RouteInput>): Promise<RouteList['routes'][number]> {
      await transaction(async (tx) => {
        const within = repo.within(tx)
        await within.lockRoutes()
        await checkRoute(within, input, id)
        const result = await within.updateRoute(id, input)
        if (result === 'missing') throw routeNotFound()
        if (result === 'name-taken') throw badRequest('name', ROUTE_MESSAGES.nameTaken)
      })
      const route = (await repo.routes()).find((found) => found.id === id)
      if (!route) throw routeNotFound()
      return { id: route.id, name: route.name, zips: route.zips, driver: route.driver }
    },

    async remove(id: string): Promise<{ message: string }> {
      if (!(await repo.deleteRoute(id))) throw routeNotFound()
      return { message: 'Route deleted' }
    },

    week,

    /**
     * Saves the order of a route's stops. The last save wins, but a stop the admin's list does
     * not hold (an order placed since the page loaded) is kept, after the others in the
     * suggested order: no stop is ever lost.
     */
    async saveStops(
      saturday: string,
      routeId: string,
      orderIds: string[],
    ): Promise<RouteWithStops> {
      return transaction(async (tx) => {
        const within = repo.within(tx)
        await within.lockRouteStops(routeId)
        const route = (await within.routes()).find((found) => found.id === routeId)
        if (!route) throw routeNotFound()
        const stops = (await within.ordersOn(chicagoDayBounds(saturday))).map(withAddress)
        const onRoute = stopsOfRoute(route, stops, new Map())
        const known = new Set(onRoute.map(({ id }) => id))
        const strangers = orderIds.filter((id) => !known.has(id))
        if (strangers.length > 0) {
          throw badRequest('orderIds', ROUTE_MESSAGES.notOnRoute(strangers.length))
        }
        const wanted = new Map(orderIds.map((id, position) => [id, { routeId, position }]))
        const ordered = stopsOfRoute(route, stops, wanted)
        await within.savePositions(
          routeId,
          ordered.map(({ id }) => id),
        )
        return routeWithStops(route, ordered)
      })
    },

    /** The day's stops as CSV, in the columns route-planning apps import. */
    async weekCsv(saturday: string): Promise<{ fileName: string; body: string }> {
      const day = await week(saturday)
      const rows = [
        ...day.routes.flatMap((route) =>
          route.stops.map((stop, index) => ({ stop, route: route.name, number: index + 1 })),
        ),
        ...day.unassigned.map((stop, index) => ({ stop, route: 'Unassigned', number: index + 1 })),
      ]
      const cell = (value: string | null) => neutralizeCsvFormula(value ?? '')
      const body = stringify(
        rows.map(({ stop, route, number }) => [
          cell(stop.customerName),
          cell(stop.street),
          cell(stop.city),
          cell(stop.zip),
          cell(stop.phone),
          cell(stop.specialInstructions),
          cell(route),
          String(number),
        ]),
        {
          header: true,
          columns: ['Name', 'Address', 'City', 'ZIP', 'Phone', 'Notes', 'Route', 'Stop'],
        },
      )
      return { fileName: `routes-${saturday}.csv`, body }
    },
  }
}

export type RoutesService = ReturnType<typeof createRoutesService>
