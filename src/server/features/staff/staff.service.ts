import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import {
  INVITATION_LIFETIME_HOURS,
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type InvitationAccepted,
  type InvitationRegisterInputSchema,
  type InvitationView,
  type StaffInvitation,
  type StaffList,
  type StaffRole,
} from '#shared/schemas/staff.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { AuthService, Roles } from '../auth/index.ts'
import type { OutboxService } from '../outbox/index.ts'
import type { AdminCaller } from '../../plugins/admin-guard.ts'
import { staffInvitationEmail } from './invitation-email.tsx'
import type { InvitationRow, PendingInvitationRow, StaffRepo } from './staff.repo.ts'

/** What the staff feature does with accounts and roles, through the auth feature. */
export type StaffRoles = Pick<
  Roles,
  | 'findUserByEmail'
  | 'accountsOf'
  | 'hasRole'
  | 'grantWithin'
  | 'revokeWithin'
  | 'lockAdminsWithin'
  | 'roleHolders'
>

const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_HOURS * 60 * 60_000

const withArticle = (role: StaffRole) =>
  `${role === 'admin' ? 'an' : 'a'} ${STAFF_ROLE_LABELS[role].toLowerCase()}`

/**
 * The shop's staff (docs/product.md#staff): admins invite people by e-mail as admins or
 * drivers; the link works once, for 48 hours, and grants the role to the account that accepts
 * it, new or existing.
 */
export function createStaffService({
  repo,
  transaction,
  outbox,
  auth,
  roles,
  publicUrl,
  now,
}: {
  repo: StaffRepo
  transaction: RunInTransaction
  outbox: Pick<OutboxService, 'enqueueWithin'>
  auth: Pick<AuthService, 'signedIn' | 'register'>
  /** the accounts and their roles are the auth feature's: granted and revoked through it */
  roles: StaffRoles
  /** invitation links are built from PUBLIC_URL, never from the request's Host */
  publicUrl: string
  now: () => Date
}) {
  /** the invitation behind a token, if it can still be accepted; else the reason, as an error */
  async function usableInvitation(token: string): Promise<InvitationRow> {
    const invitation = await repo.findInvitation(token)
    if (!invitation) throw new AppError('INVITATION_NOT_FOUND')
    if (invitation.usedAt) throw new AppError('INVITATION_USED')
    if (invitation.expiresAt.getTime() <= now().getTime()) {
      throw new AppError('INVITATION_EXPIRED')
    }
    return invitation
  }

  /** spends the invitation and grants its role in one transaction */
  async function grantFrom(invitation: InvitationRow, userId: string): Promise<StaffRole> {
    return transaction(async (tx) => {
      const within = repo.within(tx)
      const spent = await within.spendInvitation(invitation.id, now())
      // another tab (or person) was quicker, or the link expired meanwhile
      if (!spent) {
        const expired = invitation.expiresAt.getTime() <= now().getTime()
        throw new AppError(expired ? 'INVITATION_EXPIRED' : 'INVITATION_USED')
      }
      await roles.grantWithin(tx, userId, spent.role)
      return spent.role
    })
  }

  return {
    async list(): Promise<StaffList> {
      const [staff, invitations] = await Promise.all([
        roles.roleHolders(),
        repo.listPendingInvitations(now()),
      ])
      const inviters = await roles.accountsOf(
        invitations.flatMap(({ invitedById }) => invitedById ?? []),
      )
      return {
        staff: staff.map((row) => ({
          userId: row.userId,
          email: row.email,
          name: `${row.firstName} ${row.lastName}`,
          role: row.role,
          since: row.since.toISOString(),
        })),
        invitations: invitations.map(({ invitedById, ...invitation }) =>
          toInvitation({
            ...invitation,
            invitedBy: (invitedById && inviters.get(invitedById)?.email) ?? null,
          }),
        ),
      }
    },

    async invite(
      caller: AdminCaller,
      input: { email: string; role: StaffRole },
    ): Promise<{ message: string; invitation: StaffInvitation }> {
      const email = input.email.toLowerCase()
      const existing = await roles.findUserByEmail(email)
      if (existing && (await roles.hasRole(existing.id, input.role))) {
        throw new AppError('STAFF_ROLE_HELD', {
          message: `${existing.email} is already ${withArticle(input.role)}.`,
        })
      }
      const token = randomBytes(32).toString('base64url')
      const at = now()
      const link = `${publicUrl}/invitations/${token}`
      const row = await transaction(async (tx) => {
        const invitation = await repo.within(tx).replaceInvitation({
          email,
          role: input.role,
          token,
          invitedBy: caller.id,
          createdAt: at,
          expiresAt: new Date(at.getTime() + INVITATION_LIFETIME_MS),
        })
        // written with the invitation: the e-mail goes out once the transaction commits
        await outbox.enqueueWithin(tx, {
          kind: 'staff_invitation',
          dedupeKey: `staff_invitation:${invitation.id}`,
          orderId: null,
          message: staffInvitationEmail({ to: email, role: input.role, link }),
        })
        return invitation
      })
      return {
        message: STAFF_MESSAGES.invited,
        invitation: toInvitation({ ...row, invitedBy: caller.email }),
      }
    },

    async remove(
      caller: AdminCaller,
      userId: string,
      role: StaffRole | undefined,
    ): Promise<{ message: string }> {
      const held: StaffRole[] = role ? [role] : ['admin', 'driver']
      await transaction(async (tx) => {
        if (held.includes('admin')) {
          const admins = await roles.lockAdminsWithin(tx)
          if (admins.includes(userId)) {
            if (userId === caller.id) throw new AppError('STAFF_REMOVE_SELF')
            if (admins.length <= 1) throw new AppError('STAFF_LAST_ADMIN')
          }
        }
        let removed = false
        for (const each of held) removed = (await roles.revokeWithin(tx, userId, each)) || removed
        if (!removed) throw new AppError('STAFF_NOT_FOUND')
      })
      return { message: STAFF_MESSAGES.removed }
    },

    async view(token: string): Promise<InvitationView> {
      const invitation = await usableInvitation(token)
      return {
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        hasAccount: (await roles.findUserByEmail(invitation.email)) !== undefined,
      }
    },

    /** a signed-in person accepts for their own account, which must be the invited address */
    async accept(request: FastifyRequest, token: string): Promise<InvitationAccepted> {
      const invitation = await usableInvitation(token)
      const { user } = await auth.signedIn(request)
      if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
        throw new AppError('INVITATION_OTHER_ACCOUNT', {
          message: `This invitation is for ${invitation.email}. Log out, then open the link again and log in or sign up with that address.`,
        })
      }
      const role = await grantFrom(invitation, user.id)
      return { message: STAFF_MESSAGES.accepted, role }
    },

    /** a new account for the invited address, signed in, with the role */
    async register(
      token: string,
      input: z.output<typeof InvitationRegisterInputSchema>,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<InvitationAccepted> {
      const invitation = await usableInvitation(token)
      const user = await auth.register({ ...input, email: invitation.email }, request, reply)
      const role = await grantFrom(invitation, user.id)
      return { message: STAFF_MESSAGES.accepted, role }
    },
  }
}

export type StaffService = ReturnType<typeof createStaffService>

function toInvitation(
  row: Omit<PendingInvitationRow, 'invitedById'> & { invitedBy: string | null },
): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }
}
