import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, id, timestamptz, updatedAt } from './columns.ts'
import { orders } from './orders.ts'

/**
 * Running the week (docs/product.md#the-week): the shop's staff (drivers beside the admins),
 * invitations to join them, the Saturday routes and the order of each route's stops.
 */

export const STAFF_ROLES = ['admin', 'driver'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** A user who drives a route: reaches the driver's view and the delivery calls of their routes. */
export const driverUsers = pgTable('driver_users', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})

/** An invitation by e-mail to join the staff; the link's token is stored only as its hash. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('staff_invitations_email_idx').on(sql`lower(${table.email})`),
    check('staff_invitations_role_valid', sql`${table.role} in ('admin', 'driver')`),
  ],
)

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
