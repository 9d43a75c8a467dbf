import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  SUBSCRIPTION_MESSAGES,
  type AdminSubscription,
  type Forecast,
  type Subscription,
} from '#shared/schemas/subscriptions.ts'
import type { SavedCard } from '#shared/schemas/saved-cards.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { CARD, pay } from '#tests/setup/order-week.ts'
import { basketOver, inStockLines } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * Subscriptions the customer runs themselves (docs/product.md#subscriptions), with the shop's
 * clock moved through the weeks: subscribe with a saved card, skip and unskip a Saturday until
 * its cut-off, pause until a day, resume, change, cancel after the open week.
 */

// Tuesday 1 December 2026, 10:00 in Houston: Saturday 5 December's cut-off is tomorrow 20:00
const TUESDAY = new Date('2026-12-01T16:00:00Z')
let clock = TUESDAY
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

/** a customer with a card saved from the profile */
async function subscriber(app: TestApp = shop): Promise<{ shopper: Shopper; card: string }> {
  const shopper = await signUp(app, 'subscriber')
  const setup = await shopper.call('POST', '/api/payment-methods/setup', {})
  expect(setup.statusCode, setup.body).toBe(200)
  await pay(shopper, setup.json<{ setupIntentId: string }>().setupIntentId, CARD.succeeds)
  const cards = (await shopper.call('GET', '/api/payment-methods')).json<SavedCard[]>()
  expect(cards).toHaveLength(1)
  return { shopper, card: (cards[0] as SavedCard).id }
}

/** a subscriber and their subscription of a basket over the minimum, every week by default */
async function subscribed(firstSaturday: string, frequencyWeeks = 1) {
  const { shopper, card } = await subscriber()
  const made = await subscribe(shopper, {
    items: await items(),
    frequencyWeeks,
    firstSaturday,
    paymentMethodId: card,
  })
  return { shopper, card, made }
}

async function items() {
  return (await basketOver(shop)).map((line) => ({ id: line.id, quantity: line.quantity }))
}

async function subscribe(
  shopper: Shopper,
  body: Record<string, unknown>,
  status = 201,
): Promise<Subscription> {
  const response = await shopper.call('POST', '/api/subscriptions', body)
  expect(response.statusCode, response.body).toBe(status)
  return response.json<Subscription>()
}

async function act(
  shopper: Shopper,
  subscription: { id: string },
  action: string,
  body?: Record<string, unknown>,
) {
  return shopper.call('POST', `/api/subscriptions/${subscription.id}/${action}`, body)
}

function at(instant: string) {
  clock = new Date(instant)
}

describe('subscribing', () => {
  test('with a saved card: every week from the first Saturday, listed and read back', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, card } = await subscriber()
    const lines = await items()
    const made = await subscribe(shopper, {
      items: lines,
      frequencyWeeks: 1,
      firstSaturday: '2026-12-05',
      paymentMethodId: card,
    })
    expect(made).toMatchObject({
      status: 'active',
      frequencyWeeks: 1,
      firstSaturday: '2026-12-05',
      nextSaturday: '2026-12-05',
      skipped: [],
      pausedUntil: null,
      paymentMethodId: card,
      version: 0,
    })
    expect(made.comingSaturdays.map((week) => week.saturday)).toEqual([
      '2026-12-05',
      '2026-12-12',
      '2026-12-19',
      '2026-12-26',
      '2027-01-02',
      '2027-01-09',
    ])
    expect(made.items.map((item) => [item.id, item.quantity]).sort()).toEqual(
      lines.map((line) => [line.id, line.quantity]).sort(),
    )
    expect(made.items.every((item) => item.name.length > 0)).toBe(true)

    const list = await shopper.call('GET', '/api/subscriptions')
    expect(list.json()).toEqual([made])
    const one = await shopper.call('GET', `/api/subscriptions/${made.id}`)
    expect(one.json()).toEqual(made)
  })

  test('every other week: its Saturdays are two weeks apart, and the weeks between are not its', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-12', 2)
    expect(made.nextSaturday).toBe('2026-12-12')
    expect(made.comingSaturdays.slice(0, 3).map((week) => week.saturday)).toEqual([
      '2026-12-12',
      '2026-12-26',
      '2027-01-09',
    ])
    const between = await act(shopper, made, 'skip', { saturday: '2026-12-19' })
    expect(between.statusCode).toBe(400)
    expect(between.json()).toMatchObject({
      message: SUBSCRIPTION_MESSAGES.notScheduled('2026-12-19'),
    })
  })

  test('bad input is refused with the reason, and nothing is kept', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, card } = await subscriber()
    const other = await subscriber()
    const lines = await items()
    const base = {
      items: lines,
      frequencyWeeks: 1,
      firstSaturday: '2026-12-12',
      paymentMethodId: card,
    }

    const threeWeeks = await shopper.call('POST', '/api/subscriptions', {
      ...base,
      frequencyWeeks: 3,
    })
    expect(threeWeeks.statusCode).toBe(400)
    expect(threeWeeks.body).toContain(SUBSCRIPTION_MESSAGES.frequency)

    const friday = await shopper.call('POST', '/api/subscriptions', {
      ...base,
      firstSaturday: '2026-12-11',
    })
    expect(friday.statusCode).toBe(400)
    expect(friday.body).toContain(
      '2026-12-11 is not a delivery Saturday; the nearest is Saturday, December 12, 2026',
    )

    // Saturday 28 November is past, and this Wednesday 20:00 closes 5 December
    const past = await shopper.call('POST', '/api/subscriptions', {
      ...base,
      firstSaturday: '2026-11-28',
    })
    expect(past.statusCode).toBe(400)
    expect(past.json()).toMatchObject({
      message: SUBSCRIPTION_MESSAGES.firstSaturdayPast('2026-12-05'),
    })

    const othersCard = await shopper.call('POST', '/api/subscriptions', {
      ...base,
      paymentMethodId: other.card,
    })
    expect(othersCard.statusCode).toBe(404)
    expect(othersCard.json()).toMatchObject({ message: 'Card not found' })

    const [cheapest] = (await inStockLines(shop, 1)).map((line) => ({ id: line.id, quantity: 1 }))
    const small = await shopper.call('POST', '/api/subscriptions', { ...base, items: [cheapest] })
    expect(small.statusCode).toBe(400)
    expect(small.json<{ message: string }>().message).toMatch(/^The minimum order is \$60\.00/)

    const twice = await shopper.call('POST', '/api/subscriptions', {
      ...base,
      items: [...lines, lines[0]],
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.body).toContain(SUBSCRIPTION_MESSAGES.duplicateItem)

    const farAhead = await shopper.call('POST', '/api/subscriptions', {
      ...base,
      firstSaturday: '2099-12-05',
    })
    expect(farAhead.statusCode).toBe(400)
    expect(farAhead.json()).toMatchObject({ message: SUBSCRIPTION_MESSAGES.firstSaturdayTooFar })

    const anonymous = await shop.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: base,
    })
    expect(anonymous.statusCode).toBe(401)

    expect((await shopper.call('GET', '/api/subscriptions')).json()).toEqual([])
  })

  test("someone else's subscription is not found, whatever is asked of it", async () => {
    at('2026-12-01T16:00:00Z')
    const owner = await subscribed('2026-12-12')
    const { made } = owner
    const { shopper, card } = await subscriber()
    const calls = [
      shopper.call('GET', `/api/subscriptions/${made.id}`),
      shopper.call('PATCH', `/api/subscriptions/${made.id}`, { version: 0, frequencyWeeks: 2 }),
      shopper.call('PATCH', `/api/subscriptions/${made.id}`, { version: 0, paymentMethodId: card }),
      act(shopper, made, 'skip', { saturday: '2026-12-12' }),
      act(shopper, made, 'unskip', { saturday: '2026-12-12' }),
      act(shopper, made, 'pause', { until: '2027-01-01' }),
      act(shopper, made, 'resume'),
      act(shopper, made, 'cancel'),
    ]
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404)
      expect(response.json()).toMatchObject({ message: 'Subscription not found' })
    }
    const still = await owner.shopper.call('GET', `/api/subscriptions/${made.id}`)
    expect(still.json()).toEqual(made)
  })
})

describe('the weeks', () => {
  test('a Saturday is skipped and taken back until its cut-off, then no longer', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-05')
    const skipped = await act(shopper, made, 'skip', { saturday: '2026-12-05' })
    expect(skipped.statusCode, skipped.body).toBe(200)
    expect(skipped.json()).toMatchObject({
      nextSaturday: '2026-12-12',
      skipped: ['2026-12-05'],
      version: 1,
    })
    expect(skipped.json<Subscription>().comingSaturdays[0]).toEqual({
      saturday: '2026-12-05',
      delivers: false,
      skipped: true,
    })
    const back = await act(shopper, made, 'unskip', { saturday: '2026-12-05' })
    expect(back.json()).toMatchObject({ nextSaturday: '2026-12-05', skipped: [] })

    // a second before the cut-off (Wednesday 20:00 in Houston, 02:00 UTC on Thursday)
    at('2026-12-03T01:59:59Z')
    expect((await act(shopper, made, 'skip', { saturday: '2026-12-05' })).statusCode).toBe(200)
    expect((await act(shopper, made, 'unskip', { saturday: '2026-12-05' })).statusCode).toBe(200)
    at('2026-12-03T02:00:00Z')
    const late = await act(shopper, made, 'skip', { saturday: '2026-12-05' })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ message: SUBSCRIPTION_MESSAGES.closed('2026-12-05') })
    // past its cut-off, the next Saturday is the one after
    const now = await shopper.call('GET', `/api/subscriptions/${made.id}`)
    expect(now.json()).toMatchObject({ nextSaturday: '2026-12-12' })
  })

  test('paused until a day: no Saturday before it; resumed, the next one again', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-05')
    const paused = await act(shopper, made, 'pause', { until: '2026-12-24' })
    expect(paused.statusCode, paused.body).toBe(200)
    expect(paused.json()).toMatchObject({
      status: 'paused',
      pausedUntil: '2026-12-24',
      nextSaturday: '2026-12-26',
    })
    const resumed = await act(shopper, made, 'resume')
    expect(resumed.json()).toMatchObject({
      status: 'active',
      pausedUntil: null,
      nextSaturday: '2026-12-05',
    })

    const notPaused = await act(shopper, made, 'resume')
    expect(notPaused.statusCode).toBe(409)
    expect(notPaused.json()).toMatchObject({ message: SUBSCRIPTION_MESSAGES.notPaused })
    const today = await act(shopper, made, 'pause', { until: '2026-12-01' })
    expect(today.statusCode).toBe(400)
    expect(today.json()).toMatchObject({ message: SUBSCRIPTION_MESSAGES.pauseUntilPast })
    const notADay = await act(shopper, made, 'pause', { until: 'next month' })
    expect(notADay.statusCode).toBe(400)

    // once the day comes the pause is over by itself
    await act(shopper, made, 'pause', { until: '2026-12-08' })
    expect((await shopper.call('GET', `/api/subscriptions/${made.id}`)).json()).toMatchObject({
      status: 'paused',
      nextSaturday: '2026-12-12',
    })
    // Tuesday 8 December, midnight in Houston
    at('2026-12-08T06:00:00Z')
    const over = await shopper.call('GET', `/api/subscriptions/${made.id}`)
    expect(over.json()).toMatchObject({
      status: 'active',
      pausedUntil: null,
      nextSaturday: '2026-12-12',
    })
  })

  test('cancelled in an open week: that Saturday still delivers, none after; then nothing changes it', async () => {
    // Monday 30 November: Saturday 5 December's week opened yesterday
    at('2026-11-30T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-05')
    const cancelled = await act(shopper, made, 'cancel')
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      lastSaturday: '2026-12-05',
      nextSaturday: '2026-12-05',
      comingSaturdays: [],
    })
    expect((await act(shopper, made, 'cancel')).json()).toEqual(cancelled.json())
    for (const [action, body] of [
      ['resume', undefined],
      ['skip', { saturday: '2026-12-12' }],
      ['pause', { until: '2027-01-01' }],
    ] as const) {
      const refused = await act(shopper, made, action, body)
      expect(refused.statusCode, action).toBe(409)
      expect(refused.json()).toMatchObject({ message: SUBSCRIPTION_MESSAGES.cancelled })
    }
    at('2026-12-03T02:00:00Z')
    const after = await shopper.call('GET', `/api/subscriptions/${made.id}`)
    expect(after.json()).toMatchObject({ status: 'cancelled', nextSaturday: null })
  })

  test('cancelled between a cut-off and the next week: no Saturday delivers', async () => {
    // Thursday 3 December: 5 December closed, 12 December's week opens on Sunday
    at('2026-12-03T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-12')
    const cancelled = await act(shopper, made, 'cancel')
    expect(cancelled.json()).toMatchObject({ lastSaturday: null, nextSaturday: null })
  })
})

describe('after a cut-off, its Saturday is fixed', () => {
  test('cancelled on Thursday: the closed Saturday still delivers, none after', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-05')
    at('2026-12-03T16:00:00Z')
    const cancelled = await act(shopper, made, 'cancel')
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      lastSaturday: '2026-12-05',
      nextSaturday: null,
    })
  })

  test('a pause made on Thursday starts with the next Saturday; the closed one is kept', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-05')
    at('2026-12-03T16:00:00Z')
    const tooSoon = await act(shopper, made, 'pause', { until: '2026-12-07' })
    expect(tooSoon.statusCode).toBe(400)
    expect(tooSoon.json()).toMatchObject({
      message: SUBSCRIPTION_MESSAGES.pauseTooSoon('2026-12-12'),
    })
    const tooFar = await act(shopper, made, 'pause', { until: '2028-01-01' })
    expect(tooFar.json()).toMatchObject({ message: SUBSCRIPTION_MESSAGES.pauseTooFar })
    const paused = await act(shopper, made, 'pause', { until: '2026-12-24' })
    expect(paused.json()).toMatchObject({ status: 'paused', nextSaturday: '2026-12-26' })
    // the 5th was not reached by the pause: cancelling now still delivers it
    expect((await act(shopper, made, 'cancel')).json()).toMatchObject({
      lastSaturday: '2026-12-05',
    })
  })

  test('a pause that reached the closed Saturday keeps it after a resume', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-05')
    await act(shopper, made, 'pause', { until: '2026-12-24' })
    at('2026-12-03T16:00:00Z')
    const resumed = await act(shopper, made, 'resume')
    expect(resumed.json()).toMatchObject({
      status: 'active',
      pausedUntil: null,
      nextSaturday: '2026-12-12',
    })
    // the 5th closed while paused: it stays without a delivery
    expect((await act(shopper, made, 'cancel')).json()).toMatchObject({ lastSaturday: null })
  })
})

describe('changing', () => {
  test('items and frequency change together; a change on an old version is refused', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-05')
    const lines = (await inStockLines(shop, 8)).slice(4)
    const more = await basketOver(shop)
    const newItems = [
      ...more.map((line) => ({ id: line.id, quantity: line.quantity })),
      { id: (lines[0] as { id: string }).id, quantity: 3 },
    ]
    const changed = await shopper.call('PATCH', `/api/subscriptions/${made.id}`, {
      version: made.version,
      items: newItems,
      frequencyWeeks: 2,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const after = changed.json<Subscription>()
    expect(after).toMatchObject({ frequencyWeeks: 2, version: made.version + 1 })
    expect(after.items.map((item) => [item.id, item.quantity]).sort()).toEqual(
      newItems.map((item) => [item.id, item.quantity]).sort(),
    )
    expect(after.comingSaturdays.slice(0, 2).map((week) => week.saturday)).toEqual([
      '2026-12-05',
      '2026-12-19',
    ])

    // the page still showing the first version
    const stale = await shopper.call('PATCH', `/api/subscriptions/${made.id}`, {
      version: made.version,
      frequencyWeeks: 1,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ message: SUBSCRIPTION_MESSAGES.changedMeanwhile })
    expect((await shopper.call('GET', `/api/subscriptions/${made.id}`)).json()).toEqual(after)
  })

  test('two changes of one version at once: one applies, the other is told it changed', async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-05')
    const answers = await Promise.all(
      [1, 2].map((frequencyWeeks) =>
        shopper.call('PATCH', `/api/subscriptions/${made.id}`, { version: 0, frequencyWeeks }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const applied = answers.find((answer) => answer.statusCode === 200)?.json<Subscription>()
    const now = (await shopper.call('GET', `/api/subscriptions/${made.id}`)).json<Subscription>()
    expect(now.frequencyWeeks).toBe(applied?.frequencyWeeks)
    expect(now.version).toBe(1)
  })
})

describe('the never-list', () => {
  test('is replaced whole, read back with names, and an unknown product changes nothing', async () => {
    const shopper = await signUp(shop, 'never')
    expect((await shopper.call('GET', '/api/never-list')).json()).toEqual({ products: [] })
    const [first, second] = await inStockLines(shop, 2)
    if (!first || !second) throw new Error('the demo catalogue has products')

    const put = await shopper.call('PUT', '/api/never-list', {
      productIds: [first.id, second.id, first.id],
    })
    expect(put.statusCode, put.body).toBe(200)
    // by name, each once
    const listed = {
      products: [
        { id: first.id, name: first.name },
        { id: second.id, name: second.name },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    }
    expect(put.json()).toEqual(listed)
    expect((await shopper.call('GET', '/api/never-list')).json()).toEqual(listed)

    const unknown = await shopper.call('PUT', '/api/never-list', {
      productIds: [second.id, '00000000-0000-4000-8000-000000000000'],
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ message: 'Product not found' })
    const notAnId = await shopper.call('PUT', '/api/never-list', { productIds: ['eggs'] })
    expect(notAnId.statusCode).toBe(400)
    expect((await shopper.call('GET', '/api/never-list')).json()).toEqual(listed)

    // each customer has their own
    const other = await signUp(shop, 'never')
    expect((await other.call('GET', '/api/never-list')).json()).toEqual({ products: [] })

    expect((await shopper.call('PUT', '/api/never-list', { productIds: [] })).json()).toEqual({
      products: [],
    })
    const anonymous = await shop.app.inject({ method: 'GET', url: '/api/never-list' })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('the admin', () => {
  test("lists every customer's subscriptions, pauses and cancels one, and only staff may", async () => {
    at('2026-12-01T16:00:00Z')
    const { shopper, made } = await subscribed('2026-12-12')
    const admin = await signUpAdmin(shop)
    const list = await admin.call('GET', '/api/admin/subscriptions')
    expect(list.statusCode, list.body).toBe(200)
    const listed = list.json<AdminSubscription[]>().find((one) => one.id === made.id)
    expect(listed).toEqual({
      ...made,
      customer: { name: expect.any(String) as string, email: shopper.email },
    })
    expect(listed?.customer.name.length).toBeGreaterThan(0)

    const paused = await admin.call('POST', `/api/admin/subscriptions/${made.id}/pause`, {
      until: '2027-01-01',
    })
    expect(paused.json()).toMatchObject({ status: 'paused', nextSaturday: '2027-01-02' })
    const cancelled = await admin.call('POST', `/api/admin/subscriptions/${made.id}/cancel`)
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextSaturday: null })
    // the customer sees what the shop did
    expect((await shopper.call('GET', `/api/subscriptions/${made.id}`)).json()).toEqual(
      cancelled.json(),
    )

    const unknown = await admin.call(
      'POST',
      '/api/admin/subscriptions/00000000-0000-4000-8000-000000000000/cancel',
    )
    expect(unknown.statusCode).toBe(404)
    for (const url of ['/api/admin/subscriptions', '/api/admin/forecast']) {
      expect((await shopper.call('GET', url)).statusCode).toBe(403)
    }
    expect((await admin.call('GET', '/api/admin/forecast?weeks=13')).statusCode).toBe(400)
  })

  test('the forecast counts, per Saturday, the products of the subscriptions that deliver then', async () => {
    // a shop of its own: no other test's subscriptions in its counts
    const own = await createTestApp({ now: () => clock })
    try {
      at('2026-12-01T16:00:00Z')
      const subscribeIn = async (firstSaturday: string, frequencyWeeks: number) => {
        const { shopper, card } = await subscriber(own)
        const lines = (await basketOver(own)).map((line) => ({
          id: line.id,
          quantity: line.quantity,
        }))
        const made = await subscribe(shopper, {
          items: lines,
          frequencyWeeks,
          firstSaturday,
          paymentMethodId: card,
        })
        return { shopper, made, lines }
      }
      const weekly = await subscribeIn('2026-12-05', 1)
      const everyOther = await subscribeIn('2026-12-12', 2)
      await weekly.shopper.call('POST', `/api/subscriptions/${weekly.made.id}/skip`, {
        saturday: '2026-12-12',
      })
      const admin = await signUpAdmin(own)
      const response = await admin.call('GET', '/api/admin/forecast?weeks=3')
      expect(response.statusCode, response.body).toBe(200)
      const quantities = (week: Forecast['weeks'][number]) =>
        Object.fromEntries(week.products.map((product) => [product.id, product.quantity]))
      const of = (lines: Array<{ id: string; quantity: number }>) =>
        Object.fromEntries(lines.map((line) => [line.id, line.quantity]))
      const weeks = response.json<Forecast>().weeks
      expect(weeks.map((week) => [week.saturday, week.subscriptions])).toEqual([
        ['2026-12-05', 1],
        ['2026-12-12', 1],
        ['2026-12-19', 1],
      ])
      expect(weeks.map(quantities)).toEqual([
        of(weekly.lines),
        of(everyOther.lines),
        of(weekly.lines),
      ])
      expect(weeks[0]?.products.every((product) => product.producer.length > 0)).toBe(true)
    } finally {
      await own.close()
    }
  })
})
