import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import {
  AUTH_MESSAGES,
  type LoginInputSchema,
  type ProfileFieldsSchema,
  profileSchemaFor,
  type RegisterInputSchema,
  type User,
} from '#shared/schemas/auth.ts'
import type { Mailer } from '../../adapters/mail/index.ts'
import type { Transaction } from '../../db/transaction.ts'
import { ERRORS } from '#shared/errors.ts'
import { AppError } from '../../app-error.ts'
import type { RateLimitsService } from '../rate-limits/index.ts'
import type { AuthRepo, UserRow } from './auth.repo.ts'
import { hashPassword, PASSWORD_COST, verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { createPasswordReset } from './password-reset.ts'
import type { Sessions, SignedInUser } from './sessions.ts'

export function toUser(
  row: UserRow,
  { isAdmin, isDriver }: { isAdmin: boolean; isDriver: boolean },
): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    deliveryStreet: row.deliveryStreet,
    deliveryApt: row.deliveryApt,
    deliveryCity: row.deliveryCity,
    deliveryState: row.deliveryState,
    deliveryZip: row.deliveryZip,
    createdAt: row.createdAt.toISOString(),
    isAdmin,
    isDriver,
  }
}

export function createAuthService({
  repo,
  sessions,
  mailer,
  publicUrl,
  rateLimits,
  now,
  log,
  passwordCost = PASSWORD_COST,
}: {
  repo: AuthRepo
  sessions: Sessions
  mailer: Mailer
  rateLimits: Pick<RateLimitsService, 'attemptLimiter'>
  /** reset links are built from PUBLIC_URL, never from the request's Host */
  publicUrl: string
  now: () => Date
  log: FastifyBaseLogger
  passwordCost?: number
}) {
  // per lower-cased address (docs/product.md#rate-limits)
  const failedLogins = rateLimits.attemptLimiter({
    name: 'login-failed',
    max: 10,
    windowMs: 15 * 60_000,
    what: 'failed sign-ins',
  })

  async function signedIn(request: FastifyRequest): Promise<SignedInUser> {
    const session = await sessions.read(request)
    if (!session) throw new AppError('UNAUTHORIZED')
    return session
  }

  return {
    signedIn,
    ...createPasswordReset({
      repo,
      sessions,
      mailer,
      publicUrl,
      rateLimits,
      now,
      log,
      passwordCost,
    }),

    async register(
      input: z.output<typeof RegisterInputSchema>,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<User> {
      const { password, ...details } = input
      const row = await repo.insertUser({
        ...details,
        email: input.email.toLowerCase(),
        passwordHash: await hashPassword(password, passwordCost),
      })
      if (!row) throw new AppError('EMAIL_TAKEN')
      await sessions.end(request, reply)
      return toUser(row, await sessions.start(reply, row.id))
    },

    async login(
      input: z.output<typeof LoginInputSchema>,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<User> {
      // counted before the password is checked, so racing guesses cannot pass the limit;
      // a success forgets the address's count
      await failedLogins.attempt(input.email)
      const row = await repo.findUserByEmail(input.email)
      const valid = row
        ? await verifyPassword(input.password, row.passwordHash)
        : await verifyAgainstDummy(input.password, passwordCost)
      if (!row || !valid) throw new AppError('INVALID_LOGIN')
      await failedLogins.clear(input.email)
      // a new session id at sign-in: whatever cookie came in is ended first
      await sessions.end(request, reply)
      return toUser(row, await sessions.start(reply, row.id))
    },

    /**
     * The signed-in user gives their password again (the money actions ask for it after time
     * away); wrong answers count with the failed sign-ins of the address.
     */
    async confirmPassword(request: FastifyRequest, password: string) {
      const { sid, user } = await signedIn(request)
      await failedLogins.attempt(user.email)
      if (!(await verifyPassword(password, user.passwordHash))) {
        const message = ERRORS.WRONG_PASSWORD.message
        throw new AppError('WRONG_PASSWORD', { fields: { password: message } })
      }
      await failedLogins.clear(user.email)
      await sessions.passwordGiven(sid)
      return { message: AUTH_MESSAGES.passwordConfirmed }
    },

    async logout(request: FastifyRequest, reply: FastifyReply) {
      await sessions.end(request, reply)
      return { message: AUTH_MESSAGES.loggedOut }
    },

    /** The route checked each field; whether the address must be in the area depends on who. */
    async updateProfile(
      request: FastifyRequest,
      input: z.output<typeof ProfileFieldsSchema>,
    ): Promise<User> {
      const { user, sid: _sid, passwordFresh: _fresh, ...roles } = await signedIn(request)
      const checked = profileSchemaFor(roles).safeParse(input)
      if (!checked.success) {
        const issue = checked.error.issues[0]
        const message = issue?.message ?? AUTH_MESSAGES.serviceArea
        const field = String(issue?.path[0] ?? 'deliveryZip')
        throw new AppError('BAD_REQUEST', { message, fields: { [field]: message } })
      }
      const row = await repo.updateUser(user.id, checked.data)
      if (!row) throw new AppError('UNAUTHORIZED')
      return toUser(row, roles)
    },

    /**
     * Where a customer's e-mails go: their account's address as it is now, read inside the
     * caller's transaction when given one (it holds a connection already).
     */
    accountEmail: (userId: string, tx?: Transaction) => repo.emailOf(userId, tx),

    /** ADMIN_EMAIL + ADMIN_PASSWORD: create that account if missing, and make it an admin. */
    ensureAdmin: (admin: { email: string; password: string }) =>
      ensureAdminAccount({ repo, log, passwordCost }, admin),
  }
}

export type AuthService = ReturnType<typeof createAuthService>

async function ensureAdminAccount(
  { repo, log, passwordCost }: { repo: AuthRepo; log: FastifyBaseLogger; passwordCost: number },
  admin: { email: string; password: string },
) {
  let row = await repo.findUserByEmail(admin.email)
  if (!row) {
    row = await repo.insertUser({
      email: admin.email.toLowerCase(),
      passwordHash: await hashPassword(admin.password, passwordCost),
      firstName: 'Shop',
      lastName: 'Admin',
      phone: '0000000000',
      deliveryStreet: 'Shop office',
      deliveryApt: null,
      deliveryCity: 'Houston',
      deliveryState: 'TX',
      deliveryZip: '77001',
    })
    row ??= await repo.findUserByEmail(admin.email)
  }
  if (!row) throw new Error('could not create the admin account')
  await repo.makeAdmin(row.id)
  log.info({ email: row.email }, 'admin account ready')
}
