import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { connectDatabase } from '#server/db/client.ts'
import {
  createTestApp,
  TEST_APP_EXTRAS,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#tests/setup/test-app.ts'
import { createTestDatabase } from '#tests/setup/test-database.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { customerDetails, nextIp, uniqueEmail } from '#tests/factories/customer.ts'

/**
 * Two app processes on one database, as behind a load balancer
 * (docs/operations.md#scaling-out).
 */
let first: TestApp
let second: TestApp

beforeAll(async () => {
  first = await createTestApp()
  second = await createTestApp({ database: first.database })
})
afterAll(async () => {
  await second.close()
  await first.close()
})

/** the two processes in turn, as a load balancer spreads one visitor's requests */
const either = (i: number) => (i % 2 === 0 ? first : second).app

describe('limits are counted once for all processes', () => {
  test('10 visitor-form posts split across both: the 11th is 429 on either', async () => {
    const post = (app: TestApp['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/newsletter-emails',
        payload: { email: 'both@example.com' },
        remoteAddress: '192.0.2.50',
      })
    for (let i = 0; i < 10; i += 1) {
      const response = await post(either(i))
      expect(response.statusCode, `post ${i + 1}`).toBe(200)
      expect(response.headers['x-ratelimit-remaining']).toBe(String(9 - i))
    }
    for (const app of [first.app, second.app]) {
      const refused = await post(app)
      expect(refused.statusCode).toBe(429)
      expect(refused.json<{ message: string }>().message).toMatch(
        /^Too many requests\. Please try again in (1 minute|\d\d? seconds)\.$/,
      )
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50)
    }
    // each route keeps its own counts on both
    const waitlist = await second.app.inject({
      method: 'POST',
      url: '/api/waitlist-emails',
      payload: { email: 'both@example.com' },
      remoteAddress: '192.0.2.50',
    })
    expect(waitlist.statusCode).toBe(200)
  })

  test('10 failed sign-ins for one address across both: the next is 429 on the other', async () => {
    const email = uniqueEmail('both')
    const register = await first.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: customerDetails(email),
      remoteAddress: nextIp(),
    })
    expect(register.statusCode).toBe(201)
    const logIn = (app: TestApp['app'], password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: nextIp(),
      })
    for (let i = 0; i < 10; i += 1) {
      expect((await logIn(either(i), `wrong-${i}-x`)).statusCode, `sign-in ${i + 1}`).toBe(401)
    }
    // the 10th went to the second process
    const refused = await logIn(first.app, customerDetails(email).password)
    expect(refused.statusCode).toBe(429)
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many failed sign-ins for this address\. Please try again in 15 minutes\.$/,
    )
  })

  test('25 wrong passwords for one address sent at once across both: at most 10 are tried', async () => {
    const email = uniqueEmail('racing')
    const register = await first.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: customerDetails(email),
      remoteAddress: nextIp(),
    })
    expect(register.statusCode).toBe(201)
    const statuses = await Promise.all(
      Array.from(
        { length: 25 },
        async (_, i) =>
          (
            await either(i).inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email, password: `wrong-${i}-guess` },
              remoteAddress: nextIp(),
            })
          ).statusCode,
      ),
    )
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15)
  })

  test('30 coupon checks split across both: the 31st is 429 on either', async () => {
    const check = (app: TestApp['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/validate-coupon',
        payload: { code: 'FARM5' },
        remoteAddress: '192.0.2.60',
      })
    for (let i = 0; i < 30; i += 1) {
      expect((await check(either(i))).statusCode, `check ${i + 1}`).toBe(200)
    }
    expect((await check(first.app)).statusCode).toBe(429)
    expect((await check(second.app)).statusCode).toBe(429)
  })
})

describe('a limiter whose database fails', () => {
  test('answers 503 while the database is unreachable, never a 500', async () => {
    // port 9 (discard) on loopback: nothing listens, so every connection is refused
    const unreachable = connectDatabase('postgres://nobody:nothing@127.0.0.1:9/none', testLogger)
    const app = await buildApp({
      config: { nodeEnv: 'test', publicUrl: TEST_PUBLIC_URL },
      db: unreachable.db,
      log: testLogger,
      ...TEST_APP_EXTRAS,
    })
    try {
      for (const [url, payload] of [
        ['/api/newsletter-emails', { email: 'down@example.com' }],
        ['/api/validate-coupon', { code: 'FARM5' }],
        ['/api/auth/login', { email: 'down@example.com', password: 'whatever123' }],
        ['/api/auth/forgot-password', { email: 'down@example.com' }],
      ] as const) {
        const response = await app.inject({ method: 'POST', url, payload })
        expect(response.statusCode, url).toBe(503)
        expect(response.json(), url).toEqual({
          message: 'The shop is briefly unavailable. Please try again in a moment.',
        })
      }
    } finally {
      await app.close()
      await unreachable.close()
    }
  })

  test('any other failure is a 500 that tells nothing of it', async () => {
    const broken = await createTestDatabase()
    await broken.pool.query('drop table rate_limit_counters')
    const app = await buildApp({
      config: { nodeEnv: 'test', publicUrl: TEST_PUBLIC_URL },
      db: broken.db,
      log: testLogger,
      ...TEST_APP_EXTRAS,
    })
    try {
      for (const [url, payload] of [
        ['/api/contact-messages', { email: 'x' }],
        ['/api/auth/login', { email: 'down@example.com', password: 'whatever123' }],
      ] as const) {
        const response = await app.inject({ method: 'POST', url, payload })
        expect(response.statusCode, url).toBe(500)
        expect(response.json(), url).toEqual({
          message: 'Something went wrong on our side. Please try again.',
        })
      }
    } finally {
      await app.close()
      await broken.drop()
    }
  })
})
