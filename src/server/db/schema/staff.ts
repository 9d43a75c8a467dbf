import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, id, timestamptz } from './columns.ts'

/** Owned by the staff feature (docs/decisions/0012-one-owner-per-table.md): only it writes these rows. */

export const STAFF_ROLES = ['admin', 'driver'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

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
