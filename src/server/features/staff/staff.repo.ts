import { createHash } from 'node:crypto'
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { StaffRole } from '#shared/schemas/staff.ts'
import type { Database } from '../../db/client.ts'
import { adminUsers, driverUsers, staffInvitations, users } from '../../db/schema/index.ts'
import type { Executor, Transaction } from '../../db/transaction.ts'

export type InvitationRow = typeof staffInvitations.$inferSelect

/** the token of a link is stored only as this hash (as password-reset tokens are) */
export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token).digest('hex')

const roleTable = (role: StaffRole) => (role === 'admin' ? adminUsers : driverUsers)

export interface StaffRow {
  userId: string
  email: string
  firstName: string
  lastName: string
  role: StaffRole
  since: Date
}

export interface PendingInvitationRow {
  id: string
  email: string
  role: StaffRole
  invitedBy: string | null
  createdAt: Date
  expiresAt: Date
}

function rolesOf(db: Executor) {
  return {
    async hasRole(userId: string, role: StaffRole): Promise<boolean> {
      const table = roleTable(role)
      const rows = await db
        .select({ userId: table.userId })
        .from(table)
        .where(eq(table.userId, userId))
      return rows.length > 0
    },

    async grant(userId: string, role: StaffRole): Promise<void> {
      await db.insert(roleTable(role)).values({ userId }).onConflictDoNothing()
    },
  }
}

export function createStaffRepo(db: Database) {
  return {
    ...rolesOf(db),

    async findUserByEmail(
      email: string,
    ): Promise<{ id: string; email: string; firstName: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
      return row
    },

    /** admins first, then drivers, each by when they got the role */
    async listStaff(): Promise<StaffRow[]> {
      const of = (role: StaffRole) => {
        const table = roleTable(role)
        return db
          .select({
            userId: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            since: table.createdAt,
          })
          .from(table)
          .innerJoin(users, eq(users.id, table.userId))
          .orderBy(asc(table.createdAt), asc(users.email))
      }
      const [admins, drivers] = await Promise.all([of('admin'), of('driver')])
      return [
        ...admins.map((row) => ({ ...row, role: 'admin' as const })),
        ...drivers.map((row) => ({ ...row, role: 'driver' as const })),
      ]
    },

    /** invitations neither used nor expired, newest first */
    listPendingInvitations(at: Date): Promise<PendingInvitationRow[]> {
      return db
        .select({
          id: staffInvitations.id,
          email: staffInvitations.email,
          role: staffInvitations.role,
          invitedBy: users.email,
          createdAt: staffInvitations.createdAt,
          expiresAt: staffInvitations.expiresAt,
        })
        .from(staffInvitations)
        .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
        .where(and(isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, at)))
        .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id))
    },

    async findInvitation(token: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.tokenHash, hashInvitationToken(token)))
      return row
    },

    /** the repo's statements on an open transaction */
    within(tx: Transaction) {
      return {
        ...rolesOf(tx),

        /**
         * A new invitation replaces the address's pending ones (their links stop working): one
         * address has at most one invitation waiting.
         */
        async replaceInvitation(values: {
          email: string
          role: StaffRole
          token: string
          invitedBy: string
          expiresAt: Date
          createdAt: Date
        }): Promise<InvitationRow> {
          await tx
            .delete(staffInvitations)
            .where(
              and(
                sql`lower(${staffInvitations.email}) = lower(${values.email})`,
                isNull(staffInvitations.usedAt),
              ),
            )
          const [row] = await tx
            .insert(staffInvitations)
            .values({
              email: values.email,
              role: values.role,
              tokenHash: hashInvitationToken(values.token),
              invitedBy: values.invitedBy,
              expiresAt: values.expiresAt,
              createdAt: values.createdAt,
            })
            .returning()
          if (!row) throw new Error('insert into staff_invitations returned no row')
          return row
        },

        /**
         * Spends the invitation: the conditional update makes it single-use even when two
         * acceptances race. The spent row, or undefined when it was no longer usable.
         */
        async spendInvitation(id: string, at: Date): Promise<InvitationRow | undefined> {
          const [row] = await tx
            .update(staffInvitations)
            .set({ usedAt: at })
            .where(
              and(
                eq(staffInvitations.id, id),
                isNull(staffInvitations.usedAt),
                gt(staffInvitations.expiresAt, at),
              ),
            )
            .returning()
          return row
        },

        /** every admin's id, locked so two removals cannot both leave the shop without one */
        async lockAdmins(): Promise<string[]> {
          const rows = await tx.select({ userId: adminUsers.userId }).from(adminUsers).for('update')
          return rows.map((row) => row.userId)
        },

        async revoke(userId: string, role: StaffRole): Promise<boolean> {
          const table = roleTable(role)
          const deleted = await tx
            .delete(table)
            .where(eq(table.userId, userId))
            .returning({ userId: table.userId })
          return deleted.length > 0
        },
      }
    },
  }
}

export type StaffRepo = ReturnType<typeof createStaffRepo>
