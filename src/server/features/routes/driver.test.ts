import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { emailOutbox, orders, orderStatusChanges } from '#server/db/schema/index.ts'
import { deliveryOfSaturday } from '#shared/domain/delivery.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import {
  ROUTE_MESSAGES,
  type DriverDay,
  type DriverRoute,
  type DriverStop,
  type RouteList,
} from '#shared/schemas/routes.ts'
import type { PackingSlips } from '#shared/schemas/week.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { makeOrder } from '#tests/factories/order.ts'
import { makeProduct } from '#tests/factories/product.ts'
import { makeStop, signUpDriver } from '#tests/factories/route.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

const SATURDAY = '2026-12-05'
// Saturday 7:00 in Houston
const START = new Date('2026-12-05T13:00:00Z')
let clock = START
let shop: TestApp
let admin: Shopper
let customer: Shopper
let dana: Shopper
let lee: Shopper
let central: RouteList['routes'][number]
let west: RouteList['routes'][number]

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
  admin = await signUpAdmin(shop, 'driver-admin')
  customer = await signUp(shop, 'driver-customer')
  dana = await signUpDriver(shop, 'driver-dana', 'Dana')
  lee = await signUpDriver(shop, 'driver-lee', 'Lee')
  const { routes } = (await admin.call('GET', '/api/admin/routes')).json<RouteList>()
  const named = (prefix: string) => {
    const route = routes.find(({ name }) => name.startsWith(prefix))
    if (!route) throw new Error(`no route ${prefix}`)
    return route
  }
  central = named('Central')
  west = named('West')
  for (const [route, driver] of [
    [central, dana],
    [west, lee],
  ] as const) {
    const response = await admin.call('PUT', `/api/admin/routes/${route.id}`, {
      name: route.name,
      zips: route.zips,
      driverUserId: driver.userId,
    })
    expect(response.statusCode, response.body).toBe(200)
  }
  await makeStop(shop, customer.userId, SATURDAY, '1200 Heights Blvd, Houston, TX 77008')
  await makeStop(shop, customer.userId, SATURDAY, '300 Main St, Houston, TX 77002')
  await makeStop(shop, customer.userId, SATURDAY, '9 Mason Rd, Katy, TX 77494')
})
afterAll(() => shop.close())
afterEach(() => {
  clock = START
})

const outboxOf = (orderId: string, kind: string) =>
  shop.database.db
    .select({ subject: emailOutbox.subject, recipient: emailOutbox.recipient })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, kind)))

const dayOf = async (driver: Shopper) => {
  const response = await driver.call('GET', `/api/driver/${SATURDAY}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<DriverDay>()
}

describe('who reaches the driver’s view (docs/product.md#routes)', () => {
  const driverCalls = () =>
    shop.app.routeTable
      // HEAD answers as GET does, without a body
      .filter(({ url, method }) => url.startsWith('/api/driver/') && method !== 'HEAD')
      .map(({ method, url }) => ({
        method: method as 'GET' | 'POST',
        pattern: url,
        url: url.replace(':saturday', SATURDAY).replace(/:\w+/g, () => randomUUID()),
      }))

  test('every driver call answers 401 signed out and 403 to a customer', async () => {
    const calls = driverCalls()
    expect(calls.map(({ method, pattern }) => `${method} ${pattern}`)).toEqual(
      expect.arrayContaining([
        'GET /api/driver/:saturday',
        'POST /api/driver/routes/:id/out-for-delivery',
        'POST /api/driver/stops/:orderId/delivered',
        'POST /api/driver/stops/:orderId/delivered/undo',
      ]),
    )
    for (const call of calls) {
      const anonymous = await shop.app.inject({ method: call.method, url: call.url })
      expect(anonymous.statusCode, call.pattern).toBe(401)
      const refused = await customer.call(call.method, call.url)
      expect(refused.statusCode, call.pattern).toBe(403)
      expect(refused.json()).toEqual({ message: 'You do not have access to this.' })
    }
  })

  test('the session knows a driver', async () => {
    const status = await dana.call('GET', '/api/auth/admin-status')
    expect(status.json()).toEqual({ isAdmin: false, isDriver: true })
  })

  test('a driver sees their own routes; an admin sees every route', async () => {
    const mine = await dayOf(dana)
    expect(mine.routes.map(({ id }) => id)).toEqual([central.id])
    expect(mine.routes[0]?.stops.map(({ street }) => street)).toEqual([
      '300 Main St',
      '1200 Heights Blvd',
    ])
    expect((await dayOf(lee)).routes.map(({ id }) => id)).toEqual([west.id])
    expect((await dayOf(admin)).routes).toHaveLength(4)
  })

  test('a day that is not a Saturday is refused naming the nearest one', async () => {
    const response = await dana.call('GET', '/api/driver/2026-12-04')
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toBe(
      '2026-12-04 is not a delivery Saturday; the nearest is Saturday, December 5, 2026',
    )
  })
})

describe('the driver’s taps', () => {
  test('out for delivery sets every stop of the route and e-mails each customer once', async () => {
    const url = `/api/driver/routes/${central.id}/out-for-delivery`
    const first = await dana.call('POST', url, { saturday: SATURDAY })
    expect(first.statusCode, first.body).toBe(200)
    const route = first.json<DriverRoute>()
    expect(route.stops.map(({ deliveryStatus }) => deliveryStatus)).toEqual([
      'out_for_delivery',
      'out_for_delivery',
    ])
    // the retried tap (the phone lost the answer) changes nothing and sends nothing more
    expect((await dana.call('POST', url, { saturday: SATURDAY })).statusCode).toBe(200)
    for (const stop of route.stops) {
      const mails = await outboxOf(stop.orderId, 'out_for_delivery')
      expect(mails).toHaveLength(1)
      expect(mails[0]?.subject).toContain('is on its way')
    }
    // Lee's route is left alone, and Lee cannot start Dana's
    expect((await dayOf(lee)).routes[0]?.stops[0]?.deliveryStatus).toBe('order_placed')
    expect((await lee.call('POST', url, { saturday: SATURDAY })).statusCode).toBe(403)
  })

  test('delivered records the time and note, a retry changes nothing, and no e-mail goes yet', async () => {
    const [stop] = (await dayOf(dana)).routes[0]?.stops ?? []
    if (!stop) throw new Error('no stop')
    const url = `/api/driver/stops/${stop.orderId}/delivered`
    const first = await dana.call('POST', url, { note: 'Left at the side door' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json<DriverStop>()).toMatchObject({
      deliveryStatus: 'delivered',
      deliveryNote: 'Left at the side door',
      deliveredAt: '2026-12-05T13:00:00.000Z',
    })
    clock = new Date(START.getTime() + 60_000)
    const retry = await dana.call('POST', url, { note: 'Left at the side door' })
    expect(retry.statusCode).toBe(200)
    expect(retry.json<DriverStop>().deliveredAt).toBe('2026-12-05T13:00:00.000Z')
    // the customer hears of it once the undo window has passed (below), not at the tap
    expect(await outboxOf(stop.orderId, 'delivered')).toEqual([])
  })

  test('a stop the shop marked delivered stays delivered when its route goes out, with its time', async () => {
    const westStop = (await dayOf(lee)).routes[0]?.stops[0]
    if (!westStop) throw new Error('no stop')
    const marked = await admin.call(
      'PATCH',
      `/api/admin/orders/${westStop.orderId}/delivery-status`,
      {
        deliveryStatus: 'delivered',
      },
    )
    expect(marked.statusCode, marked.body).toBe(200)
    const out = await lee.call('POST', `/api/driver/routes/${west.id}/out-for-delivery`, {
      saturday: SATURDAY,
    })
    expect(out.statusCode, out.body).toBe(200)
    const [stop] = out.json<DriverRoute>().stops
    expect(stop).toMatchObject({
      orderId: westStop.orderId,
      deliveryStatus: 'delivered',
      deliveredAt: '2026-12-05T13:00:00.000Z',
    })
    expect(await outboxOf(westStop.orderId, 'out_for_delivery')).toEqual([])
    // put back for the tests after this one
    await admin.call('PATCH', `/api/admin/orders/${westStop.orderId}/delivery-status`, {
      deliveryStatus: 'order_placed',
    })
  })

  test('a driver works the Saturday in hand and the next one, never an earlier one', async () => {
    const past = '2026-11-28'
    const { id: earlier } = await makeStop(
      shop,
      customer.userId,
      past,
      '1200 Heights Blvd, Houston, TX 77008',
    )
    const refused = await dana.call('GET', `/api/driver/${past}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: ROUTE_MESSAGES.notThisWeek })
    expect((await dana.call('GET', '/api/driver/2026-12-12')).statusCode).toBe(200)
    expect((await dana.call('GET', '/api/driver/2026-12-19')).statusCode).toBe(403)
    const tap = await dana.call('POST', `/api/driver/stops/${earlier}/delivered`, {})
    expect(tap.statusCode).toBe(403)
    expect(await outboxOf(earlier, 'delivered')).toEqual([])
    const outOld = await dana.call('POST', `/api/driver/routes/${central.id}/out-for-delivery`, {
      saturday: past,
    })
    expect(outOld.statusCode).toBe(403)
    // the shop's admins see every Saturday
    expect((await admin.call('GET', `/api/driver/${past}`)).statusCode).toBe(200)
  })

  test('a driver marking a stop on another route is refused with 403', async () => {
    const westStop = (await dayOf(lee)).routes[0]?.stops[0]
    const response = await dana.call('POST', `/api/driver/stops/${westStop?.orderId}/delivered`, {})
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: 'This stop is on another driver’s route' })
    const [row] = await shop.database.db
      .select({ deliveryStatus: orders.deliveryStatus })
      .from(orders)
      .where(eq(orders.id, westStop?.orderId ?? ''))
    expect(row?.deliveryStatus).toBe('order_placed')
  })

  test('an unknown stop is 404 and a long note is refused with a message', async () => {
    const unknown = await dana.call('POST', `/api/driver/stops/${randomUUID()}/delivered`, {})
    expect(unknown.statusCode).toBe(404)
    const [stop] = (await dayOf(dana)).routes[0]?.stops ?? []
    const long = await dana.call('POST', `/api/driver/stops/${stop?.orderId}/delivered`, {
      note: 'x'.repeat(501),
    })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ message: 'Please keep the note under 500 characters' })
  })
})

describe('undoing “Delivered” (docs/product.md#routes)', () => {
  const minutesIn = (minutes: number) => new Date(START.getTime() + minutes * 60_000)
  const undoUrl = (orderId: string) => `/api/driver/stops/${orderId}/delivered/undo`
  let streetNumber = 10

  /** A new stop on Dana's route, out for delivery as her route is. */
  async function stopOutForDelivery(): Promise<string> {
    streetNumber += 1
    const { id } = await makeStop(
      shop,
      customer.userId,
      SATURDAY,
      `${streetNumber} Yale St, Houston, TX 77008`,
    )
    const out = await dana.call('POST', `/api/driver/routes/${central.id}/out-for-delivery`, {
      saturday: SATURDAY,
    })
    expect(out.statusCode, out.body).toBe(200)
    return id
  }

  const deliver = async (driver: Shopper, orderId: string, note?: string) => {
    const response = await driver.call(
      'POST',
      `/api/driver/stops/${orderId}/delivered`,
      note ? { note } : {},
    )
    expect(response.statusCode, response.body).toBe(200)
    return response.json<DriverStop>()
  }

  const stopOnDay = async (orderId: string) =>
    (await dayOf(dana)).routes
      .flatMap(({ stops }) => stops)
      .find((stop) => stop.orderId === orderId)

  const deliveredMails = (orderId: string) =>
    shop.sentMail.filter(
      ({ subject }) => subject.includes(orderNumber(orderId)) && subject.includes('was delivered'),
    )

  test('within the window the stop goes back as it was, and the customer is never told', async () => {
    const orderId = await stopOutForDelivery()
    await deliver(dana, orderId, 'Wrong house, sorry')

    clock = minutesIn(4.9)
    const undone = await dana.call('POST', undoUrl(orderId))
    expect(undone.statusCode, undone.body).toBe(200)
    const expected = { deliveryStatus: 'out_for_delivery', deliveredAt: null, deliveryNote: null }
    expect(undone.json<DriverStop>()).toMatchObject(expected)
    expect(await stopOnDay(orderId)).toMatchObject(expected)
    // recorded in the order's history like any status change: who, from, to
    const history = await shop.database.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, orderId))
      .orderBy(orderStatusChanges.createdAt)
    expect(history.at(-1)).toMatchObject({
      field: 'delivery_status',
      fromValue: 'delivered',
      toValue: 'out_for_delivery',
      changedByEmail: dana.email,
    })

    // long after the window, the tick finds nothing to tell
    clock = minutesIn(60)
    await shop.app.jobs.runDue()
    expect(await outboxOf(orderId, 'delivered')).toEqual([])
    expect(deliveredMails(orderId)).toEqual([])

    // nothing left to undo
    const again = await dana.call('POST', undoUrl(orderId))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: ROUTE_MESSAGES.notDelivered })
  })

  test('delivered again after an undo, the window and the e-mail count from the new tap', async () => {
    const orderId = await stopOutForDelivery()
    await deliver(dana, orderId)
    clock = minutesIn(1)
    expect((await dana.call('POST', undoUrl(orderId))).statusCode).toBe(200)
    clock = minutesIn(10)
    const again = await deliver(dana, orderId, 'Handed to the neighbour at 14')
    expect(again).toMatchObject({
      deliveredAt: minutesIn(10).toISOString(),
      deliveryNote: 'Handed to the neighbour at 14',
    })
    clock = minutesIn(14)
    await shop.app.jobs.runDue()
    expect(deliveredMails(orderId)).toEqual([])
    clock = minutesIn(15)
    await shop.app.jobs.runDue()
    expect(deliveredMails(orderId)).toHaveLength(1)
  })

  test('after the window an undo is refused with 409 and the stop stays delivered', async () => {
    const orderId = await stopOutForDelivery()
    await deliver(dana, orderId, 'Porch')
    clock = minutesIn(5)
    const late = await dana.call('POST', undoUrl(orderId))
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({ message: ROUTE_MESSAGES.undoTooLate })
    expect(await stopOnDay(orderId)).toMatchObject({
      deliveryStatus: 'delivered',
      deliveredAt: START.toISOString(),
      deliveryNote: 'Porch',
    })
  })

  test('another route’s driver is refused with 403; an admin may undo', async () => {
    const orderId = await stopOutForDelivery()
    await deliver(dana, orderId)
    const refused = await lee.call('POST', undoUrl(orderId))
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: ROUTE_MESSAGES.notYourRoute })
    expect((await stopOnDay(orderId))?.deliveryStatus).toBe('delivered')
    const byAdmin = await admin.call('POST', undoUrl(orderId))
    expect(byAdmin.statusCode, byAdmin.body).toBe(200)
    expect(byAdmin.json<DriverStop>().deliveryStatus).toBe('out_for_delivery')
    expect((await dana.call('POST', undoUrl(randomUUID()))).statusCode).toBe(404)
  })

  test('a kept delivery is e-mailed once when the window has passed, also by a shop that was down then', async () => {
    const orderId = await stopOutForDelivery()
    await deliver(dana, orderId)
    clock = minutesIn(4)
    await shop.app.jobs.runDue()
    expect(await outboxOf(orderId, 'delivered')).toEqual([])

    // the shop was down from minute 4 to minute 90: its first tick catches up
    clock = minutesIn(90)
    await shop.app.jobs.runDue()
    await shop.app.jobs.runDue()
    const mails = await outboxOf(orderId, 'delivered')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain('was delivered')
    // to the account's address, whatever address the order was given
    expect(mails[0]?.recipient).toBe(customer.email)
    expect(deliveredMails(orderId)).toHaveLength(1)
  })
})

describe('bags on the driver’s stops (docs/product.md#the-week)', () => {
  test('every driver read shows the bags the packing slip counts', async () => {
    const box = await makeProduct(shop.database.db, {
      name: 'Driver Test Veggie Box',
      category: 'farm-boxes',
      subcategory: 'veggie-box',
    })
    shop.catalog.invalidate()
    // one farm box and nine other items: a bag for the box, two for the items
    const { id: orderId } = await makeOrder(
      shop.database.db,
      {
        userId: customer.userId,
        deliveryDate: deliveryOfSaturday(SATURDAY),
        deliveryAddress: '88 Bagby St, Houston, TX 77002',
      },
      {
        items: [
          { productId: box.id, productName: box.name, quantity: 1 },
          { productName: 'Pasture eggs', quantity: 4 },
          { productName: 'Heirloom tomatoes', quantity: 5 },
        ],
      },
    )
    const slips = await admin.call('GET', `/api/admin/week/${SATURDAY}/packing-slips`)
    expect(slips.statusCode, slips.body).toBe(200)
    const slipBags = new Map(
      slips.json<PackingSlips>().slips.map(({ orderId: id, bags }) => [id, bags]),
    )
    expect(slipBags.get(orderId)).toBe(3)

    const day = await dayOf(dana)
    const stops = day.routes.flatMap((route) => route.stops)
    expect(stops.find((stop) => stop.orderId === orderId)).toMatchObject({
      bags: 3,
      itemsCount: 10,
    })
    for (const stop of stops) expect(stop.bags, stop.street).toBe(slipBags.get(stop.orderId))

    const out = await dana.call('POST', `/api/driver/routes/${central.id}/out-for-delivery`, {
      saturday: SATURDAY,
    })
    const outStop = out.json<DriverRoute>().stops.find((stop) => stop.orderId === orderId)
    expect(outStop?.bags).toBe(3)
    const delivered = await dana.call('POST', `/api/driver/stops/${orderId}/delivered`, {})
    expect(delivered.json<DriverStop>().bags).toBe(3)
    const undone = await dana.call('POST', `/api/driver/stops/${orderId}/delivered/undo`)
    expect(undone.json<DriverStop>().bags).toBe(3)
  })
})

describe('a driver marks only the Saturday in hand (docs/product.md#routes)', () => {
  test('next Saturday’s stop and route are read, never marked, on today’s Saturday', async () => {
    const next = '2026-12-12'
    const { id: nextStop } = await makeStop(
      shop,
      customer.userId,
      next,
      '1200 Heights Blvd, Houston, TX 77008',
    )
    // Saturday 08:00: next Saturday's stops may be read
    clock = new Date('2026-12-05T14:00:00Z')
    const later = await dana.call('GET', `/api/driver/${next}`)
    expect(later.statusCode).toBe(200)
    expect(later.json<DriverDay>().markable).toBe(false)
    expect((await dayOf(dana)).markable).toBe(true)
    for (const caller of [dana, admin]) {
      const tap = await caller.call('POST', `/api/driver/stops/${nextStop}/delivered`, {})
      expect(tap.statusCode).toBe(403)
      expect(tap.json()).toEqual({ message: ROUTE_MESSAGES.notToday })
      const undo = await caller.call('POST', `/api/driver/stops/${nextStop}/delivered/undo`)
      expect(undo.statusCode).toBe(403)
      const out = await caller.call('POST', `/api/driver/routes/${central.id}/out-for-delivery`, {
        saturday: next,
      })
      expect(out.statusCode).toBe(403)
      expect(out.json()).toEqual({ message: ROUTE_MESSAGES.notToday })
    }
    const [row] = await shop.database.db
      .select({ deliveryStatus: orders.deliveryStatus })
      .from(orders)
      .where(eq(orders.id, nextStop))
    expect(row?.deliveryStatus).toBe('order_placed')
  })

  test('on the Friday before, even this Saturday’s stops are not marked yet', async () => {
    const stop = (await dayOf(dana)).routes[0]?.stops[0]
    clock = new Date('2026-12-04T20:00:00Z')
    const tap = await dana.call('POST', `/api/driver/stops/${stop?.orderId}/delivered`, {})
    expect(tap.statusCode).toBe(403)
  })
})

describe('an order on hold (docs/product.md#order-payments)', () => {
  test('is on no route and no driver’s day, and every mark of it is 409', async () => {
    const { id: held } = await makeStop(
      shop,
      customer.userId,
      SATURDAY,
      '500 Main St, Houston, TX 77002',
      { status: 'on_hold', paymentStatus: 'payment_failed', heldAt: new Date() },
    )
    const stops = (await dayOf(admin)).routes.flatMap((route) => route.stops)
    expect(stops.map(({ orderId }) => orderId)).not.toContain(held)
    const routes = await admin.call('GET', `/api/admin/week/${SATURDAY}/routes`)
    expect(routes.body).not.toContain(held)
    for (const caller of [dana, admin]) {
      const tap = await caller.call('POST', `/api/driver/stops/${held}/delivered`, {})
      expect(tap.statusCode).toBe(409)
      expect(tap.json()).toEqual({ message: ROUTE_MESSAGES.onHold })
      const undo = await caller.call('POST', `/api/driver/stops/${held}/delivered/undo`)
      expect(undo.statusCode).toBe(409)
    }
    await dana.call('POST', `/api/driver/routes/${central.id}/out-for-delivery`, {
      saturday: SATURDAY,
    })
    const [row] = await shop.database.db
      .select({ deliveryStatus: orders.deliveryStatus })
      .from(orders)
      .where(eq(orders.id, held))
    expect(row?.deliveryStatus).toBe('order_placed')
    expect(await outboxOf(held, 'out_for_delivery')).toEqual([])
  })
})

describe('one stop per door (docs/product.md#routes-and-deliveries)', () => {
  const minutesIn = (minutes: number) => new Date(START.getTime() + minutes * 60_000)
  const statusOf = async (orderId: string) => {
    const [row] = await shop.database.db
      .select({ deliveryStatus: orders.deliveryStatus, deliveryNote: orders.deliveryNote })
      .from(orders)
      .where(eq(orders.id, orderId))
    return row
  }

  test('a household’s two orders are one stop: one tap marks both, each with its own history and e-mail', async () => {
    const door = '410 W 19th St, Apt 2, Houston, TX 77008'
    const { id: first } = await makeStop(shop, customer.userId, SATURDAY, door, {
      createdAt: new Date('2026-11-30T15:00:00Z'),
    })
    const { id: second } = await makeStop(
      shop,
      customer.userId,
      SATURDAY,
      '410 West 19th Street, apt. 2, Houston, TX 77008',
      { createdAt: new Date('2026-11-30T16:00:00Z'), specialInstructions: 'Two boxes' },
    )
    const { id: upstairs } = await makeStop(
      shop,
      customer.userId,
      SATURDAY,
      '410 W 19th St, Apt 3, Houston, TX 77008',
    )
    // unpaid at the deadline: not packed, so on no stop and never marked with its door
    const { id: held } = await makeStop(shop, customer.userId, SATURDAY, door, {
      status: 'on_hold',
      paymentStatus: 'payment_failed',
      heldAt: new Date(),
    })

    const stops = (await dayOf(dana)).routes[0]?.stops ?? []
    const stop = stops.find(({ orderId }) => orderId === first)
    expect(stop?.orders.map(({ orderId }) => orderId)).toEqual([first, second])
    expect(stop?.specialInstructions).toBe('Two boxes')
    expect(stop?.itemsCount).toBe(6)
    // the bags of both packing slips
    const slips = await admin.call('GET', `/api/admin/week/${SATURDAY}/packing-slips`)
    const slipBags = new Map(
      slips.json<PackingSlips>().slips.map(({ orderId, bags }) => [orderId, bags]),
    )
    expect(stop?.orders.map(({ bags }) => bags)).toEqual([
      slipBags.get(first),
      slipBags.get(second),
    ])
    expect(stop?.bags).toBe((slipBags.get(first) ?? NaN) + (slipBags.get(second) ?? NaN))
    expect(stops.find(({ orderId }) => orderId === upstairs)?.orders).toHaveLength(1)
    expect(JSON.stringify(stops)).not.toContain(held)

    // out for delivery: each order, each customer e-mail once
    const out = await dana.call('POST', `/api/driver/routes/${central.id}/out-for-delivery`, {
      saturday: SATURDAY,
    })
    expect(out.statusCode, out.body).toBe(200)
    for (const orderId of [first, second]) {
      expect(await outboxOf(orderId, 'out_for_delivery')).toHaveLength(1)
    }

    // a tap with either order's id marks the stop: both orders, with the time and the note
    const tapped = await dana.call('POST', `/api/driver/stops/${second}/delivered`, {
      note: 'Both boxes on the porch',
    })
    expect(tapped.statusCode, tapped.body).toBe(200)
    const marked = tapped.json<DriverStop>()
    expect(marked).toMatchObject({
      orderId: first,
      deliveryStatus: 'delivered',
      deliveredAt: START.toISOString(),
      deliveryNote: 'Both boxes on the porch',
    })
    expect(marked.orders.map(({ deliveryStatus }) => deliveryStatus)).toEqual([
      'delivered',
      'delivered',
    ])
    expect(marked.bags).toBe(stop?.bags)
    for (const orderId of [first, second]) {
      const history = await shop.database.db
        .select()
        .from(orderStatusChanges)
        .where(eq(orderStatusChanges.orderId, orderId))
        .orderBy(orderStatusChanges.createdAt)
      expect(history.at(-1), orderId).toMatchObject({
        field: 'delivery_status',
        fromValue: 'out_for_delivery',
        toValue: 'delivered',
        changedByEmail: dana.email,
      })
    }
    expect((await statusOf(upstairs))?.deliveryStatus).toBe('out_for_delivery')
    expect((await statusOf(held))?.deliveryStatus).toBe('order_placed')

    // the undo undoes the stop: both orders
    clock = minutesIn(1)
    const undone = await dana.call('POST', `/api/driver/stops/${first}/delivered/undo`)
    expect(undone.statusCode, undone.body).toBe(200)
    expect(undone.json<DriverStop>().orders.map(({ deliveryStatus }) => deliveryStatus)).toEqual([
      'out_for_delivery',
      'out_for_delivery',
    ])
    expect(await statusOf(second)).toEqual({
      deliveryStatus: 'out_for_delivery',
      deliveryNote: null,
    })

    // delivered again, and once the window has passed each customer is told of their order once
    clock = minutesIn(2)
    expect((await dana.call('POST', `/api/driver/stops/${first}/delivered`, {})).statusCode).toBe(
      200,
    )
    clock = minutesIn(8)
    await shop.app.jobs.runDue()
    await shop.app.jobs.runDue()
    for (const orderId of [first, second]) {
      expect(await outboxOf(orderId, 'delivered'), orderId).toHaveLength(1)
    }
    expect(await outboxOf(held, 'delivered')).toEqual([])
  })
})
