import type { StaffRole } from '#shared/schemas/staff.ts'
import type { Transaction } from '../../db/transaction.ts'
import type { Account, RoleHolder, RolesRepo } from './roles.repo.ts'

/**
 * The staff roles of accounts (docs/product.md#staff): who is an admin or a driver, and their
 * names, for the staff and routes features. The auth feature owns the accounts and role tables
 * (docs/decisions/0012-one-owner-per-table.md); roles change only through the `…Within(tx)`
 * methods, inside the caller's transaction (the staff feature spends an invitation and grants
 * its role in one).
 */
export function createRoles(repo: RolesRepo) {
  return {
    /** The account with this address, ignoring case. */
    findUserByEmail: (email: string): Promise<Account | undefined> => repo.findUserByEmail(email),

    /** The accounts with these ids (unknown ids are simply missing), by id. */
    async accountsOf(ids: readonly string[]): Promise<Map<string, Account>> {
      return new Map((await repo.accountsOf(ids)).map((account) => [account.id, account]))
    },

    /** accountsOf inside the caller's transaction. */
    async accountsOfWithin(tx: Transaction, ids: readonly string[]): Promise<Map<string, Account>> {
      return new Map(
        (await repo.within(tx).accountsOf(ids)).map((account) => [account.id, account]),
      )
    },

    hasRole: (userId: string, role: StaffRole): Promise<boolean> => repo.hasRole(userId, role),

    /** Gives the account the role (holding it already changes nothing). */
    grantWithin: (tx: Transaction, userId: string, role: StaffRole): Promise<void> =>
      repo.within(tx).grant(userId, role),

    /** Takes the role away; false when the account did not hold it. */
    revokeWithin: (tx: Transaction, userId: string, role: StaffRole): Promise<boolean> =>
      repo.within(tx).revoke(userId, role),

    /**
     * Every admin's id, locked until the caller's transaction ends: two removals counting the
     * admins at once cannot both leave the shop without one.
     */
    lockAdminsWithin: (tx: Transaction): Promise<string[]> => repo.within(tx).lockAdmins(),

    /** One entry per person and role: admins first, then drivers, each by when they got it. */
    roleHolders: (): Promise<RoleHolder[]> => repo.roleHolders(),

    /** Everyone with a staff role (an admin or a driver), once each, by name. */
    staffMembers: (): Promise<Account[]> => repo.staffMembers(),

    /** Whether the account is an admin or a driver, inside the caller's transaction. */
    isStaffWithin: (tx: Transaction, userId: string): Promise<boolean> =>
      repo.within(tx).isStaff(userId),
  }
}

export type Roles = ReturnType<typeof createRoles>
