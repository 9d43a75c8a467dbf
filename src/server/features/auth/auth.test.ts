import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adminUsers, sessions, users } from '#server/db/schema/index.ts'
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '#tests/setup/test-app.ts'

let clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp
let lastIp = 0

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

const nextIp = () => `10.7.${Math.floor(++lastIp / 250)}.${lastIp % 250}`
const unique = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

const person = (email: string) => ({
  email,
  password: 'correct horse battery',
  firstName: 'Maria',
  lastName: 'Gonzalez',
  phone: '(713) 555-0199',
  deliveryStreet: '1200 Heights Blvd',
  deliveryApt: 'Apt 4',
  deliveryCity: 'Houston',
  deliveryState: 'tx',
  deliveryZip: '77008',
})

type Headers = Record<string, string>
const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  headers: Headers = {},
) =>
  shop.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers,
    remoteAddress: nextIp(),
  })

/** the session cookie as the browser would send it back */
function cookieOf(response: { headers: Record<string, unknown> }): string {
  const setCookie = response.headers['set-cookie']
  const line = (Array.isArray(setCookie) ? setCookie : [setCookie]).find(
    (value): value is string => typeof value === 'string' && value.startsWith('sid='),
  )
  if (!line) throw new Error('no session cookie')
  return line.split(';')[0] ?? ''
}

async function register(email = unique('join')) {
  const response = await call('POST', '/api/auth/register', person(email))
  expect(response.statusCode, response.body).toBe(201)
  return {
    email,
    cookie: cookieOf(response),
    user: response.json<{ id: string; isAdmin: boolean }>(),
  }
}

const USER_KEYS = [
  'createdAt',
  'deliveryApt',
  'deliveryCity',
  'deliveryState',
  'deliveryStreet',
  'deliveryZip',
  'email',
  'firstName',
  'id',
  'isAdmin',
  'isDriver',
  'lastName',
  'phone',
]

describe('registration', () => {
  test('201 with the user (never the password or its hash), signed in, state upper-cased', async () => {
    const email = unique('Maria')
    const response = await call('POST', '/api/auth/register', person(email))
    expect(response.statusCode).toBe(201)
    const user = response.json<Record<string, unknown>>()
    expect(Object.keys(user).sort()).toEqual(USER_KEYS)
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      deliveryState: 'TX',
      deliveryApt: 'Apt 4',
    })
    expect(response.body).not.toMatch(/password|scrypt/i)
    const session = await call('GET', '/api/auth/session', undefined, {
      cookie: cookieOf(response),
    })
    expect(session.statusCode).toBe(200)
    expect(session.json()).toEqual(user)
  })

  test('the session cookie is HttpOnly, SameSite=Lax, path /, and Secure in production', async () => {
    const response = await call('POST', '/api/auth/register', person(unique('flags')))
    const line = String(response.headers['set-cookie'])
    expect(line).toMatch(/HttpOnly/)
    expect(line).toMatch(/SameSite=Lax/)
    expect(line).toMatch(/Path=\//)
    expect(line).not.toMatch(/Secure/)
    const production = await createTestApp({ nodeEnv: 'production' })
    try {
      const secure = await production.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: person(unique('secure')),
      })
      expect(String(secure.headers['set-cookie'])).toMatch(/; Secure/)
    } finally {
      await production.close()
    }
  })

  test('an address already registered, in any case, answers 409', async () => {
    const { email } = await register()
    const again = await call('POST', '/api/auth/register', person(email.toUpperCase()))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: 'An account with this email already exists' })
  })

  test.each([
    ['email', 'not-an-address', 'Please enter a valid email address'],
    ['password', 'short', 'Password must be at least 8 characters'],
    ['firstName', 'M', 'First name must be at least 2 characters'],
    ['lastName', 'G', 'Last name must be at least 2 characters'],
    ['phone', '555-01', 'Please enter a valid phone number'],
    ['deliveryStreet', '12 A', 'Please enter a valid street address'],
    ['deliveryCity', 'H', 'Please enter a valid city'],
    ['deliveryState', 'Texas', 'State must be 2 characters (e.g., TX)'],
    ['deliveryZip', '7700', 'ZIP code must be exactly 5 digits'],
    [
      'deliveryZip',
      '78701',
      'We currently deliver only within the Greater Houston area. Please check if your ZIP code is within our service area.',
    ],
  ])('%s = %j answers 400 with "%s"', async (field, value, message) => {
    const response = await call('POST', '/api/auth/register', {
      ...person(unique('bad')),
      [field]: value,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ errors: Record<string, string> }>().errors[field]).toBe(message)
  })

  test('a state other than TX puts the service-area message on the ZIP', async () => {
    const response = await call('POST', '/api/auth/register', {
      ...person(unique('la')),
      deliveryState: 'LA',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ errors: Record<string, string> }>().errors.deliveryZip).toMatch(
      /^We currently deliver only within the Greater Houston area/,
    )
  })

  test('extra fields such as isAdmin or id are refused and change nothing', async () => {
    const email = unique('sneaky')
    for (const extra of [{ isAdmin: true }, { id: '00000000-0000-4000-8000-000000000000' }]) {
      const response = await call('POST', '/api/auth/register', { ...person(email), ...extra })
      expect(response.statusCode).toBe(400)
    }
    const rows = await shop.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
    expect(rows).toEqual([])
  })
})

describe('signing in and out', () => {
  test('wrong password and unknown address get the same 401', async () => {
    const { email } = await register()
    const wrong = await call('POST', '/api/auth/login', { email, password: 'not the password' })
    const unknown = await call('POST', '/api/auth/login', {
      email: unique('nobody'),
      password: 'whatever123',
    })
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: 'Invalid email or password' })
    }
    const empty = await call('POST', '/api/auth/login', { email, password: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json<{ errors: Record<string, string> }>().errors.password).toBe(
      'Password is required',
    )
  })

  test('sign-in gives a new session id; sign-out deletes it and the old cookie is refused', async () => {
    const { email, cookie: first } = await register()
    const login = await call(
      'POST',
      '/api/auth/login',
      { email: email.toUpperCase(), password: 'correct horse battery' },
      { cookie: first },
    )
    expect(login.statusCode).toBe(200)
    const second = cookieOf(login)
    expect(second).not.toBe(first)
    // the session the sign-in came with is gone
    expect((await call('GET', '/api/auth/session', undefined, { cookie: first })).statusCode).toBe(
      401,
    )

    const logout = await call('POST', '/api/auth/logout', undefined, { cookie: second })
    expect(logout.statusCode).toBe(200)
    expect(String(logout.headers['set-cookie'])).toMatch(/^sid=;/)
    expect((await call('GET', '/api/auth/session', undefined, { cookie: second })).statusCode).toBe(
      401,
    )
    expect(
      (await call('GET', '/api/auth/admin-status', undefined, { cookie: second })).statusCode,
    ).toBe(401)
  })

  test('a forged or unsigned cookie is not a session', async () => {
    const { cookie } = await register()
    const sid = cookie.slice('sid='.length).split('.')[0] ?? ''
    expect(
      (await call('GET', '/api/auth/session', undefined, { cookie: `sid=${sid}` })).statusCode,
    ).toBe(401)
    expect(
      (await call('GET', '/api/auth/session', undefined, { cookie: `${cookie}x` })).statusCode,
    ).toBe(401)
  })

  test('after 10 wrong passwords for one address, the next tries get 429, even the right one', async () => {
    const { email } = await register()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push(
        (await call('POST', '/api/auth/login', { email, password: `wrong-${attempt}-x` }))
          .statusCode,
      )
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(11).fill(429))
    const right = await call('POST', '/api/auth/login', {
      email,
      password: 'correct horse battery',
    })
    expect(right.statusCode).toBe(429)
    expect(right.json<{ message: string }>().message).toMatch(
      /^Too many failed sign-ins for this address/,
    )
  })

  test('a cross-site sign-in is refused with 403', async () => {
    const { email } = await register()
    const response = await call(
      'POST',
      '/api/auth/login',
      { email, password: 'correct horse battery' },
      { origin: 'https://evil.example' },
    )
    expect(response.statusCode).toBe(403)
  })
})

describe('admin status', () => {
  test('is read from the database on every request: removing an admin takes effect at once', async () => {
    const { cookie, user } = await register()
    const status = () => call('GET', '/api/auth/admin-status', undefined, { cookie })
    expect((await status()).json()).toEqual({ isAdmin: false, isDriver: false })
    await shop.database.db.insert(adminUsers).values({ userId: user.id })
    expect((await status()).json()).toEqual({ isAdmin: true, isDriver: false })
    await shop.database.db.delete(adminUsers).where(eq(adminUsers.userId, user.id))
    expect((await status()).json()).toEqual({ isAdmin: false, isDriver: false })
  })

  test('the session, sign-in and profile answers say whether the user is an admin', async () => {
    const { cookie, user, email } = await register()
    expect(user).toMatchObject({ isAdmin: false })
    const session = () => call('GET', '/api/auth/session', undefined, { cookie })
    expect((await session()).json()).toMatchObject({ isAdmin: false })
    await shop.database.db.insert(adminUsers).values({ userId: user.id })
    expect((await session()).json()).toMatchObject({ isAdmin: true })
    const login = await call('POST', '/api/auth/login', {
      email,
      password: 'correct horse battery',
    })
    expect(login.json()).toMatchObject({ isAdmin: true })
    await shop.database.db.delete(adminUsers).where(eq(adminUsers.userId, user.id))
    expect((await session()).json()).toMatchObject({ isAdmin: false })
  })

  test('an admin session ends after 8 idle hours (a working day); a customer’s does not', async () => {
    const admin = await register()
    const customer = await register()
    await shop.database.db.insert(adminUsers).values({ userId: admin.user.id })
    const session = (cookie: string) => call('GET', '/api/auth/session', undefined, { cookie })
    expect((await session(admin.cookie)).statusCode).toBe(200)
    const start = clock
    try {
      clock = new Date(start.getTime() + 8 * 3_600_000 + 60_000)
      expect((await session(admin.cookie)).statusCode).toBe(401)
      expect((await session(customer.cookie)).statusCode).toBe(200)
      clock = new Date(start.getTime() + 8 * 3_600_000 + 60_000 + 30 * 24 * 3_600_000 + 60_000)
      // last seen 8 hours in: 30 idle days have passed a minute after 30 days more
      expect((await session(customer.cookie)).statusCode).toBe(401)
    } finally {
      clock = start
    }
  })
})

describe('profile', () => {
  test('PATCH /api/users/profile updates the signed-in user; signed out it answers 401', async () => {
    const { cookie } = await register()
    const update = {
      firstName: 'Mariana',
      lastName: 'Gonzalez',
      phone: '713-555-0100',
      deliveryStreet: '800 Bagby St',
      deliveryApt: '',
      deliveryCity: 'Houston',
      deliveryState: 'tx',
      deliveryZip: '77002',
    }
    const response = await call('PATCH', '/api/users/profile', update, { cookie })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      firstName: 'Mariana',
      deliveryApt: null,
      deliveryState: 'TX',
      deliveryZip: '77002',
    })
    expect((await call('PATCH', '/api/users/profile', update)).statusCode).toBe(401)
  })

  test('its validation messages, and no e-mail, id or isAdmin through it', async () => {
    const { cookie, email } = await register()
    const base = {
      firstName: 'Maria',
      lastName: 'Gonzalez',
      phone: '7135550100',
      deliveryStreet: '800 Bagby St',
      deliveryCity: 'Houston',
      deliveryState: 'TX',
      deliveryZip: '77002',
    }
    const bad = await call(
      'PATCH',
      '/api/users/profile',
      { ...base, firstName: 'M', deliveryZip: '90210' },
      { cookie },
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      firstName: 'First name must be at least 2 characters',
    })
    for (const extra of [
      { email: unique('other') },
      { isAdmin: true },
      { id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      expect(
        (await call('PATCH', '/api/users/profile', { ...base, ...extra }, { cookie })).statusCode,
      ).toBe(400)
    }
    const session = await call('GET', '/api/auth/session', undefined, { cookie })
    expect(session.json()).toMatchObject({ email: email.toLowerCase(), firstName: 'Maria' })
  })

  test.each([
    ['firstName', '', 'First name must be at least 2 characters'],
    ['lastName', ' ', 'Last name must be at least 2 characters'],
    ['phone', '713-555', 'Phone number must be at least 10 digits'],
    ['deliveryStreet', '', 'Please enter a valid street address'],
    ['deliveryCity', '', 'Please enter a valid city'],
    ['deliveryState', 'Tex', 'State must be 2 characters'],
    ['deliveryZip', '7700', 'ZIP code must be exactly 5 digits'],
    [
      'deliveryZip',
      '73301',
      'We currently deliver only within the Greater Houston area. Please check if your ZIP code is within our service area.',
    ],
  ])('profile %s = %j answers 400 with "%s" and changes nothing', async (field, value, message) => {
    const { cookie } = await register()
    const { email: _email, password: _password, ...details } = person('unused@example.com')
    const response = await call(
      'PATCH',
      '/api/users/profile',
      { ...details, firstName: 'Rosa', [field]: value },
      { cookie },
    )
    expect(response.statusCode).toBe(400)
    expect(response.json<{ errors: Record<string, string> }>().errors[field]).toBe(message)
    const session = await call('GET', '/api/auth/session', undefined, { cookie })
    expect(session.json()).toMatchObject({ firstName: 'Maria', deliveryZip: '77008' })
  })
})

describe('password reset', () => {
  const linkIn = (text: string) => /https?:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(text)

  async function requestReset(email: string, headers: Headers = {}) {
    const before = shop.sentMail.length
    const response = await call('POST', '/api/auth/forgot-password', { email }, headers)
    expect(response.statusCode).toBe(200)
    await expect.poll(() => shop.sentMail.length).toBeGreaterThan(before)
    const mail = shop.sentMail.at(-1)!
    return { response, mail, token: linkIn(mail.text)?.[1] ?? '' }
  }

  test('the answer is the same for a known and an unknown address; only the known one gets mail', async () => {
    const { email } = await register()
    const before = shop.sentMail.length
    const unknown = await call('POST', '/api/auth/forgot-password', { email: unique('nobody') })
    const known = await call('POST', '/api/auth/forgot-password', { email })
    expect(unknown.statusCode).toBe(200)
    expect(known.statusCode).toBe(200)
    expect(unknown.body).toBe(known.body)
    await expect.poll(() => shop.sentMail.length).toBe(before + 1)
    expect(shop.sentMail.at(-1)?.to).toBe(email.toLowerCase())
  })

  test('the link is built from PUBLIC_URL even when the Host header says otherwise', async () => {
    const { email } = await register()
    const { mail } = await requestReset(email, { host: 'evil.example' })
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`)
    expect(mail.text).not.toContain('evil.example')
    expect(mail.html).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`)
  })

  test('a token works once, ends every session, and the new password then works', async () => {
    const { email, cookie } = await register()
    const { token } = await requestReset(email)
    expect(token.length).toBeGreaterThanOrEqual(43) // 32 random bytes
    const reset = await call('POST', '/api/auth/reset-password', {
      token,
      newPassword: 'a brand new secret',
    })
    expect(reset.statusCode).toBe(200)
    expect(String(reset.headers['set-cookie'] ?? '')).not.toMatch(/sid=[^;]/) // not signed in by it
    expect((await call('GET', '/api/auth/session', undefined, { cookie })).statusCode).toBe(401)
    const again = await call('POST', '/api/auth/reset-password', {
      token,
      newPassword: 'another secret 2',
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({
      message: 'Invalid reset token. Please request a new reset link.',
    })
    expect(
      (await call('POST', '/api/auth/login', { email, password: 'correct horse battery' }))
        .statusCode,
    ).toBe(401)
    expect(
      (await call('POST', '/api/auth/login', { email, password: 'a brand new secret' })).statusCode,
    ).toBe(200)
  })

  test('a token is refused after an hour, and an older one once a newer is sent', async () => {
    const { email } = await register()
    const { token: older } = await requestReset(email)
    const { token: newer } = await requestReset(email)
    const stale = await call('POST', '/api/auth/reset-password', {
      token: older,
      newPassword: 'a brand new secret',
    })
    expect(stale.statusCode).toBe(400)
    const start = clock
    try {
      clock = new Date(start.getTime() + 61 * 60_000)
      const late = await call('POST', '/api/auth/reset-password', {
        token: newer,
        newPassword: 'a brand new secret',
      })
      expect(late.statusCode).toBe(400)
    } finally {
      clock = start
    }
    const short = await call('POST', '/api/auth/reset-password', {
      token: newer,
      newPassword: 'short',
    })
    expect(short.json<{ errors: Record<string, string> }>().errors.newPassword).toBe(
      'Password must be at least 8 characters',
    )
  })

  test('the reset and invitation pages are sent with Referrer-Policy: no-referrer', async () => {
    for (const page of ['/reset-password?token=abc', '/invitations/abc']) {
      const response = await call('GET', page)
      expect(response.headers['referrer-policy'], page).toBe('no-referrer')
    }
    const other = await call('GET', '/shop')
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })
})

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  test('create that account as an admin, or promote an existing one, without touching its password', async () => {
    const email = unique('owner')
    await shop.app.auth.ensureAdmin({ email, password: 'owner password 1' })
    await shop.app.auth.ensureAdmin({ email, password: 'owner password 1' })
    const login = await call('POST', '/api/auth/login', { email, password: 'owner password 1' })
    expect(login.statusCode).toBe(200)
    const status = await call('GET', '/api/auth/admin-status', undefined, {
      cookie: cookieOf(login),
    })
    expect(status.json()).toEqual({ isAdmin: true, isDriver: false })

    const { email: customer } = await register()
    await shop.app.auth.ensureAdmin({ email: customer, password: 'ignored password' })
    const promoted = await call('POST', '/api/auth/login', {
      email: customer,
      password: 'correct horse battery',
    })
    expect(promoted.statusCode).toBe(200)
    const promotedStatus = await call('GET', '/api/auth/admin-status', undefined, {
      cookie: cookieOf(promoted),
    })
    expect(promotedStatus.json()).toEqual({ isAdmin: true, isDriver: false })
  })
})

describe('sessions table', () => {
  test('expired rows are purged', async () => {
    const { cookie } = await register()
    const start = clock
    try {
      clock = new Date(start.getTime() + 100 * 24 * 3_600_000)
      expect(await shop.app.sessions.purgeExpired()).toBeGreaterThan(0)
      expect((await call('GET', '/api/auth/session', undefined, { cookie })).statusCode).toBe(401)
    } finally {
      clock = start
    }
    const left = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions)
    expect(left[0]?.n).toBe(0)
  })
})
