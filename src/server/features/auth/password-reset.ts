import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { AUTH_MESSAGES } from '#shared/schemas/auth.ts'
import type { Mailer } from '../../adapters/mail/index.ts'
import { AppError } from '../../app-error.ts'
import type { RateLimitsService } from '../rate-limits/index.ts'
import type { AuthRepo } from './auth.repo.ts'
import { hashPassword } from './passwords.ts'
import { resetPasswordEmail } from './reset-email.tsx'
import type { Sessions } from './sessions.ts'

const RESET_TOKEN_LIFETIME_MS = 60 * 60_000

/**
 * A forgotten password (docs/product.md#accounts): a one-hour, single-use link by e-mail (its
 * token stored only as a hash), then a new password that ends every session of the user.
 */
export function createPasswordReset({
  repo,
  sessions,
  mailer,
  publicUrl,
  rateLimits,
  now,
  log,
  passwordCost,
}: {
  repo: AuthRepo
  sessions: Sessions
  mailer: Mailer
  /** reset links are built from PUBLIC_URL, never from the request's Host */
  publicUrl: string
  rateLimits: Pick<RateLimitsService, 'attemptLimiter'>
  now: () => Date
  log: FastifyBaseLogger
  passwordCost: number
}) {
  const resetRequests = rateLimits.attemptLimiter({
    name: 'reset-requested',
    max: 5,
    windowMs: 60 * 60_000,
    what: 'reset requests',
  })

  return {
    async forgotPassword(email: string) {
      await resetRequests.attempt(email)
      const row = await repo.findUserByEmail(email)
      if (row) {
        const token = randomBytes(32).toString('base64url')
        const at = now()
        await repo.replaceResetToken(
          row.id,
          token,
          new Date(at.getTime() + RESET_TOKEN_LIFETIME_MS),
          at,
        )
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`
        // not awaited: the answer (and its timing) is the same whether or not the account
        // exists, and a mail failure is logged without failing the request
        mailer
          .send(resetPasswordEmail({ to: row.email, firstName: row.firstName, link }))
          .catch((error: unknown) =>
            log.error({ err: error, userId: row.id }, 'sending the reset e-mail failed'),
          )
      }
      return { message: AUTH_MESSAGES.forgotPasswordSent }
    },

    async resetPassword(token: string, newPassword: string) {
      const passwordHash = await hashPassword(newPassword, passwordCost)
      const userId = await repo.resetPassword(token, passwordHash, now())
      if (!userId) throw new AppError('INVALID_RESET_TOKEN')
      await sessions.endAllFor(userId)
      return { message: AUTH_MESSAGES.passwordReset }
    },
  }
}
