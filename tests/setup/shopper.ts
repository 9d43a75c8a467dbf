import { expect } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { adminUsers, products } from '#server/db/schema/index.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { TestApp } from './test-app.ts'

/** A signed-in customer of a test app, with the calls a checkout makes. */

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

export interface BasketLine {
  id: string
  name: string
  /** the unit price as the shop lists it: "12.99" */
  price: string
  quantity: number
  customSelections?: string[]
}

/** In-stock products of the demo catalogue, cheapest last, as basket lines. */
export async function inStockLines(shop: TestApp, count: number): Promise<BasketLine[]> {
  const rows = await shop.database.db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(eq(products.inStock, true))
    .orderBy(asc(products.name))
    .limit(count)
  return rows.map((row) => ({ id: row.id, name: row.name, price: row.price, quantity: 1 }))
}

/** A basket over the $60 minimum: enough of the first lines to pass it. */
export async function basketOver(shop: TestApp, minimumCents = 6000): Promise<BasketLine[]> {
  const lines = await inStockLines(shop, 4)
  const first = lines[0]
  if (!first) throw new Error('no products in the demo catalogue')
  let total = lines.reduce((sum, line) => sum + decimalToCents(line.price) * line.quantity, 0)
  while (total < minimumCents) {
    first.quantity += 1
    total += decimalToCents(first.price)
  }
  return lines
}

/** The basket total the drawer would show (docs/product.md#pricing), as the API writes it: "88.80". */
export async function quote(shopper: Shopper, items: BasketLine[], promoCode?: string) {
  const response = await shopper.call('POST', '/api/create-payment-intent', {
    amount: 0,
    items,
    ...(promoCode ? { promoCode } : {}),
  })
  expect(response.statusCode, response.body).toBe(409)
  return response.json<{ totals: { total: string } }>().totals.total
}

export async function createIntent(shopper: Shopper, items: BasketLine[], promoCode?: string) {
  const amount = await quote(shopper, items, promoCode)
  const response = await shopper.call('POST', '/api/create-payment-intent', {
    amount,
    items,
    ...(promoCode ? { promoCode } : {}),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ paymentIntentId: string; clientSecret: string; amount: string }>()
}
