import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { deliveryRoutes, routeStopPositions } from '../../db/schema/routes.ts'
import type { Executor } from '../../db/transaction.ts'

/** A route as stored: its driver is an account of the auth feature, named by the service. */
export interface StoredRouteRow {
  id: string
  name: string
  zips: string[]
  position: number
  driverUserId: string | null
}

/**
 * The routes' tables (docs/product.md#routes): the routes and where an admin placed their stops.
 * The stops' orders are the orders feature's, the drivers' accounts the auth feature's.
 */
export function createRoutesRepo(db: Executor) {
  return {
    within: (tx: Executor) => createRoutesRepo(tx),

    async routes(): Promise<StoredRouteRow[]> {
      return db
        .select({
          id: deliveryRoutes.id,
          name: deliveryRoutes.name,
          zips: deliveryRoutes.zips,
          position: deliveryRoutes.position,
          driverUserId: deliveryRoutes.driverUserId,
        })
        .from(deliveryRoutes)
        .orderBy(asc(deliveryRoutes.position), asc(deliveryRoutes.name))
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
  }
}

export type RoutesRepo = ReturnType<typeof createRoutesRepo>
