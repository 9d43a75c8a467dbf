import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { coupons } from '#server/db/schema/index.ts'
import type { AdminCoupon } from '#shared/schemas/coupon.ts'
import { nextIp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

const NOW = new Date('2026-11-24T16:00:00Z')
const anyUuid: unknown = expect.stringMatching(/^[0-9a-f-]{36}$/)
const anyInstant: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
let shop: TestApp
let admin: Shopper

beforeAll(async () => {
  shop = await createTestApp({ now: () => NOW })
  admin = await signUpAdmin(shop, 'coupons-admin')
})
afterAll(() => shop.close())

const create = (payload: Record<string, unknown>) =>
  admin.call('POST', '/api/admin/coupons', payload)
const change = (id: string, payload: Record<string, unknown>) =>
  admin.call('PATCH', `/api/admin/coupons/${id}`, payload)
const list = async () => {
  const response = await admin.call('GET', '/api/admin/coupons')
  expect(response.statusCode).toBe(200)
  return response.json<AdminCoupon[]>()
}
const checkAtCheckout = (code: string, subtotal = '80.00') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/validate-coupon',
    payload: { code, subtotal },
    remoteAddress: nextIp(),
  })
async function created(payload: Record<string, unknown>): Promise<AdminCoupon> {
  const response = await create(payload)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<AdminCoupon>()
}

describe('POST /api/admin/coupons', () => {
  test('creates a percent-off coupon, its code trimmed and upper-cased', async () => {
    const response = await create({ code: ' spring25 ', percentOff: 25 })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      id: anyUuid,
      code: 'SPRING25',
      percentOff: 25,
      amountOff: null,
      minSubtotal: null,
      maxRedemptions: null,
      startsAt: null,
      endsAt: null,
      active: true,
      timesRedeemed: 0,
      createdAt: anyInstant,
    })
  })

  test('creates an amount-off coupon with a minimum, a limit and a period', async () => {
    const response = await create({
      code: 'Holiday-10',
      amountOff: '10.00',
      minSubtotal: '75.00',
      maxRedemptions: 50,
      startsAt: '2026-11-20T00:00:00-06:00',
      endsAt: '2026-12-31T23:59:00-06:00',
      active: false,
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      id: anyUuid,
      code: 'HOLIDAY-10',
      percentOff: null,
      amountOff: '10.00',
      minSubtotal: '75.00',
      maxRedemptions: 50,
      startsAt: '2026-11-20T06:00:00.000Z',
      endsAt: '2027-01-01T05:59:00.000Z',
      active: false,
      timesRedeemed: 0,
      createdAt: anyInstant,
    })
  })

  test('amounts may be JSON numbers or strings with at most two decimals; they leave as "5.00"', async () => {
    const byNumber = await created({
      code: `num-${randomUUID().slice(0, 8)}`,
      amountOff: 5,
      minSubtotal: 60.5,
    })
    expect(byNumber).toMatchObject({ amountOff: '5.00', minSubtotal: '60.50' })
    const byText = await created({ code: `txt-${randomUUID().slice(0, 8)}`, amountOff: '7.5' })
    expect(byText).toMatchObject({ amountOff: '7.50', minSubtotal: null })
  })

  test.each([
    ['amountOff', { amountOff: 5.005 }, 'Use at most two decimals (whole cents)'],
    ['amountOff', { amountOff: '-5' }, 'The amount cannot be negative'],
    ['amountOff', { amountOff: '5e2' }, 'Write the amount without an exponent, like 1200.00'],
    ['amountOff', { amountOff: 'NaN' }, 'Enter an amount in dollars, like 12.99'],
    [
      'minSubtotal',
      { percentOff: 10, minSubtotal: '60.001' },
      'Use at most two decimals (whole cents)',
    ],
  ])('a malformed %s (%j) answers 400 naming the field', async (field, fields, message) => {
    const response = await create({ code: `bad-${randomUUID().slice(0, 8)}`, ...fields })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ errors: Record<string, string> }>().errors[field]).toBe(message)
  })

  test('a code that exists in any case answers 409 and creates nothing', async () => {
    await created({ code: 'UNIQUE1', percentOff: 5 })
    for (const code of ['unique1', 'Unique1', 'welcome10']) {
      const response = await create({ code, amountOff: '2.00' })
      expect(response.statusCode, code).toBe(409)
      expect(response.json(), code).toMatchObject({
        message: 'A coupon with this code already exists',
      })
    }
    expect((await list()).filter((coupon) => coupon.code === 'UNIQUE1')).toHaveLength(1)
  })

  test('two admins creating the same code at once: one 201, one 409', async () => {
    const statuses = await Promise.all([
      create({ code: 'RACE', percentOff: 10 }),
      create({ code: 'race', percentOff: 20 }),
    ]).then((responses) => responses.map((response) => response.statusCode).sort())
    expect(statuses).toEqual([201, 409])
  })

  test.each([
    ['neither percentOff nor amountOff', { code: 'NOKIND' }],
    ['both percentOff and amountOff', { code: 'BOTHKINDS', percentOff: 10, amountOff: '5.00' }],
    ['both, one of them null', { code: 'NULLKIND', percentOff: null, amountOff: null }],
  ])('%s answers 400', async (_case, payload) => {
    const response = await create(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'Give either a percent off or an amount off',
      errors: { percentOff: 'Give either a percent off or an amount off' },
    })
  })

  test.each([
    [
      'an end before the start',
      { startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
      'endsAt',
      'End must be after the start',
    ],
    [
      'an end equal to the start',
      { startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-10T00:00:00Z' },
      'endsAt',
      'End must be after the start',
    ],
    ['a date that is not one', { startsAt: 'next Tuesday' }, 'startsAt', 'Use a date and time'],
    [
      'a year the shop cannot mean',
      { startsAt: '0001-01-01T00:00:00Z' },
      'startsAt',
      'Use a date from 2000 to 2100',
    ],
  ])('%s answers 400', async (_case, dates, field, message) => {
    const response = await create({ code: 'BADDATES', percentOff: 10, ...dates })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message, errors: { [field]: message } })
    expect((await list()).map((coupon) => coupon.code)).not.toContain('BADDATES')
  })

  test('other malformed fields answer 400 with their message', async () => {
    for (const [payload, field, message] of [
      [{ code: 'has space', percentOff: 10 }, 'code', 'Use letters, digits, - and _ only'],
      [{ code: 'PCT', percentOff: 101 }, 'percentOff', 'Percent off must be between 1 and 100'],
      [{ code: 'AMT', amountOff: '0.00' }, 'amountOff', 'Amount must be greater than 0'],
      [
        { code: 'LIM', percentOff: 10, maxRedemptions: 0 },
        'maxRedemptions',
        'Limit must be at least 1',
      ],
      [
        { code: 'EXTRA', percentOff: 10, timesRedeemed: 5 },
        'timesRedeemed',
        'Unknown field "timesRedeemed"',
      ],
    ] as const) {
      const response = await create(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json<{ errors: Record<string, string> }>().errors[field]).toBe(message)
    }
  })

  test('an admin-created coupon is accepted at checkout', async () => {
    await created({ code: 'Neighbors15', percentOff: 15, minSubtotal: '40.00' })
    const response = await checkAtCheckout('neighbors15', '64.27')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      valid: true,
      id: anyUuid,
      percentOff: 15,
      amountOff: null,
      message: 'NEIGHBORS15 applied: 15% off',
    })
  })
})

describe('GET /api/admin/coupons', () => {
  test('lists coupons newest first with how often each was redeemed', async () => {
    await shop.database.db
      .insert(coupons)
      .values({ code: 'USEDFOUR', amountOff: '3.00', timesRedeemed: 4 })
    const newest = await created({ code: 'NEWEST', percentOff: 30 })

    const all = await list()
    expect(all[0]).toEqual(newest)
    expect(all[1]).toMatchObject({ code: 'USEDFOUR', amountOff: '3.00', timesRedeemed: 4 })
    // the shop's own coupons (seeded) are there too, older than everything made here
    expect(all.map((coupon) => coupon.code)).toEqual(expect.arrayContaining(['WELCOME10', 'FARM5']))
    const instants = all.map((coupon) => Date.parse(coupon.createdAt))
    expect(instants).toEqual([...instants].sort((a, b) => b - a))
  })
})

describe('PATCH /api/admin/coupons/:id', () => {
  test('deactivating a coupon makes checkout refuse it; reactivating accepts it again', async () => {
    const coupon = await created({ code: 'PAUSEME', amountOff: '5.00' })
    expect((await checkAtCheckout('PAUSEME')).json()).toMatchObject({ valid: true })

    const paused = await change(coupon.id, { active: false })
    expect(paused.statusCode).toBe(200)
    expect(paused.json()).toEqual({ ...coupon, active: false })
    expect((await checkAtCheckout('PAUSEME')).json()).toEqual({
      valid: false,
      id: null,
      percentOff: null,
      amountOff: null,
      message: 'This coupon is no longer active',
    })

    expect((await change(coupon.id, { active: true })).statusCode).toBe(200)
    expect((await checkAtCheckout('PAUSEME')).json()).toMatchObject({ valid: true })
  })

  test('changes dates, limit and minimum; null clears one; left-out fields stay', async () => {
    const coupon = await created({
      code: 'CHANGEME',
      percentOff: 10,
      minSubtotal: '20.00',
      endsAt: '2026-12-01T06:00:00Z',
    })
    const response = await change(coupon.id, {
      minSubtotal: null,
      maxRedemptions: 7,
      startsAt: '2026-11-25T06:00:00Z',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      ...coupon,
      minSubtotal: null,
      maxRedemptions: 7,
      startsAt: '2026-11-25T06:00:00.000Z',
    })
    expect((await list()).find((listed) => listed.id === coupon.id)).toEqual(response.json())
    // an empty change answers the coupon as it is
    const unchanged = await change(coupon.id, {})
    expect(unchanged.statusCode).toBe(200)
    expect(unchanged.json()).toEqual(response.json())
  })

  test('a limit below the times already redeemed answers 400, never 500; equal is fine', async () => {
    const [row] = await shop.database.db
      .insert(coupons)
      .values({ code: 'POPULAR', percentOff: 10, timesRedeemed: 3 })
      .returning({ id: coupons.id })
    const id = row?.id ?? ''

    const below = await change(id, { maxRedemptions: 2 })
    expect(below.statusCode).toBe(400)
    expect(below.json()).toEqual({
      message: 'Limit cannot be lower than the times this coupon has already been used',
      errors: {
        maxRedemptions: 'Limit cannot be lower than the times this coupon has already been used',
      },
    })
    const equal = await change(id, { maxRedemptions: 3 })
    expect(equal.statusCode).toBe(200)
    expect(equal.json()).toMatchObject({ maxRedemptions: 3, timesRedeemed: 3 })
    expect((await checkAtCheckout('POPULAR')).json()).toMatchObject({
      valid: false,
      message: 'This coupon has reached its usage limit',
    })
  })

  test('a start after the stored end answers 400, never 500', async () => {
    const coupon = await created({
      code: 'ENDSSOON',
      percentOff: 10,
      endsAt: '2026-12-01T06:00:00Z',
    })
    const response = await change(coupon.id, { startsAt: '2026-12-05T06:00:00Z' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'End must be after the start',
      errors: { endsAt: 'End must be after the start' },
    })
    expect((await list()).find((listed) => listed.id === coupon.id)).toEqual(coupon)
  })

  test('the kind or size of the discount cannot change; an unknown id is 404', async () => {
    const coupon = await created({ code: 'FIXEDKIND', percentOff: 10 })
    const kind = await change(coupon.id, { percentOff: 50 })
    expect(kind.statusCode).toBe(400)
    expect(kind.json()).toMatchObject({ errors: { percentOff: 'Unknown field "percentOff"' } })

    const unknown = await change(randomUUID(), { active: false })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Coupon not found' })
    expect((await change(randomUUID(), {})).statusCode).toBe(404)
    expect((await change('nope', { active: false })).statusCode).toBe(400)
  })
})
