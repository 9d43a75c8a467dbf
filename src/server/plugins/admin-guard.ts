import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../app-error.ts'

/** Everything under this path is the admin area's API (docs/product.md#admin). */
export const ADMIN_API_PREFIX = '/api/admin'

export interface AdminCaller {
  readonly id: string
  readonly email: string
}

/** Who is calling: the signed-in user and whether they are an admin; throws 401 when signed out. */
export interface CallerLookup {
  signedIn(request: FastifyRequest): Promise<{
    readonly user: { readonly id: string; readonly email: string }
    readonly isAdmin: boolean
    readonly passwordFresh: boolean
  }>
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in admin, set by the admin guard on every /api/admin route */
    adminCaller: AdminCaller | null
    /** that admin gave the password within 30 minutes of their last request */
    adminPasswordFresh: boolean
  }
}

const isAdminRoute = (pattern: string | undefined) =>
  pattern !== undefined &&
  (pattern === ADMIN_API_PREFIX || pattern.startsWith(`${ADMIN_API_PREFIX}/`))

/**
 * The server is the admin area's guard: one hook for the whole app checks every request whose
 * matched route lives under /api/admin, wherever that route was registered, so a new admin
 * route cannot forget it. It looks at the route's pattern (not the raw URL, which could be
 * spelled in other ways) and runs before the body is read: 401 signed out, 403 not an admin.
 */
export function registerAdminGuard(app: FastifyInstance, auth: CallerLookup) {
  app.decorateRequest('adminCaller', null)
  app.decorateRequest('adminPasswordFresh', false)
  app.addHook('onRequest', async (request) => {
    if (!isAdminRoute(request.routeOptions.url)) return
    const { user, passwordFresh } = await requireAdmin(auth, request)
    request.adminCaller = { id: user.id, email: user.email }
    request.adminPasswordFresh = passwordFresh
  })
}

/** The signed-in admin making this request: 401 signed out, 403 not an admin. */
export async function requireAdmin(auth: CallerLookup, request: FastifyRequest) {
  const caller = await auth.signedIn(request)
  if (!caller.isAdmin) throw new AppError('FORBIDDEN')
  return caller
}

/**
 * The admin making a money action (a cancel, a refund): one who has been away for more than 30
 * minutes gives the password again first (403 with `passwordAgain`, docs/product.md#accounts).
 */
export function adminWithFreshPasswordOf(request: {
  adminCaller: AdminCaller | null
  adminPasswordFresh: boolean
}): AdminCaller {
  const caller = adminCallerOf(request)
  if (!request.adminPasswordFresh) {
    throw new AppError('PASSWORD_AGAIN', { details: { passwordAgain: true } })
  }
  return caller
}

/** The admin making this request; only callable on /api/admin routes (the guard has run). */
export function adminCallerOf(request: { adminCaller: AdminCaller | null }): AdminCaller {
  if (!request.adminCaller) throw new AppError('UNAUTHORIZED')
  return request.adminCaller
}
