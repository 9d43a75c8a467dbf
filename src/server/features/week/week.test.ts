import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailOutbox, jobRuns, orderItems, orders } from '#server/db/schema/index.ts'
import { deliveryOfSaturday, orderCutoffFor } from '#shared/domain/delivery.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Harvest, PackingSlips, PickList, WeekSummary } from '#shared/schemas/week.ts'
import { signUp, signUpAdmin } from '#tests/factories/customer.ts'
import { makeOrder, type OrderRow } from '#tests/factories/order.ts'
import { makeProducer, type ProducerRow } from '#tests/factories/producer.ts'
import { makeProduct, type ProductRow } from '#tests/factories/product.ts'
import { createIntent } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * The week (docs/product.md#the-week): a Saturday's harvest lists, pick list, packing slips and
 * summary, counted from orders written by the factories; the harvest e-mails at the cut-off.
 */

const SATURDAY = '2026-11-28'
const DELIVERY = deliveryOfSaturday(SATURDAY)
const CUTOFF = orderCutoffFor(DELIVERY)
// Tuesday 24 November 2026, 10:00 in Houston: before the cut-off of Saturday 28
const BEFORE_CUTOFF = new Date('2026-11-24T16:00:00Z')

let clock = BEFORE_CUTOFF
let shop: TestApp
let userId: string
let farm: ProducerRow
let dairy: ProducerRow
let silent: ProducerRow
const product: Record<string, ProductRow> = {}
const order: Record<string, OrderRow> = {}
let changedOrderId = ''

/** An admin signed in at the shop's clock now (a session ends after 15 idle minutes of it). */
const admin = () => signUpAdmin(shop, 'week-admin')

const line = (
  row: ProductRow,
  quantity: number,
  extra: Partial<typeof orderItems.$inferInsert> = {},
) => ({
  productId: row.id,
  productName: row.name,
  productPrice: row.price,
  farmSource: 'anything',
  quantity,
  ...extra,
})

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
  const db = shop.database.db
  userId = (await signUp(shop, 'week-customer')).userId
  farm = await makeProducer(db, {
    name: 'Week Test Farm',
    slug: 'week-test-farm',
    email: 'harvest@weekfarm.example',
  })
  dairy = await makeProducer(db, {
    name: 'Week Test Dairy',
    slug: 'week-test-dairy',
    email: 'milk@weekdairy.example',
  })
  silent = await makeProducer(db, { name: 'Week Quiet Ranch', slug: 'week-quiet-ranch' })
  product.tomatoes = await makeProduct(db, {
    name: 'Week Tomatoes',
    category: 'produce',
    stockCount: '1 lb',
    producerId: farm.id,
  })
  product.kale = await makeProduct(db, {
    name: 'Week Kale',
    category: 'produce',
    stockCount: '1 bunch',
    producerId: farm.id,
  })
  product.milk = await makeProduct(db, {
    name: 'Week Milk',
    category: 'dairy-eggs',
    stockCount: '1 gal',
    producerId: dairy.id,
  })
  product.beef = await makeProduct(db, {
    name: 'Week Beef',
    category: 'meat-seafood',
    stockCount: '2 lb',
    producerId: silent.id,
  })
  product.box = await makeProduct(db, {
    name: 'Week Veggie Box',
    category: 'farm-boxes',
    subcategory: 'veggie-box',
    stockCount: '1 box',
    producerId: farm.id,
  })

  // 2 tomatoes + 1 milk
  order.plain = await makeOrder(
    db,
    {
      userId,
      deliveryDate: DELIVERY,
      customerName: 'Ana Plain',
      customerPhone: '(713) 555-0101',
      specialInstructions: 'Gate code 1234',
    },
    { items: [line(product.tomatoes, 2), line(product.milk, 1)] },
  )
  // two custom boxes of 5 tomatoes + 2 kale each, and a farmer's choice box
  order.boxes = await makeOrder(
    db,
    { userId, deliveryDate: DELIVERY, customerName: 'Ben Boxes' },
    {
      items: [
        line(product.box, 2, {
          customSelections: [
            { id: product.tomatoes.id, name: product.tomatoes.name, count: 5 },
            { id: product.kale.id, name: product.kale.name, count: 2 },
          ],
        }),
        line(product.box, 1, { customSelections: [] }),
        line(product.beef, 9),
      ],
    },
  )
  // placed at checkout with 10 milk, then changed by its customer to 7 tomatoes (a lower total
  // saves at once): counted as it is now
  shop.catalog.invalidate()
  const changer = await signUp(shop, 'week-changer')
  const placedLines = [
    { id: product.milk.id, name: product.milk.name, price: product.milk.price, quantity: 10 },
  ]
  const intent = await createIntent(changer, placedLines)
  const paid = await changer.call('POST', `/api/demo-payments/${intent.paymentIntentId}/confirm`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 30',
    cvc: '123',
    zip: '77008',
  })
  expect(paid.statusCode, paid.body).toBe(200)
  const placed = await changer.call('POST', '/api/orders', {
    paymentIntentId: intent.paymentIntentId,
  })
  expect(placed.statusCode, placed.body).toBe(201)
  const changedId = placed.json<{ id: string }>().id
  const change = await changer.call('PATCH', `/api/orders/${changedId}`, {
    version: 1,
    items: [{ id: product.tomatoes.id, quantity: 7 }],
  })
  expect(change.statusCode, change.body).toBe(200)
  expect(change.json<{ version: number }>().version).toBe(2)
  changedOrderId = changedId
  // cancelled, and another Saturday's: neither counts
  order.cancelled = await makeOrder(
    db,
    { userId, deliveryDate: DELIVERY, status: 'cancelled', customerName: 'Dee Cancelled' },
    { items: [line(product.tomatoes, 50)] },
  )
  order.nextWeek = await makeOrder(
    db,
    { userId, deliveryDate: deliveryOfSaturday('2026-12-05'), total: '80.00' },
    { items: [line(product.kale, 4)] },
  )
})
afterAll(() => shop.close())

const get = async <T>(url: string) => {
  const response = await (await admin()).call('GET', url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<T>()
}

describe('the harvest lists', () => {
  test('every product of the day per producer: custom boxes expanded, farmer’s choice as boxes, cancelled and changed lines as they are now', async () => {
    const harvest = await get<Harvest>(`/api/admin/week/${SATURDAY}/harvest`)
    expect(harvest.provisional).toBe(true)
    const ours = harvest.producers.filter((p) => p.slug.startsWith('week-'))
    expect(
      ours.map((p) => [p.slug, p.email, p.lines.map((l) => [l.name, l.unit, l.quantity])]),
    ).toEqual([
      ['week-quiet-ranch', null, [['Week Beef', '2 lb', 9]]],
      ['week-test-dairy', 'milk@weekdairy.example', [['Week Milk', '1 gal', 1]]],
      [
        'week-test-farm',
        'harvest@weekfarm.example',
        [
          ['Week Kale', '1 bunch', 4],
          // 2 + 2 boxes × 5 + 7 (the changed order); the cancelled order's 50 are not here
          ['Week Tomatoes', '1 lb', 19],
          ['Week Veggie Box', '1 box', 1],
        ],
      ],
    ])
    expect(ours[2]?.lines[1]?.productId).toBe(product.tomatoes?.id)
  })

  test('the CSV has the same numbers, one row per product', async () => {
    const response = await (await admin()).call('GET', `/api/admin/week/${SATURDAY}/harvest.csv`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="harvest-${SATURDAY}.csv"`,
    )
    const rows = response.body.trim().split('\r\n')
    expect(rows[0]).toBe('Producer,Product,Unit,Quantity')
    expect(rows).toContain('Week Test Farm,Week Tomatoes,1 lb,19')
    expect(rows).toContain('Week Quiet Ranch,Week Beef,2 lb,9')
  })

  test('a date that is not a delivery Saturday is refused, naming the nearest one', async () => {
    const caller = await admin()
    for (const path of ['', '/harvest', '/harvest.csv', '/pick-list', '/packing-slips']) {
      const response = await caller.call('GET', `/api/admin/week/2026-11-26${path}`)
      expect(response.statusCode, path).toBe(400)
      expect(response.json<{ message: string }>().message).toBe(
        '2026-11-26 is not a delivery Saturday; the nearest is Saturday, November 28, 2026',
      )
    }
    const garbled = await caller.call('GET', '/api/admin/week/next-saturday')
    expect(garbled.statusCode).toBe(400)
    expect(garbled.json<{ message: string }>().message).toBe(
      'Use a Saturday written like 2026-11-28',
    )
  })
})

describe('the pick list and the packing slips', () => {
  test('the pick list totals every product by category (in the catalogue’s order), then producer', async () => {
    const pick = await get<PickList>(`/api/admin/week/${SATURDAY}/pick-list`)
    const summary = pick.categories.map((category) => [
      category.name,
      category.producers
        .filter((p) => p.slug.startsWith('week-'))
        .map((p) => [p.name, p.lines.map((l) => `${l.quantity} ${l.name}`)]),
    ])
    expect(summary).toEqual([
      ['Farm Boxes', [['Week Test Farm', ['1 Week Veggie Box']]]],
      ['Produce', [['Week Test Farm', ['4 Week Kale', '19 Week Tomatoes']]]],
      ['Meat & Seafood', [['Week Quiet Ranch', ['9 Week Beef']]]],
      ['Dairy & Eggs', [['Week Test Dairy', ['1 Week Milk']]]],
    ])
  })

  test('one slip per order that is not cancelled, with the box contents and the bags', async () => {
    const { slips } = await get<PackingSlips>(`/api/admin/week/${SATURDAY}/packing-slips`)
    expect(slips.map((slip) => slip.customerName).sort()).toEqual([
      'Ana Plain',
      'Ben Boxes',
      'Maria Gonzalez',
    ])
    const plain = slips.find((slip) => slip.orderId === order.plain?.id)
    expect(plain).toMatchObject({
      orderNumber: orderNumber(order.plain?.id ?? ''),
      phone: '(713) 555-0101',
      address: '1200 Heights Blvd, Houston, TX 77008',
      specialInstructions: 'Gate code 1234',
      bags: 1,
      packedAt: null,
    })
    const boxes = slips.find((slip) => slip.orderId === order.boxes?.id)
    expect(boxes?.items).toEqual([
      {
        itemId: expect.any(String) as string,
        name: 'Week Veggie Box',
        unit: '1 box',
        quantity: 2,
        farmersChoice: false,
        contents: [
          { name: 'Week Tomatoes', quantity: 5 },
          { name: 'Week Kale', quantity: 2 },
        ],
      },
      {
        itemId: expect.any(String) as string,
        name: 'Week Veggie Box',
        unit: '1 box',
        quantity: 1,
        farmersChoice: true,
        contents: [],
      },
      {
        itemId: expect.any(String) as string,
        name: 'Week Beef',
        unit: '2 lb',
        quantity: 9,
        farmersChoice: false,
        contents: [],
      },
    ])
    // three boxes, a bag each, and 9 items at eight to a bag
    expect(boxes?.bags).toBe(5)
    // the changed order's slip has its lines as they are now
    const changed = slips.find((slip) => slip.orderId === changedOrderId)
    expect(changed?.items).toEqual([
      {
        itemId: expect.any(String) as string,
        name: 'Week Tomatoes',
        unit: '1 lb',
        quantity: 7,
        farmersChoice: false,
        contents: [],
      },
    ])
  })
})

describe('packing an order', () => {
  test('marks it packed and "preparing" once; asking again changes nothing', async () => {
    const caller = await admin()
    const id = order.plain?.id ?? ''
    const first = await caller.call('POST', `/api/admin/orders/${id}/packed`)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ orderId: id, deliveryStatus: 'preparing' })
    clock = new Date(clock.getTime() + 60_000)
    const again = await caller.call('POST', `/api/admin/orders/${id}/packed`)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    const detail = await caller.call('GET', `/api/admin/orders?deliveryDate=${SATURDAY}`)
    const listed = detail
      .json<{ orders: { id: string; statusHistory: { toValue: string }[] }[] }>()
      .orders.find((row) => row.id === id)
    expect(listed?.statusHistory.map((change) => change.toValue)).toEqual(['preparing'])
    const { slips } = await get<PackingSlips>(`/api/admin/week/${SATURDAY}/packing-slips`)
    expect(slips.find((slip) => slip.orderId === id)?.packedAt).toBe(
      first.json<{ packedAt: string }>().packedAt,
    )
  })

  test('a cancelled order is not packed, and an unknown one is not found', async () => {
    const caller = await admin()
    const cancelled = await caller.call('POST', `/api/admin/orders/${order.cancelled?.id}/packed`)
    expect(cancelled.statusCode).toBe(409)
    expect(cancelled.json()).toEqual({ message: 'A cancelled order is not packed.' })
    const unknown = await caller.call(
      'POST',
      '/api/admin/orders/00000000-0000-4000-8000-000000000000/packed',
    )
    expect(unknown.statusCode).toBe(404)
  })
})

describe('the week at a glance', () => {
  test('counts the day’s orders, items, unpacked and undelivered ones, money, and the next weeks', async () => {
    const db = shop.database.db
    await db
      .update(orders)
      .set({ paymentStatus: 'payment_failed' })
      .where(eq(orders.id, order.boxes?.id ?? ''))
    await db
      .update(orders)
      .set({ paymentStatus: 'captured', capturedAmount: '70.94', refundedAmount: '5.00' })
      .where(eq(orders.id, order.plain?.id ?? ''))
    const summary = await get<WeekSummary>(`/api/admin/week/${SATURDAY}`)
    expect(summary).toMatchObject({
      saturday: SATURDAY,
      cutoff: CUTOFF.toISOString(),
      provisional: true,
      orders: 3,
      // 2 + 1, 2 + 1 + 9, 7
      items: 22,
      revenueCaptured: '70.94',
      refunds: '5.00',
      notPacked: 2,
      notDelivered: 3,
      failedPayments: [
        {
          orderId: order.boxes?.id,
          orderNumber: orderNumber(order.boxes?.id ?? ''),
          customerName: 'Ben Boxes',
          total: '70.94',
        },
      ],
      upcoming: [{ saturday: '2026-12-05', orders: 1, items: 4, total: '80.00' }],
    })
  })
})

describe('the harvest e-mails', () => {
  const harvestMail = () =>
    shop.database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `harvest:${SATURDAY}:%`))

  test('nothing goes before the cut-off; after it, each producer with an address gets one, however many ticks', async () => {
    // the Saturday before, a tomato of the farm's was short at packing: its list says so
    const lastWeek = await makeOrder(
      shop.database.db,
      { userId, deliveryDate: deliveryOfSaturday('2026-11-21'), customerName: 'Cy Earlier' },
      { items: [line(product.tomatoes as ProductRow, 3, { farmSource: 'Week Test Farm' })] },
    )
    const [lastWeekItem] = await shop.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, lastWeek.id))
    const staff = await admin()
    const short = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${lastWeek.id}/items/${lastWeekItem?.id}/short`,
      headers: { cookie: staff.cookie, 'idempotency-key': `week-short-${lastWeek.id}` },
      payload: { quantity: 2, reason: 'damaged' },
    })
    expect(short.statusCode, short.body).toBe(201)
    await shop.app.jobs.tick()
    expect(await harvestMail()).toEqual([])

    clock = new Date(CUTOFF.getTime() + 60_000)
    try {
      await shop.app.jobs.runDue()
      await shop.app.jobs.runDue()
      const written = await harvestMail()
      expect(written.map((row) => row.recipient).sort()).toEqual([
        'harvest@weekfarm.example',
        'milk@weekdairy.example',
      ])
      expect(written.map((row) => row.dedupeKey).sort()).toEqual(
        [`harvest:${SATURDAY}:${dairy.id}`, `harvest:${SATURDAY}:${farm.id}`].sort(),
      )
      // the day's run is recorded once, for the Jobs tab: later ticks skip the day
      const runs = await shop.database.db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.job, 'harvest_emails'))
      expect(runs.map((run) => [run.runKey, run.status, run.succeeded])).toEqual([
        [SATURDAY, 'finished', 2],
      ])
      const sent = shop.sentMail.filter((mail) => mail.to === 'harvest@weekfarm.example')
      expect(sent).toHaveLength(1)
      expect(sent[0]?.subject).toBe('Harvest list for Saturday, November 28, 2026: Week Test Farm')
      expect(sent[0]?.text).toContain('19 × Week Tomatoes (1 lb)')
      expect(sent[0]?.text).toContain('Last Saturday we were short of 2 × Week Tomatoes from you')
      const dairyMail = shop.sentMail.find((mail) => mail.to === 'milk@weekdairy.example')
      expect(dairyMail?.text).not.toContain('Last Saturday')
      expect(sent[0]?.html).toContain('Week Veggie Box')

      const harvest = await get<Harvest>(`/api/admin/week/${SATURDAY}/harvest`)
      expect(harvest.provisional).toBe(false)
      expect(harvest.producers.find((p) => p.slug === 'week-test-farm')?.lastSentAt).not.toBeNull()
      expect(harvest.producers.find((p) => p.slug === 'week-quiet-ranch')?.lastSentAt).toBeNull()
    } finally {
      clock = BEFORE_CUTOFF
    }
  })

  test('Resend writes a new e-mail each time; a producer without an address or unknown is refused', async () => {
    const caller = await admin()
    const before = (await harvestMail()).length
    for (let i = 0; i < 2; i++) {
      const response = await caller.call(
        'POST',
        `/api/admin/week/${SATURDAY}/harvest/week-test-dairy/send`,
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({
        message: 'Harvest list sent to milk@weekdairy.example',
        recipient: 'milk@weekdairy.example',
      })
    }
    const written = await harvestMail()
    expect(written).toHaveLength(before + 2)
    // sent before the cut-off, it says the numbers may change
    const resent = written.filter((row) => row.dedupeKey.includes(':sent:'))
    expect(resent.map((row) => row.subject)).toEqual([
      'Provisional harvest list for Saturday, November 28, 2026: Week Test Dairy',
      'Provisional harvest list for Saturday, November 28, 2026: Week Test Dairy',
    ])

    const noAddress = await caller.call(
      'POST',
      `/api/admin/week/${SATURDAY}/harvest/week-quiet-ranch/send`,
    )
    expect(noAddress.statusCode).toBe(400)
    expect(noAddress.json()).toEqual({
      message: 'Week Quiet Ranch has no e-mail address. Add one on the producers page first.',
    })
    const unknown = await caller.call(
      'POST',
      `/api/admin/week/${SATURDAY}/harvest/no-such-farm/send`,
    )
    expect(unknown.statusCode).toBe(404)
  })
})
