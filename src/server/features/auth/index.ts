import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from '../../adapters/mail/index.ts'
import type { Database } from '../../db/client.ts'
import type { RateLimitsService } from '../rate-limits/index.ts'
import { createAuthRepo } from './auth.repo.ts'
import { authRoutes } from './auth.routes.ts'
import { createAuthService, type AuthService } from './auth.service.ts'
import { createRolesRepo } from './roles.repo.ts'
import { createRoles } from './roles.ts'
import { createSessions } from './sessions.ts'

export function createAuthFeature(deps: {
  db: Database
  mailer: Mailer
  rateLimits: Pick<RateLimitsService, 'attemptLimiter'>
  publicUrl: string
  secureCookie: boolean
  now: () => Date
  log: FastifyBaseLogger
  passwordCost?: number | undefined
}) {
  const sessions = createSessions({ db: deps.db, now: deps.now, secureCookie: deps.secureCookie })
  const service = createAuthService({
    repo: createAuthRepo(deps.db),
    sessions,
    mailer: deps.mailer,
    rateLimits: deps.rateLimits,
    publicUrl: deps.publicUrl,
    now: deps.now,
    log: deps.log,
    ...(deps.passwordCost ? { passwordCost: deps.passwordCost } : {}),
  })
  /** the staff roles and their accounts' names, for the staff and routes features */
  const roles = createRoles(createRolesRepo(deps.db))
  return { service, sessions, roles, routes: authRoutes(service) }
}

export type { AuthService }
export type { Sessions, SignedInUser, UserRow } from './sessions.ts'
export type { Roles } from './roles.ts'
export type { Account, RoleHolder } from './roles.repo.ts'
/** What a feature needs to know who is calling: the signed-in user, or a 401. */
export type SignedIn = Pick<AuthService, 'signedIn'>
