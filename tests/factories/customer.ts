import { expect } from 'vitest'
import { adminUsers } from '#server/db/schema/index.ts'
import type { TestApp } from '#tests/setup/test-app.ts'

/**
 * Customers and admins of a test app, made as a person would make them: registered through the
 * API (so the account, its password hash and its session are real), each with a client that
 * calls the app with their session cookie.
 */

let lastIp = 0
/** a fresh client address per call, so per-IP rate limits never join unrelated calls */
export const nextIp = () => `10.9.${Math.floor(++lastIp / 250) % 250}.${lastIp % 250}`

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

export const customerDetails = (email: string) => ({
  email,
  password: 'correct horse battery',
  firstName: 'Maria',
  lastName: 'Gonzalez',
  phone: '(713) 555-0199',
  deliveryStreet: '1200 Heights Blvd',
  deliveryApt: 'Apt 4',
  deliveryCity: 'Houston',
  deliveryState: 'TX',
  deliveryZip: '77008',
})

export type Shopper = Awaited<ReturnType<typeof signUp>>

export async function signUp(shop: TestApp, tag = 'shopper') {
  const email = uniqueEmail(tag)
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: customerDetails(email),
    remoteAddress: nextIp(),
  })
  expect(response.statusCode, response.body).toBe(201)
  const setCookie = response.headers['set-cookie']
  const line = (Array.isArray(setCookie) ? setCookie : [setCookie]).find(
    (value): value is string => typeof value === 'string' && value.startsWith('sid='),
  )
  if (!line) throw new Error('no session cookie')
  const cookie = line.split(';')[0] ?? ''
  const user = response.json<{ id: string }>()
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    shop.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: { cookie },
      remoteAddress: nextIp(),
    })
  return { email, cookie, userId: user.id, call }
}

/** A signed-in admin: a customer account listed in admin_users (as ADMIN_EMAIL's bootstrap does). */
export async function signUpAdmin(shop: TestApp, tag = 'admin') {
  const admin = await signUp(shop, tag)
  await shop.database.db.insert(adminUsers).values({ userId: admin.userId })
  return admin
}
