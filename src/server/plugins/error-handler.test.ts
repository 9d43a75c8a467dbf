import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { connectDatabase } from '#server/db/client.ts'
import {
  TEST_APP_EXTRAS,
  TEST_PUBLIC_URL,
  createTestApp,
  type TestApp,
} from '#tests/setup/test-app.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { createTestDatabase } from '#tests/setup/test-database.ts'
import { startTcpProxy } from '#tests/process/tcp-proxy.ts'
import { CONTENT_SECURITY_POLICY } from './security-headers.ts'

let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop.close())

describe('errors', () => {
  test('an unknown /api path is a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await shop.app.inject({ method, url: '/api/no-such-thing' })
      expect(response.statusCode, method).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.json()).toEqual({ message: 'Not found' })
    }
  })

  test('every answer carries the security headers and a request id, errors included', async () => {
    for (const url of [
      '/api/products',
      '/api/no-such-thing',
      '/api/products/not-a-uuid',
      '/healthz',
    ]) {
      const response = await shop.app.inject({ method: 'GET', url })
      expect(response.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY)
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(response.headers['x-request-id'], url).toMatch(/^[\w-]{8,}$/)
    }
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'")
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
  })

  test('input PostgreSQL cannot store (a NUL byte) is a 400, never a 500', async () => {
    for (const url of [
      '/api/products?search=%00',
      '/api/products?farm=eggs%00',
      '/api/products?category=produce&subcategory=%00',
      '/api/producers/a%00b',
    ]) {
      const response = await shop.app.inject({ url })
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(response.json<{ message: string }>().message, url).toBeTruthy()
    }
  })

  test('a malformed or over-long address gets the same JSON shape and headers', async () => {
    for (const url of ['/api/%', '/shop/%ZZ', `/api/products/${'a'.repeat(300)}`]) {
      const response = await shop.app.inject({ url })
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(Object.keys(response.json()), url).toEqual(['message'])
      expect(response.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY)
      expect(response.headers['x-request-id'], url).toBeTruthy()
    }
  })

  test('an unknown field called __proto__ is refused by name, not a 500', async () => {
    const response = await shop.app.inject({ url: '/api/products?__proto__=1' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Unknown field "__proto__"' })
  })

  test("a caller's request id is kept; a malformed one is replaced", async () => {
    const kept = await shop.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    })
    expect(kept.headers['x-request-id']).toBe('trace-12345678')
    const replaced = await shop.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\n' },
    })
    expect(replaced.headers['x-request-id']).not.toBe('bad id\n')
  })
})

describe('errors a route does not expect', () => {
  let app: Awaited<ReturnType<typeof buildApp>>
  beforeAll(async () => {
    app = await buildApp({
      config: { nodeEnv: 'test', publicUrl: TEST_PUBLIC_URL },
      db: shop.database.db,
      log: testLogger,
      ...TEST_APP_EXTRAS,
    })
    app.get('/api/test/explode', () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/orders.repo.ts:42')
    })
    app.post('/api/test/echo', (request) => request.body)
    // a value no schema checked reaches PostgreSQL, which refuses it (Drizzle wraps its error)
    app.get('/api/test/nul', async () => {
      await shop.database.db.execute(sql`select ${'a\u0000b'}::text`)
      return { stored: true }
    })
    await app.ready()
  })
  afterAll(() => app.close())

  test('a 500 tells nothing of the internals', async () => {
    const response = await app.inject({ url: '/api/test/explode' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    })
    expect(response.body).not.toMatch(/secret_table|orders\.repo|stack/)
  })

  test("a value the database refuses is a 400, even inside Drizzle's own error", async () => {
    const response = await app.inject({ url: '/api/test/nul' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'Please check the highlighted fields and try again.',
    })
  })

  test('malformed JSON is a 400, another content type 415, a huge body 413', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' })
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    })
    expect(wrongType.statusCode).toBe(415)
    expect(wrongType.json()).toHaveProperty('message')
    const huge = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ message: 'The request is too large.' })
  })
})

describe('when the database is unreachable', () => {
  test('readiness and data routes answer 503 with a clear message, never 500', async () => {
    // port 9 (discard) on loopback: nothing listens, so every connection is refused
    const unreachable = connectDatabase('postgres://nobody:nothing@127.0.0.1:9/none', testLogger)
    const app = await buildApp({
      config: { nodeEnv: 'test', publicUrl: TEST_PUBLIC_URL },
      db: unreachable.db,
      log: testLogger,
      ...TEST_APP_EXTRAS,
    })
    try {
      const health = await app.inject({ url: '/readyz' })
      expect(health.statusCode).toBe(503)
      expect(health.json()).toEqual({ message: 'The database is not reachable.' })
      const products = await app.inject({ url: '/api/products' })
      expect(products.statusCode).toBe(503)
      expect(products.json()).toEqual({
        message: 'The shop is briefly unavailable. Please try again in a moment.',
      })
    } finally {
      await app.close()
      await unreachable.close()
    }
  })
})

describe('when the database stops answering (frozen, or the network gone silent)', () => {
  test('a request answers 503 once the query timeout passes, and answers again after', async () => {
    const own = await createTestDatabase()
    const direct = new URL(own.url)
    const proxy = await startTcpProxy({
      host: direct.hostname,
      port: Number(direct.port || 5432),
    })
    const throughProxy = new URL(own.url)
    throughProxy.hostname = '127.0.0.1'
    throughProxy.port = String(proxy.port)
    // 1 s instead of the 20 s default, so the test does not wait for it
    const database = connectDatabase(throughProxy.toString(), testLogger, { queryTimeoutMs: 1_000 })
    const app = await buildApp({
      config: { nodeEnv: 'test', publicUrl: TEST_PUBLIC_URL },
      db: database.db,
      log: testLogger,
      ...TEST_APP_EXTRAS,
    })
    // an unknown product is never cached: every call reads the database
    const unknownProduct = () => app.inject({ url: `/api/products/${randomUUID()}` })
    try {
      expect((await unknownProduct()).statusCode).toBe(404)
      proxy.freeze()
      const started = performance.now()
      const frozen = await unknownProduct()
      expect(frozen.statusCode, frozen.body).toBe(503)
      expect(frozen.json()).toEqual({
        message: 'The shop is briefly unavailable. Please try again in a moment.',
      })
      // the idle connection gives up after the query timeout, a new one after the connect timeout
      expect(performance.now() - started).toBeLessThan(8_000)
      proxy.thaw()
      await expect
        .poll(async () => (await unknownProduct()).statusCode, { timeout: 10_000 })
        .toBe(404)
    } finally {
      proxy.thaw()
      await app.close()
      await database.close()
      await proxy.close()
      await own.drop()
    }
  })
})
