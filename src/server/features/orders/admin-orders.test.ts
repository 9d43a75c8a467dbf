import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  couponRedemptions,
  coupons,
  orderItems,
  orders,
  orderStatusChanges,
} from '#server/db/schema/index.ts'
import { AdminOrderPageSchema, AdminOrderSchema, type AdminOrder } from '#shared/schemas/order.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { basketOver, createIntent } from '#tests/setup/shopper.ts'
import { makeOrder } from '#tests/factories/order.ts'

// Tuesday 10:00 in Houston: orders placed now are delivered Saturday Nov 28, 5:00 AM CST
let clock = new Date('2026-11-24T16:00:00Z')
const THIS_SATURDAY = '2026-11-28'
let shop: TestApp
let admin: Shopper
let customer: Shopper

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
  admin = await signUpAdmin(shop, 'orders-admin')
  customer = await signUp(shop, 'orders-customer')
})
afterAll(() => shop.close())

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', zip: '77008' }

/** A real order: priced, paid with the demo provider and placed, as the checkout page does. */
async function placeOrder(shopper: Shopper, promoCode?: string) {
  const intent = await createIntent(shopper, await basketOver(shop), promoCode)
  const paid = await shopper.call(
    'POST',
    `/api/demo-payments/${intent.paymentIntentId}/confirm`,
    CARD,
  )
  expect(paid.json()).toEqual({ status: 'requires_capture' })
  const placed = await shopper.call('POST', '/api/orders', {
    paymentIntentId: intent.paymentIntentId,
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return {
    ...placed.json<{ id: string; items: unknown[] }>(),
    paymentIntentId: intent.paymentIntentId,
  }
}

/** An order of the test's customer written directly, older than any placed through checkout. */
const insertOrder = (values: Partial<typeof orders.$inferInsert> & { deliveryDate: Date }) =>
  makeOrder(shop.database.db, {
    userId: customer.userId,
    customerEmail: customer.email,
    createdAt: new Date('2020-01-01T00:00:00Z'),
    ...values,
  })

async function listOrders(query: string, caller = admin) {
  const response = await caller.call('GET', `/api/admin/orders?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return AdminOrderPageSchema.parse(response.json())
}

const idsOf = (list: { id: string }[]) => list.map((order) => order.id)

describe('GET /api/admin/orders', () => {
  test('newest first, each order with its customer id, items and status history', async () => {
    const first = await placeOrder(customer)
    const second = await placeOrder(customer)
    const changed = await admin.call('PATCH', `/api/admin/orders/${first.id}/status`, {
      status: 'confirmed',
    })
    expect(changed.statusCode, changed.body).toBe(200)

    const response = await admin.call('GET', '/api/admin/orders')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const page = AdminOrderPageSchema.parse(response.json())
    expect(page).toMatchObject({ page: 1, pageSize: 20 })
    expect(idsOf(page.orders).slice(0, 2)).toEqual([second.id, first.id])
    const listed = page.orders[1] as AdminOrder
    expect(listed).toMatchObject({
      userId: customer.userId,
      customerEmail: customer.email,
      status: 'confirmed',
      deliveryStatus: 'order_placed',
      deliveryDate: '2026-11-28T11:00:00.000Z',
    })
    expect(listed.items).toHaveLength(first.items.length)
    expect(listed.items.every((item) => item.orderId === first.id)).toBe(true)
    expect(listed.statusHistory).toMatchObject([
      { field: 'status', fromValue: 'pending', toValue: 'confirmed', changedByEmail: admin.email },
    ])
    expect(page.orders[0]?.statusHistory).toEqual([])
  })

  test('a delivery day is a Houston calendar day, not a UTC one', async () => {
    const chicago = (iso: string) => new Date(iso)
    const inside = [
      await insertOrder({ deliveryDate: chicago('2027-03-06T00:00:00-06:00') }),
      await insertOrder({ deliveryDate: chicago('2027-03-06T05:00:00-06:00') }),
      // 05:30 UTC on Sunday, still Saturday evening in Houston
      await insertOrder({ deliveryDate: chicago('2027-03-06T23:30:00-06:00') }),
    ]
    // Friday evening in Houston is already Saturday in UTC; next Saturday is another day
    await insertOrder({ deliveryDate: chicago('2027-03-05T23:30:00-06:00') })
    await insertOrder({ deliveryDate: chicago('2027-03-07T00:00:00-06:00') })
    await insertOrder({ deliveryDate: chicago('2027-03-13T05:00:00-06:00') })

    const page = await listOrders('deliveryDate=2027-03-06')
    expect(page.totalCount).toBe(3)
    expect(idsOf(page.orders).sort()).toEqual(idsOf(inside).sort())
  })

  test('orders placed through checkout are found on their Saturday, not on the next one', async () => {
    const thisWeek = await placeOrder(customer)
    const start = clock
    clock = new Date('2026-12-01T16:00:00Z') // the Tuesday after: delivered Saturday Dec 5
    try {
      const nextWeek = await placeOrder(customer)
      // an admin session ends after 30 idle minutes: a new one, so the file's admin stays valid
      const lateAdmin = await signUpAdmin(shop, 'late-admin')
      const saturday = await listOrders(`deliveryDate=${THIS_SATURDAY}&pageSize=100`, lateAdmin)
      expect(idsOf(saturday.orders)).toContain(thisWeek.id)
      expect(idsOf(saturday.orders)).not.toContain(nextWeek.id)
      expect(new Set(saturday.orders.map((order) => order.deliveryDate))).toEqual(
        new Set(['2026-11-28T11:00:00.000Z']),
      )
      expect(idsOf((await listOrders('deliveryDate=2026-12-05', lateAdmin)).orders)).toEqual([
        nextWeek.id,
      ])
    } finally {
      clock = start
    }
  })

  test('filters by status and by delivery status, alone or together', async () => {
    const day = new Date('2027-04-03T05:00:00-05:00')
    const confirmedPreparing = await insertOrder({
      deliveryDate: day,
      status: 'confirmed',
      deliveryStatus: 'preparing',
    })
    const confirmedDelivered = await insertOrder({
      deliveryDate: day,
      status: 'confirmed',
      deliveryStatus: 'delivered',
    })
    const cancelledPreparing = await insertOrder({
      deliveryDate: day,
      status: 'cancelled',
      deliveryStatus: 'preparing',
    })
    await insertOrder({ deliveryDate: day })

    const byStatus = await listOrders('deliveryDate=2027-04-03&status=confirmed')
    expect(idsOf(byStatus.orders).sort()).toEqual(
      idsOf([confirmedPreparing, confirmedDelivered]).sort(),
    )
    const byDelivery = await listOrders('deliveryDate=2027-04-03&deliveryStatus=preparing')
    expect(idsOf(byDelivery.orders).sort()).toEqual(
      idsOf([confirmedPreparing, cancelledPreparing]).sort(),
    )
    const both = await listOrders(
      'deliveryDate=2027-04-03&status=confirmed&deliveryStatus=preparing',
    )
    expect(both).toMatchObject({ totalCount: 1, orders: [{ id: confirmedPreparing.id }] })
    const everywhere = await listOrders('status=cancelled&pageSize=100')
    expect(everywhere.orders.every((order) => order.status === 'cancelled')).toBe(true)
    expect(idsOf(everywhere.orders)).toContain(cancelledPreparing.id)
  })

  test('search finds an order by its number, the customer name, e-mail or phone; paymentStatus filters', async () => {
    const day = new Date('2027-06-05T05:00:00-05:00')
    const marisol = await insertOrder({
      deliveryDate: day,
      customerName: 'Marisol Quintanilla',
      customerEmail: 'marisol.q@example.com',
      customerPhone: '(713) 555-0142',
      paymentStatus: 'payment_failed',
    })
    const other = await insertOrder({
      deliveryDate: day,
      customerName: 'Dewayne Okafor',
      customerEmail: 'dokafor@example.org',
      customerPhone: '281-555-0199',
    })
    const found = async (search: string, extra = '') =>
      idsOf((await listOrders(`search=${encodeURIComponent(search)}${extra}`)).orders)

    // the order number customers read: the first 8 characters of its id, any case
    expect(await found(marisol.id.slice(0, 8))).toEqual([marisol.id])
    expect(await found(`#${marisol.id.slice(0, 8).toUpperCase()}`)).toEqual([marisol.id])
    expect(await found('quintanilla')).toEqual([marisol.id])
    expect(await found('MARISOL.Q@EXAMPLE')).toEqual([marisol.id])
    // a phone however it is typed: digits only are compared
    expect(await found('7135550142')).toEqual([marisol.id])
    expect(await found('713-555-0142')).toEqual([marisol.id])
    expect(await found('dokafor')).toEqual([other.id])
    // LIKE's wildcards are plain text
    expect(await found('%')).toEqual([])
    expect(await found('_')).toEqual([])

    const failed = await listOrders('deliveryDate=2027-06-05&paymentStatus=payment_failed')
    expect(idsOf(failed.orders)).toEqual([marisol.id])
    expect(await found('example', '&paymentStatus=authorized&deliveryDate=2027-06-05')).toEqual([
      other.id,
    ])
    // each row says which Saturday it is delivered on
    expect(failed.orders[0]?.deliveryDate).toBe(day.toISOString())
  })

  test('pages: the total over all pages, and each page holds the next orders', async () => {
    const day = new Date('2027-05-01T05:00:00-05:00')
    const inserted = []
    for (let index = 0; index < 25; index++) {
      inserted.push(
        await insertOrder({
          deliveryDate: day,
          // two orders per instant: the id decides between them
          createdAt: new Date(Date.UTC(2021, 0, 1, 0, Math.floor(index / 2))),
        }),
      )
    }
    const newestFirst = [...inserted].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    )

    const second = await listOrders('deliveryDate=2027-05-01&pageSize=10&page=2')
    expect(second).toMatchObject({ totalCount: 25, page: 2, pageSize: 10 })
    expect(idsOf(second.orders)).toEqual(idsOf(newestFirst.slice(10, 20)))
    const last = await listOrders('deliveryDate=2027-05-01&pageSize=10&page=3')
    expect(idsOf(last.orders)).toEqual(idsOf(newestFirst.slice(20)))
    const beyond = await listOrders('deliveryDate=2027-05-01&pageSize=10&page=4')
    expect(beyond).toMatchObject({ totalCount: 25, orders: [] })
  })

  test('the number of queries does not grow with the page size', async () => {
    const day = new Date('2027-05-08T05:00:00-05:00')
    for (let index = 0; index < 12; index++) {
      await makeOrder(
        shop.database.db,
        { userId: customer.userId, deliveryDate: day, createdAt: new Date('2020-01-01T00:00:00Z') },
        { items: [{}], statusChanges: [{ changedByEmail: admin.email }] },
      )
    }
    const queries = vi.spyOn(shop.database.pool, 'query')
    try {
      const countFor = async (pageSize: number) => {
        queries.mockClear()
        const page = await listOrders(`deliveryDate=2027-05-08&pageSize=${pageSize}`)
        expect(page.orders).toHaveLength(pageSize)
        expect(page.orders.every((order) => order.items.length === 1)).toBe(true)
        expect(page.orders.every((order) => order.statusHistory.length === 1)).toBe(true)
        return queries.mock.calls.length
      }
      const small = await countFor(1)
      expect(small).toBeGreaterThan(0)
      expect(await countFor(12)).toBe(small)
    } finally {
      queries.mockRestore()
    }
  })

  test.each([
    ['pageSize=0', 'pageSize', 'Page size must be at least 1'],
    ['pageSize=101', 'pageSize', 'Page size must be at most 100'],
    ['pageSize=ten', 'pageSize', 'Page size must be a number'],
    ['page=0', 'page', 'Page must be at least 1'],
    ['deliveryDate=2026-02-30', 'deliveryDate', 'Use a real calendar date'],
    ['deliveryDate=28/11/2026', 'deliveryDate', 'Use a date like 2026-11-28'],
    // days Chicago's clock cannot name (before 1883) or whose end falls in year 10000
    ['deliveryDate=1800-01-01', 'deliveryDate', 'Use a date from 2000 to 2100'],
    ['deliveryDate=9999-12-31', 'deliveryDate', 'Use a date from 2000 to 2100'],
    [
      'status=shipped',
      'status',
      'Status must be one of: pending, confirmed, completed, cancelled, on_hold',
    ],
    [
      'deliveryStatus=lost',
      'deliveryStatus',
      'Delivery status must be one of: order_placed, preparing, out_for_delivery, delivered',
    ],
    [
      'paymentStatus=paid',
      'paymentStatus',
      'Payment status must be one of: authorized, captured, payment_failed, voided, refunded, partially_refunded',
    ],
    [`search=${'x'.repeat(101)}`, 'search', 'Search text is too long'],
    ['sort=total', 'sort', 'Unknown field "sort"'],
  ])('a bad query (%s) answers 400 naming the field', async (query, field, message) => {
    const response = await admin.call('GET', `/api/admin/orders?${query}`)
    expect(response.statusCode).toBe(400)
    expect(response.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      [field]: message,
    })
  })

  test('a customer is refused', async () => {
    expect((await customer.call('GET', '/api/admin/orders')).statusCode).toBe(403)
  })
})

describe('PATCH /api/admin/orders/:id/status and /delivery-status', () => {
  test('a change is made and recorded (who, from, to); the same value records nothing', async () => {
    const order = await placeOrder(customer)
    const url = `/api/admin/orders/${order.id}/status`
    const changed = await admin.call('PATCH', url, { status: 'cancelled' })
    expect(changed.statusCode, changed.body).toBe(200)
    const body = AdminOrderSchema.parse(changed.json())
    expect(body).toMatchObject({ id: order.id, status: 'cancelled', userId: customer.userId })
    expect(body.items).toHaveLength(order.items.length)
    expect(body.statusHistory).toMatchObject([
      { field: 'status', fromValue: 'pending', toValue: 'cancelled', changedByEmail: admin.email },
    ])

    const again = await admin.call('PATCH', url, { status: 'cancelled' })
    expect(again.statusCode).toBe(200)
    expect(again.json<AdminOrder>().statusHistory).toHaveLength(1)
    expect(again.json<AdminOrder>().updatedAt).toBe(body.updatedAt)

    const delivery = await admin.call('PATCH', `/api/admin/orders/${order.id}/delivery-status`, {
      deliveryStatus: 'preparing',
    })
    expect(delivery.statusCode).toBe(200)
    expect(delivery.json<AdminOrder>()).toMatchObject({
      status: 'cancelled',
      deliveryStatus: 'preparing',
      statusHistory: [
        { field: 'status', toValue: 'cancelled' },
        { field: 'delivery_status', fromValue: 'order_placed', toValue: 'preparing' },
      ],
    })
    const rows = await shop.database.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order.id))
    expect(rows.map((row) => row.changedBy)).toEqual([admin.userId, admin.userId])
  })

  test('the customer sees a new delivery status at once', async () => {
    const order = await placeOrder(customer)
    const before = await customer.call('GET', '/api/orders/my-orders')
    expect(before.json<AdminOrder[]>().find((o) => o.id === order.id)?.deliveryStatus).toBe(
      'order_placed',
    )
    const changed = await admin.call('PATCH', `/api/admin/orders/${order.id}/delivery-status`, {
      deliveryStatus: 'out_for_delivery',
    })
    expect(changed.statusCode).toBe(200)
    for (const path of ['/api/orders/my-orders', '/api/orders']) {
      const after = await customer.call('GET', path)
      expect(after.headers['cache-control']).toBe('no-store')
      expect(after.json<AdminOrder[]>().find((o) => o.id === order.id)?.deliveryStatus).toBe(
        'out_for_delivery',
      )
    }
  })

  test.each([
    ['status', { status: 'shipped' }, 'status'],
    ['status', { status: 'confirmed', deliveryStatus: 'preparing' }, 'deliveryStatus'],
    ['status', {}, 'status'],
    ['delivery-status', { deliveryStatus: 'lost' }, 'deliveryStatus'],
    ['delivery-status', { status: 'confirmed' }, 'status'],
  ])('PATCH %s with %j answers 400 and changes nothing', async (path, payload, field) => {
    const [order] = await shop.database.db.select().from(orders).limit(1)
    if (!order) throw new Error('no order to change')
    const response = await admin.call('PATCH', `/api/admin/orders/${order.id}/${path}`, payload)
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field)
    const [after] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(after).toEqual(order)
  })

  test('an unknown order: 404 "Order not found"; an id that is not a UUID: 400', async () => {
    for (const [path, payload] of [
      ['status', { status: 'confirmed' }],
      ['delivery-status', { deliveryStatus: 'delivered' }],
    ] as const) {
      const missing = await admin.call(
        'PATCH',
        `/api/admin/orders/${randomUUID()}/${path}`,
        payload,
      )
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ message: 'Order not found' })
      const malformed = await admin.call('PATCH', `/api/admin/orders/42/${path}`, payload)
      expect(malformed.statusCode).toBe(400)
    }
  })
})

describe('DELETE /api/admin/orders/:id', () => {
  test('deletes the order with its items and history, and gives the coupon use back', async () => {
    const shopper = await signUp(shop, 'deleted-order')
    const order = await placeOrder(shopper, 'WELCOME10')
    await admin.call('PATCH', `/api/admin/orders/${order.id}/status`, { status: 'confirmed' })
    const welcome = async () =>
      (await shop.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10')))[0]
    const redeemedBefore = (await welcome())?.timesRedeemed ?? 0
    expect(redeemedBefore).toBeGreaterThan(0)
    await shop.app.jobs.runDue()
    const mailsBefore = shop.sentMail.filter((mail) => mail.to === shopper.email).length

    const deleted = await admin.call('DELETE', `/api/admin/orders/${order.id}`)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toEqual({ message: 'Order deleted' })
    expect((await welcome())?.timesRedeemed).toBe(redeemedBefore - 1)
    const db = shop.database.db
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual([])
    expect(
      await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id)),
    ).toEqual([])
    expect(
      await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id)),
    ).toEqual([])
    expect(idsOf((await listOrders('pageSize=100')).orders)).not.toContain(order.id)
    expect((await shopper.call('GET', '/api/orders/my-orders')).json()).toEqual([])

    const twice = await admin.call('DELETE', `/api/admin/orders/${order.id}`)
    expect(twice.statusCode).toBe(404)
    expect(twice.json()).toEqual({ message: 'Order not found' })

    // the payment is still paid: replaying the browser's call or the webhook makes nothing
    const replayed = await shopper.call('POST', '/api/orders', {
      paymentIntentId: order.paymentIntentId,
    })
    expect(replayed.statusCode).toBe(404)
    expect(replayed.json()).toEqual({ message: 'Order not found' })
    await shop.app.checkout.handlePaymentEvent({
      type: 'succeeded',
      paymentId: order.paymentIntentId,
    })
    expect(
      await db.select().from(orders).where(eq(orders.paymentIntentId, order.paymentIntentId)),
    ).toEqual([])
    expect((await welcome())?.timesRedeemed).toBe(redeemedBefore - 1)
    await shop.app.jobs.runDue()
    expect(shop.sentMail.filter((mail) => mail.to === shopper.email)).toHaveLength(mailsBefore)
  })

  test("a coupon's count never goes below zero", async () => {
    const db = shop.database.db
    const [coupon] = await db
      .insert(coupons)
      .values({ code: `ZERO${Date.now()}`, amountOff: '5.00' })
      .returning()
    if (!coupon) throw new Error('coupon not inserted')
    const order = await insertOrder({ deliveryDate: new Date('2027-06-05T05:00:00-05:00') })
    await db.insert(couponRedemptions).values({
      couponId: coupon.id,
      orderId: order.id,
      userId: customer.userId,
      discountAmount: '5.00',
    })
    expect((await admin.call('DELETE', `/api/admin/orders/${order.id}`)).statusCode).toBe(200)
    const [after] = await db.select().from(coupons).where(eq(coupons.id, coupon.id))
    expect(after?.timesRedeemed).toBe(0)
    expect(
      await db
        .select()
        .from(orders)
        .where(inArray(orders.id, [order.id])),
    ).toEqual([])
  })

  test('an unknown order: 404; an id that is not a UUID: 400', async () => {
    const missing = await admin.call('DELETE', `/api/admin/orders/${randomUUID()}`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Order not found' })
    expect((await admin.call('DELETE', '/api/admin/orders/not-an-id')).statusCode).toBe(400)
  })
})
