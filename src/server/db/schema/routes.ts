import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, id, updatedAt } from './columns.ts'
import { orders } from './orders.ts'

/** Owned by the routes feature (docs/decisions/0012-one-owner-per-table.md): only it writes these rows. */

/** A delivery route: a named list of ZIP codes, in the order the admin lists them, and its driver. */
export const deliveryRoutes = pgTable(
  'delivery_routes',
  {
    id: id(),
    name: text('name').notNull(),
    zips: text('zips').array().notNull(),
    driverUserId: uuid('driver_user_id').references(() => users.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('delivery_routes_name_lower_unique').on(sql`lower(${table.name})`)],
)

/**
 * Where an order's stop sits in its route on its Saturday, once an admin has reordered them;
 * stops without a row follow the suggested order (ZIP, street, number).
 */
export const routeStopPositions = pgTable(
  'route_stop_positions',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    routeId: uuid('route_id')
      .notNull()
      .references(() => deliveryRoutes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId] }),
    index('route_stop_positions_route_idx').on(table.routeId),
  ],
)
