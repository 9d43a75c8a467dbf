import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { StaffRole } from '#shared/schemas/staff.ts'
import { adminUsers, driverUsers, users } from '../../db/schema/accounts.ts'
import type { Executor } from '../../db/transaction.ts'

/** An account as staff lists name it: "First Last". */
export interface Account {
  id: string
  email: string
  firstName: string
  lastName: string
  /** first and last name, trimmed */
  name: string
}

/** One person holding one staff role, and since when. */
export interface RoleHolder {
  userId: string
  email: string
  firstName: string
  lastName: string
  role: StaffRole
  since: Date
}

const roleTable = (role: StaffRole) => (role === 'admin' ? adminUsers : driverUsers)

const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
}

const holdsARole = or(
  sql`exists (select 1 from ${driverUsers} where ${driverUsers.userId} = ${users.id})`,
  sql`exists (select 1 from ${adminUsers} where ${adminUsers.userId} = ${users.id})`,
)

/** The staff roles (admin_users, driver_users) and the accounts that hold them. */
export function createRolesRepo(db: Executor) {
  return {
    within: (tx: Executor) => createRolesRepo(tx),

    async findUserByEmail(email: string): Promise<Account | undefined> {
      const [row] = await db
        .select(accountColumns)
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
      return row
    },

    async accountsOf(ids: readonly string[]): Promise<Account[]> {
      if (ids.length === 0) return []
      return db
        .select(accountColumns)
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]))
    },

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

    async revoke(userId: string, role: StaffRole): Promise<boolean> {
      const table = roleTable(role)
      const deleted = await db
        .delete(table)
        .where(eq(table.userId, userId))
        .returning({ userId: table.userId })
      return deleted.length > 0
    },

    /** every admin's id, locked until the transaction ends */
    async lockAdmins(): Promise<string[]> {
      const rows = await db.select({ userId: adminUsers.userId }).from(adminUsers).for('update')
      return rows.map((row) => row.userId)
    },

    /** admins first, then drivers, each by when they got the role */
    async roleHolders(): Promise<RoleHolder[]> {
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

    /** everyone with a staff role, once each, by first and last name */
    staffMembers(): Promise<Account[]> {
      return db
        .select(accountColumns)
        .from(users)
        .where(holdsARole)
        .orderBy(asc(users.firstName), asc(users.lastName))
    },

    async isStaff(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), holdsARole))
      return row !== undefined
    },
  }
}

export type RolesRepo = ReturnType<typeof createRolesRepo>
