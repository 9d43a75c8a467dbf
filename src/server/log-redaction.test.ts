import { DrizzleQueryError } from 'drizzle-orm/errors'
import { stdSerializers } from 'pino'
import { describe, expect, test } from 'vitest'
import { redactQueryValues, redactUrl } from './log-redaction.ts'

const TOKEN = 'ddm2LBowtLjgrMSIChaWkwjs2S98T0mXqwCtp78whTQ'
const CLIENT_SECRET = 'pi_demo_9ec6abb3ad0d44c7d9b210a0_secret_bb3999d6596ba062d6627486819c8f00'

describe('redactUrl', () => {
  test.each([
    // invitations: the page, the API and its actions, a whole e-mailed link
    [`/invitations/${TOKEN}`, '/invitations/[redacted]'],
    [`/api/invitations/${TOKEN}`, '/api/invitations/[redacted]'],
    [`/api/invitations/${TOKEN}/accept`, '/api/invitations/[redacted]/accept'],
    [`/api/invitations/${TOKEN}/register?x=1`, '/api/invitations/[redacted]/register?x=1'],
    [
      `https://houstonfarmtodoor.com/invitations/${TOKEN}`,
      'https://houstonfarmtodoor.com/invitations/[redacted]',
    ],
    [`/API/Invitations/${TOKEN}`, '/API/Invitations/[redacted]'],
    [`/login?from=%2Finvitations%2F${TOKEN}`, '/login?from=%2Finvitations%2F[redacted]'],
    // the reset link, on the page and e-mailed
    [`/reset-password?token=${TOKEN}`, '/reset-password?token=[redacted]'],
    [
      `http://localhost:3000/reset-password?token=${TOKEN}`,
      'http://localhost:3000/reset-password?token=[redacted]',
    ],
    [`/reset-password?%74oken=${TOKEN}`, '/reset-password?%74oken=[redacted]'],
    [`/reset-password?TOKEN=${TOKEN}#top`, '/reset-password?TOKEN=[redacted]#top'],
    // Stripe's return after the bank's check, and a client secret under any name
    [
      `/checkout?payment_intent=pi_demo_9ec6&payment_intent_client_secret=${CLIENT_SECRET}&redirect_status=succeeded`,
      '/checkout?payment_intent=pi_demo_9ec6&payment_intent_client_secret=[redacted]&redirect_status=succeeded',
    ],
    [`/orders/7?client_secret=${CLIENT_SECRET}`, '/orders/7?client_secret=[redacted]'],
    [
      `/orders/7?other=${CLIENT_SECRET}`,
      '/orders/7?other=pi_demo_9ec6abb3ad0d44c7d9b210a0_secret_[redacted]',
    ],
    [`/x/${CLIENT_SECRET}`, '/x/pi_demo_9ec6abb3ad0d44c7d9b210a0_secret_[redacted]'],
    // the disk store's signed upload address
    [
      '/api/uploads/af4c2e39?expires=1795787017&signature=1a4793e59eef',
      '/api/uploads/af4c2e39?expires=1795787017&signature=[redacted]',
    ],
  ])('%s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted)
  })

  test.each([
    '/api/products?limit=50&category=vegetables',
    '/shop?tags=a&tags=b&sort=price',
    '/orders/5f1c2b7e-0000-4000-8000-000000000001?payment_intent=pi_demo_9ec6&redirect_status=failed',
    '/api/invitations',
    '/?',
    '/odd?=x&token&%E0%A4%A=1',
  ])('%s carries no secret and is kept as it is', (url) => {
    expect(redactUrl(url)).toBe(url)
  })
})

describe('redactQueryValues', () => {
  const failedQuery = () =>
    new DrizzleQueryError(
      'select "user_id" from "sessions" where "sessions"."sid" = $1 and "expire" > $2',
      [TOKEN, '2026-11-24T10:00:00.000Z'],
      new Error('connect ECONNREFUSED 127.0.0.1:5432'),
    )
  const serialize = (error: Error) =>
    JSON.stringify(redactQueryValues(stdSerializers.err(error), error))

  test("a failed query's values leave its message, stack and params", () => {
    const written = serialize(failedQuery())
    expect(written).not.toContain(TOKEN)
    const parsed = JSON.parse(written) as Record<string, unknown>
    expect(parsed).toMatchObject({
      type: 'DrizzleQueryError',
      params: '[redacted]',
      query: expect.stringContaining('"sessions"."sid" = $1') as unknown,
    })
    expect(parsed['message']).toContain('params: [redacted]')
    expect(parsed['message']).toContain('ECONNREFUSED') // its cause still says what went wrong
    expect(parsed['stack']).toContain('params: [redacted]')
  })

  test('also when the failed query is the cause of the error logged', () => {
    const error = new Error('reading the session failed', { cause: failedQuery() })
    const written = serialize(error)
    expect(written).not.toContain(TOKEN)
    expect(written).toContain('reading the session failed')
  })

  test('an error without a failed query is written as pino writes it', () => {
    const error = Object.assign(new Error('boom'), { code: 'E_BOOM', params: ['kept'] })
    expect(serialize(error)).toBe(JSON.stringify(stdSerializers.err(error)))
  })
})
