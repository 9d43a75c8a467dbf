import { createHash } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { StaffRole } from '#shared/schemas/staff.ts'
import type { Database } from '../../db/client.ts'
import { staffInvitations } from '../../db/schema/staff.ts'
import type { Transaction } from '../../db/transaction.ts'

export type InvitationRow = typeof staffInvitations.$inferSelect

/** the token of a link is stored only as this hash (as password-reset tokens are) */
export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token).digest('hex')

export interface PendingInvitationRow {
  id: string
  email: string
  role: StaffRole
  /** the id of the admin who sent it (null once that account is gone) */
  invitedById: string | null
  createdAt: Date
  expiresAt: Date
}

/**
 * The staff invitations (docs/product.md#staff). The roles themselves, and the accounts, are
 * the auth feature's: the staff service grants and revokes them through it.
 */
export function createStaffRepo(db: Database) {
  return {
    /** invitations neither used nor expired, newest first */
    listPendingInvitations(at: Date): Promise<PendingInvitationRow[]> {
      return db
        .select({
          id: staffInvitations.id,
          email: staffInvitations.email,
          role: staffInvitations.role,
          invitedById: staffInvitations.invitedBy,
          createdAt: staffInvitations.createdAt,
          expiresAt: staffInvitations.expiresAt,
        })
        .from(staffInvitations)
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
      }
    },
  }
}

export type StaffRepo = ReturnType<typeof createStaffRepo>
