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
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import type { Roles } from '../auth/index.ts'
import type { OrdersService } from '../orders/index.ts'
import type { RoutesRepo, StoredRouteRow } from './routes.repo.ts'
import {
  groupIntoRoutes,
  intoStops,
  routeWithStops,
  stopsOfRoute,
  type RouteRow,
} from './week-routes.ts'

/** The drivers' and staff's accounts, through the auth feature that owns them. */
export type RouteStaff = Pick<
  Roles,
  'accountsOf' | 'accountsOfWithin' | 'staffMembers' | 'isStaffWithin'
>

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
  orders,
  staff,
}: {
  repo: RoutesRepo
  transaction: RunInTransaction
  /** a Saturday's stops are its orders, read through the orders feature */
  orders: Pick<OrdersService, 'stopsOn' | 'stopsOnWithin'>
  staff: RouteStaff
}) {
  /** The stored routes with their drivers' names, read inside `tx` when given one. */
  async function withDrivers(rows: StoredRouteRow[], tx?: Transaction): Promise<RouteRow[]> {
    const ids = rows.flatMap(({ driverUserId }) => driverUserId ?? [])
    const accounts = tx ? await staff.accountsOfWithin(tx, ids) : await staff.accountsOf(ids)
    return rows.map(({ driverUserId, ...route }) => {
      const driver = driverUserId ? accounts.get(driverUserId) : undefined
      return {
        ...route,
        driver: driver ? { id: driver.id, name: driver.name, email: driver.email } : null,
      }
    })
  }

  /** The routes; the default four are made the first time there are none. */
  async function routes(): Promise<RouteRow[]> {
    const found = await repo.routes()
    if (found.length > 0) return withDrivers(found)
    await repo.insertDefaults(defaultRoutes())
    return withDrivers(await repo.routes())
  }

  /** Inside the routes' lock: every ZIP in one route at most, and a driver who is staff. */
  async function checkRoute(tx: Transaction, input: Required<RouteInput>, routeId?: string) {
    const others = (await repo.within(tx).routes()).filter((route) => route.id !== routeId)
    for (const zip of input.zips) {
      const taken = others.find((route) => route.zips.includes(zip))
      if (taken) throw badRequest('zips', ROUTE_MESSAGES.zipTaken(zip, taken.name))
    }
    if (input.driverUserId && !(await staff.isStaffWithin(tx, input.driverUserId))) {
      throw badRequest('driverUserId', ROUTE_MESSAGES.driver)
    }
  }

  async function week(saturday: string): Promise<WeekRoutes> {
    const all = await routes()
    const stops = await orders.stopsOn(chicagoDayBounds(saturday))
    const placed = await repo.positions(stops.map(({ id }) => id))
    return groupIntoRoutes(saturday, all, stops, placed)
  }

  /** A route as the admin's list shows it. */
  async function listed(id: string): Promise<RouteList['routes'][number]> {
    const route = (await routes()).find((found) => found.id === id)
    if (!route) throw routeNotFound()
    return { id: route.id, name: route.name, zips: route.zips, driver: route.driver }
  }

  return {
    routes,

    async list(): Promise<RouteList> {
      const [all, members] = [await routes(), await staff.staffMembers()]
      const drivers = members.map(({ id, name, email }) => ({ id, name, email }))
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
        await checkRoute(tx, input)
        const created = await within.insertRoute(input)
        if (!created) throw new AppError('BAD_REQUEST', { message: ROUTE_MESSAGES.nameTaken })
        return created
      })
      return listed(id)
    },

    async update(id: string, input: Required<RouteInput>): Promise<RouteList['routes'][number]> {
      await transaction(async (tx) => {
        const within = repo.within(tx)
        await within.lockRoutes()
        await checkRoute(tx, input, id)
        const result = await within.updateRoute(id, input)
        if (result === 'missing') throw routeNotFound()
        if (result === 'name-taken') throw badRequest('name', ROUTE_MESSAGES.nameTaken)
      })
      return listed(id)
    },

    async remove(id: string): Promise<{ message: string }> {
      if (!(await repo.deleteRoute(id))) throw routeNotFound()
      return { message: 'Route deleted' }
    },

    week,

    /**
     * Saves the order of a route's stops. The last save wins, but a stop the admin's list does
     * not hold (an order placed since the page loaded) is kept, after the others in the
     * suggested order: no stop is ever lost. A stop goes where the first id of any of its orders
     * is, and its orders are saved one after the other, so a door's orders stay together
     * (docs/product.md#routes-and-deliveries).
     */
    async saveStops(
      saturday: string,
      routeId: string,
      orderIds: string[],
    ): Promise<RouteWithStops> {
      return transaction(async (tx) => {
        const within = repo.within(tx)
        await within.lockRouteStops(routeId)
        const stored = (await within.routes()).find((found) => found.id === routeId)
        if (!stored) throw routeNotFound()
        const [route] = await withDrivers([stored], tx)
        if (!route) throw routeNotFound()
        const stops = intoStops(await orders.stopsOnWithin(tx, chicagoDayBounds(saturday)))
        const onRoute = stopsOfRoute(route, stops, new Map())
        const stopOf = new Map(
          onRoute.flatMap((stop) => stop.orders.map((order) => [order.id, stop.id] as const)),
        )
        const strangers = orderIds.filter((id) => !stopOf.has(id))
        if (strangers.length > 0) {
          throw badRequest('orderIds', ROUTE_MESSAGES.notOnRoute(strangers.length))
        }
        const wanted = new Map<string, { routeId: string; position: number }>()
        orderIds.forEach((id, position) => {
          const stopId = stopOf.get(id)
          if (stopId && !wanted.has(stopId)) wanted.set(stopId, { routeId, position })
        })
        const ordered = stopsOfRoute(route, stops, wanted)
        await within.savePositions(
          routeId,
          ordered.flatMap((stop) => stop.orders.map(({ id }) => id)),
        )
        return routeWithStops(route, ordered)
      })
    },

    /**
     * The day's stops as CSV, in the columns route-planning apps import: one row per stop, its
     * orders' numbers in the last column (docs/product.md#routes-and-deliveries).
     */
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
          cell(stop.orders.map(({ orderNumber }) => orderNumber).join(', ')),
        ]),
        {
          header: true,
          columns: ['Name', 'Address', 'City', 'ZIP', 'Phone', 'Notes', 'Route', 'Stop', 'Orders'],
        },
      )
      return { fileName: `routes-${saturday}.csv`, body }
    },
  }
}

export type RoutesService = ReturnType<typeof createRoutesService>
