import { and, asc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/transaction.ts'
import {
  adminUsers,
  deliveryRoutes,
  driverUsers,
  orders,
  routeStopPositions,
  users,
} from '../../db/schema/index.ts'

/** A route as stored, with its driver's name. */
export interface RouteRow {
  id: string
  name: string
  zips: string[]
  position: number
  driver: { id: string; name: string; email: string } | null
}

/** What a stop needs of its order. */
export interface StopOrderRow {
  id: string
  customerName: string
  customerPhone: string | null
  deliveryAddress: string
  specialInstructions: string | null
  status: string
  deliveryStatus: 'order_placed' | 'preparing' | 'out_for_delivery' | 'delivered'
  deliveryDate: Date
  deliveredAt: Date | null
  deliveryNote: string | null
  itemsCount: number
}

const staffName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`
const isStaff = or(
  sql`exists (select 1 from ${driverUsers} where ${driverUsers.userId} = ${users.id})`,
  sql`exists (select 1 from ${adminUsers} where ${adminUsers.userId} = ${users.id})`,
)

const stopColumns = {
  id: orders.id,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  deliveryAddress: orders.deliveryAddress,
  specialInstructions: orders.specialInstructions,
  status: orders.status,
  deliveryStatus: orders.deliveryStatus,
  deliveryDate: orders.deliveryDate,
  deliveredAt: orders.deliveredAt,
  deliveryNote: orders.deliveryNote,
  // spelled out: inside a subquery drizzle would leave the columns' tables unnamed
  itemsCount: sql<number>`coalesce((select sum(oi.quantity) from order_items oi where oi.order_id = "orders"."id"), 0)::int`,
}

/** The routes' tables, and the few columns of orders and users a route needs. */
export function createRoutesRepo(db: Executor) {
  return {
    within: (tx: Executor) => createRoutesRepo(tx),

    async routes(): Promise<RouteRow[]> {
      const rows = await db
        .select({
          id: deliveryRoutes.id,
          name: deliveryRoutes.name,
          zips: deliveryRoutes.zips,
          position: deliveryRoutes.position,
          driverId: users.id,
          driverName: staffName,
          driverEmail: users.email,
        })
        .from(deliveryRoutes)
        .leftJoin(users, eq(users.id, deliveryRoutes.driverUserId))
        .orderBy(asc(deliveryRoutes.position), asc(deliveryRoutes.name))
      return rows.map(({ driverId, driverName, driverEmail, ...route }) => ({
        ...route,
        driver:
          driverId && driverEmail ? { id: driverId, name: driverName, email: driverEmail } : null,
      }))
    },

    /** Inserts the default routes unless another process did first (names are unique). */
    async insertDefaults(routes: Array<{ name: string; zips: string[] }>): Promise<void> {
      await db
        .insert(deliveryRoutes)
        .values(routes.map((route, position) => ({ ...route, position })))
        .onConflictDoNothing()
    },

    /** Held until the transaction ends: route edits are checked for shared ZIPs one at a time. */
    async lockRoutes(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('delivery_routes'))`)
    },

    async lockRouteStops(routeId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`route_stops:${routeId}`}))`)
    },

    async staff(): Promise<Array<{ id: string; name: string; email: string }>> {
      return db
        .select({ id: users.id, name: staffName, email: users.email })
        .from(users)
        .where(isStaff)
        .orderBy(asc(users.firstName), asc(users.lastName))
    },

    async isStaff(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), isStaff))
      return row !== undefined
    },

    async insertRoute(values: {
      name: string
      zips: string[]
      driverUserId: string | null
    }): Promise<string | undefined> {
      const [row] = await db
        .insert(deliveryRoutes)
        .values({
          ...values,
          position: sql`coalesce((select max(${deliveryRoutes.position}) + 1 from ${deliveryRoutes}), 0)`,
        })
        .onConflictDoNothing()
        .returning({ id: deliveryRoutes.id })
      return row?.id
    },

    /** undefined when the route is gone; 'name-taken' when another route has the name. */
    async updateRoute(
      id: string,
      values: { name: string; zips: string[]; driverUserId: string | null },
    ): Promise<'updated' | 'missing' | 'name-taken'> {
      const [clash] = await db
        .select({ id: deliveryRoutes.id })
        .from(deliveryRoutes)
        .where(
          and(
            ne(deliveryRoutes.id, id),
            sql`lower(${deliveryRoutes.name}) = lower(${values.name})`,
          ),
        )
      if (clash) return 'name-taken'
      const updated = await db
        .update(deliveryRoutes)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(deliveryRoutes.id, id))
        .returning({ id: deliveryRoutes.id })
      return updated.length > 0 ? 'updated' : 'missing'
    },

    async deleteRoute(id: string): Promise<boolean> {
      const deleted = await db
        .delete(deliveryRoutes)
        .where(eq(deliveryRoutes.id, id))
        .returning({ id: deliveryRoutes.id })
      return deleted.length > 0
    },

    /** The day's orders that are not cancelled (the day as instants, from chicagoDayBounds). */
    async ordersOn(day: { start: Date; end: Date }): Promise<StopOrderRow[]> {
      return db
        .select(stopColumns)
        .from(orders)
        .where(
          and(
            gte(orders.deliveryDate, day.start),
            lt(orders.deliveryDate, day.end),
            ne(orders.status, 'cancelled'),
          ),
        )
    },

    async order(orderId: string): Promise<StopOrderRow | undefined> {
      const [row] = await db.select(stopColumns).from(orders).where(eq(orders.id, orderId))
      return row
    },

    /** Where the admin placed these orders' stops: order id → route and position. */
    async positions(
      orderIds: string[],
    ): Promise<Map<string, { routeId: string; position: number }>> {
      if (orderIds.length === 0) return new Map()
      const rows = await db
        .select()
        .from(routeStopPositions)
        .where(inArray(routeStopPositions.orderId, orderIds))
      return new Map(rows.map((row) => [row.orderId, row]))
    },

    async savePositions(routeId: string, orderIds: string[]): Promise<void> {
      if (orderIds.length === 0) return
      await db
        .insert(routeStopPositions)
        .values(orderIds.map((orderId, position) => ({ orderId, routeId, position })))
        .onConflictDoUpdate({
          target: routeStopPositions.orderId,
          set: {
            routeId: sql`excluded.route_id`,
            position: sql`excluded.position`,
            updatedAt: sql`now()`,
          },
        })
    },

    /** The delivery's time and note, written once: a retried tap changes nothing. */
    async recordDelivered(orderId: string, at: Date, note: string | null): Promise<void> {
      // each written once: the first delivered time (the status change may have set it) and the
      // first note, also when an earlier tap stopped between the status change and this
      await db
        .update(orders)
        .set({
          deliveredAt: sql`coalesce(${orders.deliveredAt}, ${at.toISOString()}::timestamptz)`,
          deliveryNote: sql`coalesce(${orders.deliveryNote}, ${note})`,
        })
        .where(eq(orders.id, orderId))
    },
  }
}

export type RoutesRepo = ReturnType<typeof createRoutesRepo>
