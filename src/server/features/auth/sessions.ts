import { randomBytes } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SIGNED_IN_COOKIE } from '#shared/personal-state.ts'
import type { Database } from '../../db/client.ts'
import { adminUsers, driverUsers, sessions, users } from '../../db/schema/accounts.ts'

export const SESSION_COOKIE = 'sid'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/**
 * Idle and absolute limits (docs/product.md#accounts): customers stay signed in; an admin stays
 * signed in for a working day, within twelve hours of signing in.
 */
export const SESSION_LIMITS = {
  customer: { idle: 30 * DAY, absolute: 90 * DAY },
  admin: { idle: 8 * HOUR, absolute: 12 * HOUR },
} as const
/**
 * How long the password given at sign-in (or again) vouches for its holder while they are away:
 * each request moves it on, but once it has lapsed only the password renews it. The money
 * actions ask for it (docs/product.md#accounts).
 */
export const PASSWORD_FRESH_MS = 30 * MINUTE

export type UserRow = typeof users.$inferSelect

export interface SignedInUser {
  readonly sid: string
  readonly user: UserRow
  /** read from admin_users on every request: a removed admin loses access at once */
  readonly isAdmin: boolean
  /** read from driver_users the same way: a driver reaches the driver's view (docs/product.md#routes) */
  readonly isDriver: boolean
  /** the password was given within PASSWORD_FRESH_MS of the user's last request */
  readonly passwordFresh: boolean
}

interface SessionData {
  createdAt: number
  /** until when the password last given vouches for the user (see PASSWORD_FRESH_MS) */
  passwordUntil?: number
}

/**
 * Sessions live in PostgreSQL (docs/product.md#accounts), so any number of app processes share
 * them. The cookie holds a random id, signed with SESSION_SECRET; the row is checked on every
 * request (expiry included), not only by the purge. Both cookies expire with the row, and are
 * set again whenever its expiry moves.
 */
export function createSessions({
  db,
  now,
  secureCookie,
}: {
  db: Database
  now: () => Date
  secureCookie: boolean
}) {
  const shared = { path: '/', sameSite: 'lax' as const, secure: secureCookie }
  /**
   * What reading the session decided for a request's cookies (a new expiry, or a session that
   * is no more). read() has no reply to set them on: sendCookieChanges writes them as the
   * answer leaves.
   */
  const cookieChanges = new WeakMap<FastifyRequest, { sid: string; expires: Date } | 'clear'>()

  function setCookies(reply: FastifyReply, sid: string, expires: Date) {
    void reply.setCookie(SESSION_COOKIE, sid, { ...shared, httpOnly: true, signed: true, expires })
    void reply.setCookie(SIGNED_IN_COOKIE, '1', { ...shared, httpOnly: false, expires })
  }

  function clearCookies(reply: FastifyReply) {
    void reply.clearCookie(SESSION_COOKIE, shared)
    void reply.clearCookie(SIGNED_IN_COOKIE, shared)
  }

  /** the session's data with passwordUntil moved to `until`, or kept if it is later already */
  const passwordUntilAtLeast = (until: number) =>
    sql`jsonb_set(${sessions.sess}, '{passwordUntil}', to_jsonb(greatest(coalesce((${sessions.sess}->>'passwordUntil')::bigint, 0), ${until}::bigint)))`

  function expiryFor(createdAt: number, at: number, isAdmin: boolean): Date {
    const limits = isAdmin ? SESSION_LIMITS.admin : SESSION_LIMITS.customer
    return new Date(Math.min(at + limits.idle, createdAt + limits.absolute))
  }

  function cookieSid(request: FastifyRequest): string | undefined {
    const raw = request.cookies[SESSION_COOKIE]
    if (!raw) return undefined
    const unsigned = request.unsignCookie(raw)
    return unsigned.valid && unsigned.value ? unsigned.value : undefined
  }

  async function rolesOf(userId: string): Promise<{ isAdmin: boolean; isDriver: boolean }> {
    const [row] = await db
      .select({ adminId: adminUsers.userId, driverId: driverUsers.userId })
      .from(users)
      .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
      .leftJoin(driverUsers, eq(driverUsers.userId, users.id))
      .where(eq(users.id, userId))
    return { isAdmin: Boolean(row?.adminId), isDriver: Boolean(row?.driverId) }
  }

  return {
    /**
     * A new session (a new id, so a planted cookie is never promoted), and its cookie; says
     * the user's staff roles (an admin's session has its own limits).
     */
    async start(
      reply: FastifyReply,
      userId: string,
    ): Promise<{ isAdmin: boolean; isDriver: boolean }> {
      const sid = randomBytes(32).toString('base64url')
      const at = now().getTime()
      const data: SessionData = { createdAt: at, passwordUntil: at + PASSWORD_FRESH_MS }
      const roles = await rolesOf(userId)
      const { isAdmin } = roles
      const expire = expiryFor(at, at, isAdmin)
      await db.insert(sessions).values({ sid, sess: data, userId, expire })
      cookieChanges.delete(reply.request)
      setCookies(reply, sid, expire)
      return roles
    },

    /**
     * The signed-in user, or null; slides the idle expiry forward. Cookies that name no live
     * session are cleared, so a browser whose session ended stops asking.
     */
    async read(request: FastifyRequest): Promise<SignedInUser | null> {
      const sid = cookieSid(request)
      const signedOut = () => {
        if (request.cookies[SESSION_COOKIE] || request.cookies[SIGNED_IN_COOKIE]) {
          cookieChanges.set(request, 'clear')
        }
        return null
      }
      if (!sid) return signedOut()
      const at = now()
      const [row] = await db
        .select({
          sess: sessions.sess,
          expire: sessions.expire,
          user: users,
          adminId: adminUsers.userId,
          driverId: driverUsers.userId,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
        .leftJoin(driverUsers, eq(driverUsers.userId, users.id))
        .where(and(eq(sessions.sid, sid), sql`${sessions.expire} > ${at}`))
      if (!row) return signedOut()
      const isAdmin = row.adminId !== null
      const data = row.sess as Partial<SessionData>
      const createdAt = data.createdAt ?? 0
      const expire = expiryFor(createdAt, at.getTime(), isAdmin)
      if (expire <= at) return signedOut()
      const passwordUntil = data.passwordUntil ?? 0
      const passwordFresh = passwordUntil >= at.getTime()
      // the idle window and (while fresh) the password's move on; the row and the cookies are
      // written at most once a minute
      const expireMoved = Math.abs(expire.getTime() - row.expire.getTime()) > MINUTE
      const passwordMoved =
        passwordFresh && at.getTime() + PASSWORD_FRESH_MS - passwordUntil > MINUTE
      if (expireMoved || passwordMoved) {
        await db
          .update(sessions)
          .set({
            expire,
            // never moved back: a password given meanwhile by another request is kept
            ...(passwordMoved
              ? { sess: passwordUntilAtLeast(at.getTime() + PASSWORD_FRESH_MS) }
              : {}),
          })
          .where(eq(sessions.sid, sid))
        cookieChanges.set(request, { sid, expires: expire })
      } else if (!request.cookies[SIGNED_IN_COOKIE]) {
        // a session begun before the hint existed (or a hint the browser lost) gets it back
        cookieChanges.set(request, { sid, expires: row.expire })
      }
      return { sid, user: row.user, isAdmin, isDriver: row.driverId !== null, passwordFresh }
    },

    /** The password was just given again: it vouches for the session's user once more. */
    async passwordGiven(sid: string): Promise<void> {
      await db
        .update(sessions)
        .set({ sess: passwordUntilAtLeast(now().getTime() + PASSWORD_FRESH_MS) })
        .where(eq(sessions.sid, sid))
    },

    /** The cookie changes read() decided for this request, as its answer is sent. */
    sendCookieChanges(request: FastifyRequest, reply: FastifyReply): void {
      const change = cookieChanges.get(request)
      if (change === 'clear') clearCookies(reply)
      else if (change) setCookies(reply, change.sid, change.expires)
    },

    /** Sign-out: the row goes, and both cookies with it. */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const sid = cookieSid(request)
      if (sid) await db.delete(sessions).where(eq(sessions.sid, sid))
      cookieChanges.delete(request)
      clearCookies(reply)
    },

    async endAllFor(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId))
    },

    async purgeExpired(): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(lt(sessions.expire, now()))
        .returning({ sid: sessions.sid })
      return deleted.length
    },
  }
}

export type Sessions = ReturnType<typeof createSessions>
