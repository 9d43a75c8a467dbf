import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newsletterEmails, waitlistEmails } from '#server/db/schema/index.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

let shop: TestApp
let lastIp = 0

beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop.close())

// each request from an address of its own, so the per-IP limit (tested apart) stays out of the way
const post = (url: string, payload: unknown) =>
  shop.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: `10.2.${Math.floor(++lastIp / 250)}.${lastIp % 250}`,
  })

const waitlistRows = (email: string) =>
  shop.database.db
    .select({ email: waitlistEmails.email, zipCode: waitlistEmails.zipCode })
    .from(waitlistEmails)
    .where(sql`lower(${waitlistEmails.email}) = lower(${email})`)

const newsletterRows = (email: string) =>
  shop.database.db
    .select({ email: newsletterEmails.email })
    .from(newsletterEmails)
    .where(sql`lower(${newsletterEmails.email}) = lower(${email})`)

const WAITLIST_ANSWER = { message: "You're on the waitlist! We'll e-mail you when we launch." }
const NEWSLETTER_ANSWER = { message: 'Thanks for signing up!' }

describe('POST /api/waitlist-emails', () => {
  test('a new address and a known one (in any case) get the same 200 and keep one row', async () => {
    for (const email of [
      'ana@example.com',
      'ana@example.com',
      'ANA@Example.COM',
      ' Ana@example.com ',
    ]) {
      const response = await post('/api/waitlist-emails', { email })
      expect(response.statusCode, email).toBe(200)
      expect(response.json(), email).toEqual(WAITLIST_ANSWER)
    }
    expect(await waitlistRows('ana@example.com')).toEqual([
      { email: 'ana@example.com', zipCode: null },
    ])
  })

  test('sign-ups of one address at the same moment still make one row', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post('/api/waitlist-emails', { email: i % 2 ? 'race@example.com' : 'RACE@example.com' }),
      ),
    )
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    expect(await waitlistRows('race@example.com')).toHaveLength(1)
  })

  test('records the ZIP given with the sign-up', async () => {
    const response = await post('/api/waitlist-emails', {
      email: 'far@example.com',
      zipCode: '78701',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(WAITLIST_ANSWER)
    expect(await waitlistRows('far@example.com')).toEqual([
      { email: 'far@example.com', zipCode: '78701' },
    ])
  })

  test('a known address without a ZIP gains the one it now gives; one already given is kept', async () => {
    await post('/api/waitlist-emails', { email: 'later@example.com' })
    const second = await post('/api/waitlist-emails', {
      email: 'Later@example.com',
      zipCode: ' 73301 ',
    })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(WAITLIST_ANSWER)
    expect(await waitlistRows('later@example.com')).toEqual([
      { email: 'later@example.com', zipCode: '73301' },
    ])
    await post('/api/waitlist-emails', { email: 'later@example.com', zipCode: '75001' })
    await post('/api/waitlist-emails', { email: 'later@example.com' })
    expect(await waitlistRows('later@example.com')).toEqual([
      { email: 'later@example.com', zipCode: '73301' },
    ])
  })

  test.each([
    [{}, 'email', 'Please enter a valid email address'],
    [{ email: '' }, 'email', 'Please enter a valid email address'],
    [{ email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@b@example.com' }, 'email', 'Please enter a valid email address'],
    [{ email: 'zip@example.com', zipCode: '7700' }, 'zipCode', 'ZIP code must be exactly 5 digits'],
    [
      { email: 'zip@example.com', zipCode: '770011' },
      'zipCode',
      'ZIP code must be exactly 5 digits',
    ],
    [
      { email: 'zip@example.com', zipCode: 'abcde' },
      'zipCode',
      'ZIP code must be exactly 5 digits',
    ],
    [{ email: 'zip@example.com', zipCode: '' }, 'zipCode', 'ZIP code must be exactly 5 digits'],
    [{ email: 'zip@example.com', name: 'Zip' }, 'name', 'Unknown field "name"'],
  ])('refuses %j with "%s: %s" and stores nothing', async (payload, field, message) => {
    const response = await post('/api/waitlist-emails', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message, errors: { [field]: message } })
    expect(await waitlistRows('zip@example.com')).toEqual([])
  })
})

describe('POST /api/newsletter-emails', () => {
  test('a new address and a known one (in any case) get the same 200 and keep one row', async () => {
    for (const email of ['ben@example.com', 'ben@example.com', 'Ben@EXAMPLE.com']) {
      const response = await post('/api/newsletter-emails', { email })
      expect(response.statusCode, email).toBe(200)
      expect(response.json(), email).toEqual(NEWSLETTER_ANSWER)
    }
    expect(await newsletterRows('ben@example.com')).toEqual([{ email: 'ben@example.com' }])
  })

  test('the newsletter and the waitlist are separate lists', async () => {
    await post('/api/newsletter-emails', { email: 'both@example.com' })
    expect(await waitlistRows('both@example.com')).toEqual([])
    await post('/api/waitlist-emails', { email: 'both@example.com' })
    expect(await waitlistRows('both@example.com')).toHaveLength(1)
    expect(await newsletterRows('both@example.com')).toHaveLength(1)
  })

  test.each([
    [{}, 'email', 'Please enter a valid email address'],
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ email: 'news@example.com', zipCode: '77002' }, 'zipCode', 'Unknown field "zipCode"'],
  ])('refuses %j with "%s: %s"', async (payload, field, message) => {
    const response = await post('/api/newsletter-emails', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message, errors: { [field]: message } })
    expect(await newsletterRows('news@example.com')).toEqual([])
  })
})
