import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { registerErrorHandler } from './error-handler.ts'
import { isOwnOrigin, registerSameOrigin } from './same-origin.ts'

let shop: TestApp
let lastIp = 0

beforeAll(async () => {
  shop = await createTestApp({ publicUrl: 'https://shop.example' })
})
afterAll(() => shop.close())

const CROSS_SITE = { message: 'Cross-site requests are not allowed.' }
const SEND_JSON = { message: 'Please send JSON (Content-Type: application/json).' }

/** A newsletter sign-up with the given headers (Host is localhost:80 unless given). */
const signUp = (headers: Record<string, string>, payload: string = '{"email":"so@example.com"}') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/newsletter-emails',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
    remoteAddress: `10.3.0.${++lastIp}`,
  })

describe('the same-origin rule for state-changing requests', () => {
  test('an Origin of another site is refused with 403', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'http://localhost:8080',
      'https://shop.example.evil.example',
      'null',
      'not a url',
      'file:///etc/passwd',
    ]) {
      const response = await signUp({ origin })
      expect(response.statusCode, origin).toBe(403)
      expect(response.json(), origin).toEqual(CROSS_SITE)
      expect(response.headers['content-security-policy'], origin).toContain("default-src 'self'")
    }
  })

  test('the Origin of the Host the request was sent to passes', async () => {
    expect((await signUp({ origin: 'http://localhost' })).statusCode).toBe(200)
    expect((await signUp({ origin: 'http://localhost:80' })).statusCode).toBe(200)
    const host = { host: 'farm.example:8443' }
    expect((await signUp({ ...host, origin: 'https://farm.example:8443' })).statusCode).toBe(200)
    expect((await signUp({ ...host, origin: 'https://farm.example:8444' })).statusCode).toBe(403)
    expect(
      (await signUp({ host: 'FARM.example', origin: 'https://farm.example' })).statusCode,
    ).toBe(200)
  })

  test("PUBLIC_URL's origin passes whatever the Host (behind a proxy)", async () => {
    const response = await signUp({ host: '10.0.0.5:3000', origin: 'https://shop.example' })
    expect(response.statusCode).toBe(200)
    expect(
      (await signUp({ host: '10.0.0.5:3000', origin: 'http://shop.example' })).statusCode,
    ).toBe(403)
  })

  test('without an Origin, the Referer decides', async () => {
    expect((await signUp({ referer: 'https://evil.example/shop?x=1' })).statusCode).toBe(403)
    expect((await signUp({ referer: 'https://evil.example/shop' })).json()).toEqual(CROSS_SITE)
    expect((await signUp({ referer: 'https://shop.example/contact' })).statusCode).toBe(200)
    expect((await signUp({ referer: 'http://localhost/' })).statusCode).toBe(200)
    // the Origin wins when both are sent
    expect(
      (await signUp({ origin: 'http://localhost', referer: 'https://evil.example/' })).statusCode,
    ).toBe(200)
    expect(
      (await signUp({ origin: 'https://evil.example', referer: 'http://localhost/' })).statusCode,
    ).toBe(403)
  })

  test('a request with neither header (not a browser) passes', async () => {
    const response = await signUp({})
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Thanks for signing up!' })
  })

  test('reading is not state-changing: GET from another site is answered', async () => {
    const response = await shop.app.inject({
      url: '/api/producers',
      headers: { origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(200)
  })

  test('any state-changing method is checked, on unknown paths too', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await shop.app.inject({
        method,
        url: '/api/no-such-thing',
        headers: { origin: 'https://evil.example' },
      })
      expect(response.statusCode, method).toBe(403)
    }
  })

  test('bodies are JSON only: text/plain, form and multipart bodies get 415, unparsed', async () => {
    for (const [type, payload] of [
      ['text/plain', '{"email":"plain@example.com"}'],
      ['text/plain;charset=UTF-8', '{"email":"plain@example.com"}'],
      ['application/x-www-form-urlencoded', 'email=plain%40example.com'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nplain@example.com\r\n--x--',
      ],
    ] as const) {
      const response = await signUp({ 'content-type': type }, payload)
      expect(response.statusCode, type).toBe(415)
      expect(response.json(), type).toEqual(SEND_JSON)
    }
    // cross-site, the origin check answers first
    const crossSite = await signUp(
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
      '{"email":"plain@example.com"}',
    )
    expect(crossSite.statusCode).toBe(403)
  })
})

describe('exempt routes', () => {
  test("the payment provider's webhook skips the check; its neighbours do not", async () => {
    const app = Fastify()
    registerErrorHandler(app)
    registerSameOrigin(app, { publicUrl: 'https://shop.example' })
    app.post('/api/webhooks/stripe', () => ({ received: true }))
    app.post('/api/webhooks/other', () => ({ received: true }))
    await app.ready()
    try {
      const post = (url: string) =>
        app.inject({
          method: 'POST',
          url,
          headers: { origin: 'https://stripe.example' },
          payload: { type: 'payment_intent.succeeded' },
        })
      expect((await post('/api/webhooks/stripe')).json()).toEqual({ received: true })
      expect((await post('/api/webhooks/stripe?x=1')).statusCode).toBe(200)
      expect((await post('/api/webhooks/other')).statusCode).toBe(403)
    } finally {
      await app.close()
    }
  })
})

describe('isOwnOrigin', () => {
  const PUBLIC = 'https://shop.example'
  test.each([
    ['http://localhost:3000', 'localhost:3000', true],
    ['https://shop.example', 'internal:3000', true],
    ['https://shop.example:443', undefined, true],
    ['https://farm.example', 'farm.example:443', true],
    ['http://[::1]:3000', '[::1]:3000', true],
    ['http://localhost:3000', 'localhost:3001', false],
    ['http://localhost:3000', undefined, false],
    ['http://evil.example', 'evil.example/../localhost', false],
    ['http://a.example', 'a.example@b.example', false],
    ['ftp://localhost:3000', 'localhost:3000', false],
    ['null', 'localhost:3000', false],
  ])('%s to Host %s: %s', (source, host, expected) => {
    expect(isOwnOrigin(source, host, PUBLIC)).toBe(expected)
  })
})
