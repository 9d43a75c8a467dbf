import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop.close())

const FORMS = {
  '/api/contact-messages': {
    firstName: 'Maria',
    lastName: 'Gonzalez',
    email: 'maria@example.com',
    subject: 'general',
    message: 'Do you deliver to Katy on Saturdays?',
  },
  '/api/waitlist-emails': { email: 'limit@example.com' },
  '/api/newsletter-emails': { email: 'limit@example.com' },
} as const

const post = (url: keyof typeof FORMS, remoteAddress: string, payload: object = FORMS[url]) =>
  shop.app.inject({ method: 'POST', url, payload, remoteAddress })

describe('visitor forms are limited to 10 requests a minute per IP', () => {
  test.each(Object.keys(FORMS) as (keyof typeof FORMS)[])(
    '%s: the 11th request in a minute gets 429 saying when to try again',
    async (url) => {
      const ip = `192.0.2.${Object.keys(FORMS).indexOf(url) + 1}`
      for (let i = 1; i <= 10; i += 1) {
        const response = await post(url, ip)
        expect(response.statusCode, `request ${i}`).toBeLessThan(300)
        expect(response.headers['x-ratelimit-remaining'], `request ${i}`).toBe(String(10 - i))
      }
      const refused = await post(url, ip)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['content-type']).toBe('application/json; charset=utf-8')
      const body = refused.json<{ message: string }>()
      expect(Object.keys(body)).toEqual(['message'])
      expect(body.message).toMatch(
        /^Too many requests\. Please try again in (1 minute|\d\d? seconds)\.$/,
      )
      const retryAfter = Number(refused.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(50)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(refused.headers['x-ratelimit-limit']).toBe('10')
      expect(refused.headers['x-content-type-options']).toBe('nosniff')
      // another visitor is not held back
      expect((await post(url, '198.51.100.7')).statusCode).toBeLessThan(300)
    },
  )

  test('each form counts apart, and refused input counts too', async () => {
    const ip = '203.0.113.9'
    for (let i = 0; i < 10; i += 1) {
      const response = await post('/api/newsletter-emails', ip, { email: 'not an address' })
      expect(response.statusCode).toBe(400)
    }
    expect((await post('/api/newsletter-emails', ip)).statusCode).toBe(429)
    expect((await post('/api/waitlist-emails', ip)).statusCode).toBe(200)
    expect((await post('/api/contact-messages', ip)).statusCode).toBe(201)
  })

  test('reading the catalogue is not limited', async () => {
    for (let i = 0; i < 15; i += 1) {
      const response = await shop.app.inject({
        url: '/api/producers',
        remoteAddress: '192.0.2.200',
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-ratelimit-limit']).toBeUndefined()
    }
  })
})
