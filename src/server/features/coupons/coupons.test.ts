import { and, eq, lt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { coupons, products } from '#server/db/schema/index.ts'
import { buildApp } from '#server/app.ts'
import {
  createTestApp,
  TEST_APP_EXTRAS,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#tests/setup/test-app.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { signUp } from '#tests/factories/customer.ts'

const NOW = new Date('2026-11-24T16:00:00Z')
const anyUuid: unknown = expect.stringMatching(/^[0-9a-f-]{36}$/)
let shop: TestApp
let lastIp = 0

beforeAll(async () => {
  shop = await createTestApp({ now: () => NOW })
  await shop.database.db.insert(coupons).values([
    { code: 'PAUSED', percentOff: 15, active: false },
    { code: 'DECEMBER', percentOff: 20, startsAt: new Date('2026-12-01T06:00:00Z') },
    { code: 'SUMMER', amountOff: '7.50', endsAt: new Date('2026-09-01T05:00:00Z') },
    { code: 'ENDSNOW', amountOff: '1.00', endsAt: NOW },
    { code: 'FIRST100', percentOff: 25, maxRedemptions: 100, timesRedeemed: 100 },
    { code: 'LASTONE', percentOff: 25, maxRedemptions: 3, timesRedeemed: 2, timesReserved: 1 },
    { code: 'BIGBASKET', amountOff: '10.00', minSubtotal: '75.00' },
  ])
})
afterAll(() => shop.close())

// each check from an address of its own, so the per-IP limit (tested apart) stays out of the way
const check = (
  payload: unknown,
  remoteAddress = `10.4.${Math.floor(++lastIp / 250)}.${lastIp % 250}`,
) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/validate-coupon',
    payload: payload as Record<string, unknown>,
    remoteAddress,
  })

const refused = (message: string) => ({
  valid: false,
  id: null,
  percentOff: null,
  amountOff: null,
  message,
})

describe('POST /api/validate-coupon', () => {
  test('WELCOME10 and FARM5 are valid, whatever the case and spaces', async () => {
    const welcome = await check({ code: ' welcome10 ', subtotal: '64.27' })
    expect(welcome.statusCode).toBe(200)
    expect(welcome.json()).toEqual({
      valid: true,
      id: anyUuid,
      percentOff: 10,
      amountOff: null,
      message: 'WELCOME10 applied: 10% off',
    })
    const farm = await check({ code: 'FARM5', subtotal: '60.00' })
    expect(farm.json()).toEqual({
      valid: true,
      id: anyUuid,
      percentOff: null,
      amountOff: '5.00',
      message: 'FARM5 applied: $5.00 off',
    })
  })

  test.each([
    ['an unknown code', 'NOPE', 'Invalid coupon code'],
    ['an inactive coupon', 'paused', 'This coupon is no longer active'],
    ['a coupon not started yet', 'DECEMBER', 'This coupon starts on Dec 1, 2026'],
    ['an ended coupon', 'SUMMER', 'This coupon has expired'],
    ['a coupon ending this very moment', 'ENDSNOW', 'This coupon has expired'],
    ['a used-up coupon', 'FIRST100', 'This coupon has reached its usage limit'],
    [
      'a coupon whose last use is held by a checkout',
      'LASTONE',
      'This coupon has reached its usage limit',
    ],
  ])('%s answers valid: false with its own message', async (_case, code, message) => {
    const response = await check({ code, subtotal: '80.00' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(refused(message))
  })

  test('a minimum subtotal says how much more is needed, and passes once it is met', async () => {
    expect((await check({ code: 'BIGBASKET', subtotal: '60.00' })).json()).toEqual(
      refused('This coupon needs an order of at least $75.00. Add $15.00 more to use it.'),
    )
    expect((await check({ code: 'BIGBASKET', subtotal: 74.99 })).json()).toEqual(
      refused('This coupon needs an order of at least $75.00. Add $0.01 more to use it.'),
    )
    expect((await check({ code: 'BIGBASKET', subtotal: '75.00' })).json()).toMatchObject({
      valid: true,
      amountOff: '10.00',
      message: 'BIGBASKET applied: $10.00 off',
    })
  })

  test('with only the code (the call as the basket first makes it), the code itself is judged and a minimum is told', async () => {
    expect((await check({ code: 'WELCOME10' })).json()).toEqual({
      valid: true,
      id: anyUuid,
      percentOff: 10,
      amountOff: null,
      message: 'WELCOME10 applied: 10% off',
    })
    expect((await check({ code: 'FARM5' })).json()).toEqual({
      valid: true,
      id: anyUuid,
      percentOff: null,
      amountOff: '5.00',
      message: 'FARM5: $5.00 off orders of $60.00 or more',
    })
    expect((await check({ code: 'BIGBASKET' })).json()).toMatchObject({
      valid: true,
      message: 'BIGBASKET: $10.00 off orders of $75.00 or more',
    })
    // what makes the code itself unusable still refuses it
    expect((await check({ code: 'paused' })).json()).toEqual(
      refused('This coupon is no longer active'),
    )
  })

  test('the minimum is enforced at payment even when the check was made without a subtotal', async () => {
    const shopper = await signUp(shop, 'bigbasket-minimum')
    const [cheap] = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.inStock, true), lt(products.price, '20.00')))
      .limit(1)
    if (!cheap) throw new Error('no product under $20 in the demo catalogue')
    const response = await shopper.call('POST', '/api/create-payment-intent', {
      amount: 0,
      items: [{ id: cheap.id, quantity: 1 }],
      promoCode: 'BIGBASKET',
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      errors: { promoCode: expect.stringMatching(/at least \$75\.00/) as unknown },
    })
  })

  test.each([[''], ['   '], [undefined]])(
    'an empty code (%j) answers 400 "Please enter a coupon code"',
    async (code) => {
      const response = await check(code === undefined ? {} : { code })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ message: 'Please enter a coupon code' })
    },
  )

  test('a malformed subtotal or an unknown field answers 400 naming the field', async () => {
    for (const subtotal of ['12.505', 12.505, -3, '-3.00', '1e3', 1e21, 'NaN', '', 'twelve', {}]) {
      const response = await check({ code: 'FARM5', subtotal })
      expect(response.statusCode, JSON.stringify(subtotal)).toBe(400)
      expect(response.json<{ errors: Record<string, string> }>().errors).toHaveProperty('subtotal')
    }
    expect((await check({ code: 'FARM5', discount: '100' })).statusCode).toBe(400)
  })

  test('a subtotal may be a JSON number or a string with at most two decimals', async () => {
    for (const subtotal of [64.27, '64.27', '64.2', 64, '64']) {
      const response = await check({ code: 'FARM5', subtotal })
      expect(response.json(), JSON.stringify(subtotal)).toMatchObject({ valid: true })
    }
  })

  test('one address may check 30 codes a minute; the 31st answers 429', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await check({ code: `GUESS${attempt}` }, '10.9.9.9')).statusCode)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200))
    expect(statuses[30]).toBe(429)
    expect((await check({ code: 'FARM5' }, '10.9.9.10')).statusCode).toBe(200)
  })

  test('X-Forwarded-For is ignored by default: it cannot buy a caller more checks', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/validate-coupon',
        payload: { code: 'FARM5' },
        remoteAddress: '10.9.8.7',
        headers: { 'x-forwarded-for': `203.0.113.${attempt}` },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200))
    expect(statuses[30]).toBe(429)
  })

  // each case has visitors of its own: its app counts in the same database as the others
  test.each([
    ['its address', ['10.0.0.0/8'], '198.51.100'],
    ['a hop count', 1, '198.51.101'],
  ] as const)(
    'behind a load balancer (TRUST_PROXY as %s) each visitor is counted by X-Forwarded-For',
    async (_, trustProxy, visitorNet) => {
      const app = await buildApp({
        ...TEST_APP_EXTRAS,
        config: {
          nodeEnv: 'test',
          publicUrl: TEST_PUBLIC_URL,
          trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy],
        },
        db: shop.database.db,
        log: testLogger,
        now: () => NOW,
      })
      try {
        const checkFrom = (visitor: string) =>
          app.inject({
            method: 'POST',
            url: '/api/validate-coupon',
            payload: { code: 'FARM5' },
            remoteAddress: '10.0.0.1', // the load balancer
            headers: { 'x-forwarded-for': visitor },
          })
        const visitors: number[] = []
        for (let visitor = 0; visitor < 40; visitor += 1) {
          visitors.push((await checkFrom(`${visitorNet}.${visitor}`)).statusCode)
        }
        expect(visitors).toEqual(Array(40).fill(200))
        const sameVisitor: number[] = []
        for (let attempt = 0; attempt < 31; attempt += 1) {
          sameVisitor.push((await checkFrom(`${visitorNet}.200`)).statusCode)
        }
        expect(sameVisitor.slice(0, 30)).toEqual(Array(30).fill(200))
        expect(sameVisitor[30]).toBe(429)
        // an address the visitor puts in front of the balancer's own entry changes nothing
        const spoofed = await checkFrom(`203.0.113.9, ${visitorNet}.200`)
        expect(spoofed.statusCode).toBe(429)
      } finally {
        await app.close()
      }
    },
  )
})
