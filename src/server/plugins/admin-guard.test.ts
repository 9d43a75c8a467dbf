import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import {
  createTestApp,
  TEST_APP_EXTRAS,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#tests/setup/test-app.ts'
import { createTestDatabase } from '#tests/setup/test-database.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { ADMIN_API_PREFIX } from './admin-guard.ts'

let shop: TestApp
let customer: Shopper
let admin: Shopper

beforeAll(async () => {
  shop = await createTestApp()
  customer = await signUp(shop, 'guard-customer')
  admin = await signUpAdmin(shop, 'guard-admin')
})
afterAll(() => shop.close())

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** every route of the server's own table under /api/admin, with its parameters filled in */
function adminRoutes(app: TestApp['app']) {
  return app.routeTable
    .filter(({ url }) => url === ADMIN_API_PREFIX || url.startsWith(`${ADMIN_API_PREFIX}/`))
    .map(({ method, url }) => ({
      method: method as Method,
      pattern: url,
      url: url.replace(/:\w+/g, () => randomUUID()),
    }))
}

const call = (
  app: TestApp['app'],
  route: { method: Method; url: string },
  cookie: string | undefined,
) =>
  app.inject({
    method: route.method,
    url: route.url,
    headers: cookie ? { cookie } : {},
    remoteAddress: '10.77.0.1',
  })

describe('the admin API is guarded on the server (docs/product.md#admin)', () => {
  test('the route table holds the documented admin calls', () => {
    const table = adminRoutes(shop.app).map(({ method, pattern }) => `${method} ${pattern}`)
    for (const route of [
      'GET /api/admin/orders',
      'PATCH /api/admin/orders/:id/status',
      'PATCH /api/admin/orders/:id/delivery-status',
      'DELETE /api/admin/orders/:id',
      'POST /api/admin/orders/:id/release',
      'GET /api/admin/emails',
      'GET /api/admin/contact-messages',
      'DELETE /api/admin/contact-messages/:id',
      'GET /api/admin/products',
      'POST /api/admin/products',
      'PATCH /api/admin/products/:id',
      'DELETE /api/admin/products/:id',
      'GET /api/admin/products/:id/box-choices',
      'PUT /api/admin/products/:id/box-choices',
      'GET /api/admin/producers',
      'POST /api/admin/producers',
      'PATCH /api/admin/producers/:id',
      'DELETE /api/admin/producers/:id',
      'POST /api/admin/upload-url',
      'GET /api/admin/coupons',
      'POST /api/admin/coupons',
      'PATCH /api/admin/coupons/:id',
      'GET /api/admin/staff',
      'POST /api/admin/staff',
      'DELETE /api/admin/staff/:userId',
      'GET /api/admin/routes',
      'POST /api/admin/routes',
      'PUT /api/admin/routes/:id',
      'DELETE /api/admin/routes/:id',
      'GET /api/admin/week/:saturday/routes',
      'PUT /api/admin/week/:saturday/routes/:id/stops',
      'GET /api/admin/week/:saturday/routes.csv',
      'GET /api/admin/week/:saturday',
      'GET /api/admin/week/:saturday/harvest',
      'GET /api/admin/week/:saturday/harvest.csv',
      'POST /api/admin/week/:saturday/harvest/:producerSlug/send',
      'GET /api/admin/week/:saturday/pick-list',
      'GET /api/admin/week/:saturday/packing-slips',
      'GET /api/admin/week/:saturday/shortfalls',
      'POST /api/admin/orders/:id/packed',
      'GET /api/admin/orders/:id/items/:itemId/short',
      'POST /api/admin/orders/:id/items/:itemId/short',
    ]) {
      expect(table).toContain(route)
    }
  })

  test('every admin route answers 401 to an anonymous caller', async () => {
    for (const route of adminRoutes(shop.app)) {
      const response = await call(shop.app, route, undefined)
      expect(response.statusCode, `${route.method} ${route.pattern}`).toBe(401)
      if (route.method !== 'HEAD') {
        expect(response.json(), route.pattern).toEqual({ message: 'Please log in to continue.' })
      }
    }
  })

  test('every admin route answers 403 to a signed-in customer', async () => {
    for (const route of adminRoutes(shop.app)) {
      const response = await call(shop.app, route, customer.cookie)
      expect(response.statusCode, `${route.method} ${route.pattern}`).toBe(403)
      if (route.method !== 'HEAD') {
        expect(response.json(), route.pattern).toEqual({
          message: 'You do not have access to this.',
        })
      }
    }
  })

  test('every admin route lets an admin through (the answer is the route’s own, never 401/403/5xx)', async () => {
    for (const route of adminRoutes(shop.app)) {
      const response = await call(shop.app, route, admin.cookie)
      const label = `${route.method} ${route.pattern}: ${response.body.slice(0, 200)}`
      expect([401, 403], label).not.toContain(response.statusCode)
      expect(response.statusCode, label).toBeLessThan(500)
    }
  })

  test('a signed-out session cookie that was once an admin’s is refused', async () => {
    const former = await signUpAdmin(shop, 'guard-former')
    const logout = await former.call('POST', '/api/auth/logout')
    expect(logout.statusCode).toBe(200)
    const response = await call(
      shop.app,
      { method: 'GET', url: '/api/admin/orders' },
      former.cookie,
    )
    expect(response.statusCode).toBe(401)
  })
})

describe('a route added under /api/admin later cannot forget the guard', () => {
  test('it answers 401 and 403 without declaring anything, and works for an admin', async () => {
    const database = await createTestDatabase()
    try {
      const app = await buildApp({
        config: { nodeEnv: 'test', publicUrl: TEST_PUBLIC_URL },
        db: database.db,
        log: testLogger,
        ...TEST_APP_EXTRAS,
      })
      // registered the way a future feature would, in a plugin of its own with no hooks
      await app.register(async (feature) => {
        feature.get('/api/admin/reports/secret', () => ({ secret: 'revenue' }))
      })
      await app.ready()
      const later = { app, database, catalog: app.catalog, sentMail: [], close: () => app.close() }
      const someone = await signUp(later, 'later-customer')
      const boss = await signUpAdmin(later, 'later-admin')
      const route = { method: 'GET' as const, url: '/api/admin/reports/secret' }

      expect((await call(app, route, undefined)).statusCode).toBe(401)
      expect((await call(app, route, someone.cookie)).statusCode).toBe(403)
      const allowed = await call(app, route, boss.cookie)
      expect(allowed.statusCode).toBe(200)
      expect(allowed.json()).toEqual({ secret: 'revenue' })
      // other spellings of the same path reach the same route, and the same guard
      for (const url of ['/api/admin/reports/secret/', '/api/admin//reports/secret']) {
        const response = await call(app, { method: 'GET', url }, someone.cookie)
        expect([403, 404], url).toContain(response.statusCode)
      }
      await app.close()
    } finally {
      await database.drop()
    }
  })
})
