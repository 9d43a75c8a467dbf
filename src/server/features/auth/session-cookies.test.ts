import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adminUsers, sessions } from '#server/db/schema/index.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { customerDetails, nextIp, uniqueEmail } from '#tests/factories/customer.ts'

/**
 * The session cookie `sid` (HttpOnly, signed) and the page's hint `signed_in` are set and
 * cleared together, and expire with the session's row (docs/product.md#accounts).
 */

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
let clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

interface SetCookie {
  value: string
  /** lower-cased attribute names; flags map to '' */
  attributes: Map<string, string>
}

/** the Set-Cookie lines of an answer, by cookie name */
function cookiesSet(response: { headers: Record<string, unknown> }): Map<string, SetCookie> {
  const header = response.headers['set-cookie']
  const lines = (Array.isArray(header) ? header : [header]).filter(
    (line): line is string => typeof line === 'string',
  )
  const cookies = new Map<string, SetCookie>()
  for (const line of lines) {
    const [pair = '', ...parts] = line.split(';').map((part) => part.trim())
    const at = pair.indexOf('=')
    const attributes = new Map<string, string>()
    for (const part of parts) {
      const [name = '', ...value] = part.split('=')
      attributes.set(name.toLowerCase(), value.join('='))
    }
    cookies.set(pair.slice(0, at), { value: pair.slice(at + 1), attributes })
  }
  return cookies
}

function bothCookies(response: { headers: Record<string, unknown> }) {
  const cookies = cookiesSet(response)
  const sid = cookies.get('sid')
  const hint = cookies.get('signed_in')
  if (!sid || !hint)
    throw new Error(`expected sid and signed_in, got ${[...cookies.keys()].join(', ')}`)
  return { sid, hint, cookie: `sid=${sid.value}; signed_in=${hint.value}` }
}

const expiresOf = (cookie: SetCookie) => new Date(cookie.attributes.get('expires') ?? '')

async function rowExpiry(sidCookie: SetCookie): Promise<Date> {
  const sid = decodeURIComponent(sidCookie.value).split('.')[0] ?? ''
  const [row] = await shop.database.db
    .select({ expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.sid, sid))
  if (!row) throw new Error('no session row')
  return row.expire
}

/** Expires has whole seconds */
const toSecond = (date: Date) => Math.floor(date.getTime() / 1000) * 1000

function expectCleared(response: { headers: Record<string, unknown> }) {
  const cookies = cookiesSet(response)
  for (const name of ['sid', 'signed_in']) {
    const cleared = cookies.get(name)
    expect(cleared, name).toBeDefined()
    expect(cleared?.value, name).toBe('')
    expect(expiresOf(cleared!).getTime(), name).toBe(0)
    expect(cleared?.attributes.get('path'), name).toBe('/')
  }
}

const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) =>
  shop.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(cookie ? { headers: { cookie } } : {}),
    remoteAddress: nextIp(),
  })

async function register() {
  const email = uniqueEmail('cookies')
  const response = await call('POST', '/api/auth/register', customerDetails(email))
  expect(response.statusCode, response.body).toBe(201)
  return { email, response, ...bothCookies(response) }
}

const session = (cookie: string) => call('GET', '/api/auth/session', undefined, cookie)

describe('signing in sets both cookies, expiring with the session', () => {
  test('registration: sid HttpOnly and signed, signed_in readable and only "1", one expiry', async () => {
    const { sid, hint } = await register()
    for (const cookie of [sid, hint]) {
      expect(cookie.attributes.get('path')).toBe('/')
      expect(cookie.attributes.get('samesite')).toBe('Lax')
      expect(cookie.attributes.has('secure')).toBe(false)
    }
    expect(sid.attributes.has('httponly')).toBe(true)
    expect(hint.attributes.has('httponly')).toBe(false)
    // the hint holds no secret: not the session id, not the user
    expect(hint.value).toBe('1')
    // a customer stays signed in for 30 idle days: the row and both cookies say so
    const expire = await rowExpiry(sid)
    expect(expire.getTime()).toBe(clock.getTime() + 30 * DAY)
    expect(expiresOf(sid).getTime()).toBe(toSecond(expire))
    expect(expiresOf(hint).getTime()).toBe(toSecond(expire))
  })

  test('sign-in: a new sid and the hint, both with the new row’s expiry; an admin’s is 8 hours', async () => {
    const { email, cookie } = await register()
    const login = await call(
      'POST',
      '/api/auth/login',
      { email, password: customerDetails(email).password },
      cookie,
    )
    expect(login.statusCode).toBe(200)
    const signedIn = bothCookies(login)
    expect(signedIn.hint.value).toBe('1')
    const expire = await rowExpiry(signedIn.sid)
    expect(expiresOf(signedIn.sid).getTime()).toBe(toSecond(expire))
    expect(expiresOf(signedIn.hint).getTime()).toBe(toSecond(expire))

    const user = (await session(signedIn.cookie)).json<{ id: string }>()
    await shop.database.db.insert(adminUsers).values({ userId: user.id })
    const admin = bothCookies(
      await call('POST', '/api/auth/login', { email, password: customerDetails(email).password }),
    )
    expect(expiresOf(admin.sid).getTime()).toBe(
      toSecond(new Date(clock.getTime() + 8 * 60 * MINUTE)),
    )
    expect(expiresOf(admin.hint)).toEqual(expiresOf(admin.sid))
  })

  test('both are Secure in production', async () => {
    const production = await createTestApp({ nodeEnv: 'production', database: shop.database })
    try {
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: customerDetails(uniqueEmail('secure')),
        remoteAddress: nextIp(),
      })
      const { sid, hint } = bothCookies(response)
      expect(sid.attributes.has('secure')).toBe(true)
      expect(hint.attributes.has('secure')).toBe(true)
    } finally {
      await production.close()
    }
  })
})

describe('a sliding expiry', () => {
  test('sets both cookies again with the row’s new expiry, at most once a minute', async () => {
    const { cookie, sid } = await register()
    const start = clock
    try {
      clock = new Date(start.getTime() + 30_000)
      const soon = await session(cookie)
      expect(soon.statusCode).toBe(200)
      expect(soon.headers['set-cookie']).toBeUndefined()

      clock = new Date(start.getTime() + 2 * DAY)
      const later = await session(cookie)
      expect(later.statusCode).toBe(200)
      const moved = bothCookies(later)
      expect(moved.sid.value).toBe(sid.value)
      expect(moved.hint.value).toBe('1')
      const expire = await rowExpiry(moved.sid)
      expect(expire.getTime()).toBe(clock.getTime() + 30 * DAY)
      expect(expiresOf(moved.sid).getTime()).toBe(toSecond(expire))
      expect(expiresOf(moved.hint).getTime()).toBe(toSecond(expire))
    } finally {
      clock = start
    }
  })
})

test('a live session that came without the hint (begun before it existed) gets it back, with the row’s expiry', async () => {
  const { sid } = await register()
  const response = await session(`sid=${sid.value}`)
  expect(response.statusCode).toBe(200)
  const given = bothCookies(response)
  expect(given.hint.value).toBe('1')
  expect(given.sid.value).toBe(sid.value)
  expect(expiresOf(given.hint).getTime()).toBe(toSecond(await rowExpiry(sid)))
})

describe('a session that is no more clears both cookies', () => {
  test('sign-out', async () => {
    const { cookie } = await register()
    const logout = await call('POST', '/api/auth/logout', undefined, cookie)
    expect(logout.statusCode).toBe(200)
    expectCleared(logout)
  })

  test('signed out elsewhere: the next session call is 401 and clears them', async () => {
    const { cookie } = await register()
    // another browser with the same cookies signs out
    expect((await call('POST', '/api/auth/logout', undefined, cookie)).statusCode).toBe(200)
    const after = await session(cookie)
    expect(after.statusCode).toBe(401)
    expectCleared(after)
  })

  test('expired: 401, and cleared', async () => {
    const { cookie } = await register()
    const start = clock
    try {
      clock = new Date(start.getTime() + 31 * DAY)
      const expired = await session(cookie)
      expect(expired.statusCode).toBe(401)
      expectCleared(expired)
    } finally {
      clock = start
    }
  })

  test('an unknown or forged sid, or the hint alone: 401, and cleared', async () => {
    const { sid } = await register()
    const unsigned = decodeURIComponent(sid.value).split('.')[0] ?? ''
    for (const cookie of [`sid=${unsigned}; signed_in=1`, 'sid=abc.def', 'signed_in=1']) {
      const response = await session(cookie)
      expect(response.statusCode, cookie).toBe(401)
      expectCleared(response)
    }
  })

  test('a visitor without either cookie gets a plain 401, no cookies', async () => {
    const response = await session('')
    expect(response.statusCode).toBe(401)
    expect(response.headers['set-cookie']).toBeUndefined()
  })
})
