import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { routeStopPositions } from '#server/db/schema/routes.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { RouteList, RouteWithStops, WeekRoutes } from '#shared/schemas/routes.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { makeStop, signUpDriver } from '#tests/factories/route.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

const SATURDAY = '2026-12-05'
let shop: TestApp
let admin: Shopper
let customer: Shopper
let routes: RouteList

const byName = (name: string) => {
  const route = routes.routes.find((found) => found.name === name)
  if (!route) throw new Error(`no route ${name}`)
  return route
}
const week = async (saturday = SATURDAY) => {
  const response = await admin.call('GET', `/api/admin/week/${saturday}/routes`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<WeekRoutes>()
}
const namesOf = (route: { stops: Array<{ street: string }> } | undefined) =>
  route?.stops.map(({ street }) => street)

beforeAll(async () => {
  shop = await createTestApp()
  admin = await signUpAdmin(shop, 'routes-admin')
  customer = await signUp(shop, 'routes-customer')
  const response = await admin.call('GET', '/api/admin/routes')
  expect(response.statusCode, response.body).toBe(200)
  routes = response.json<RouteList>()
})
afterAll(() => shop.close())

describe('routes (docs/product.md#routes)', () => {
  test('with none saved, the service area is shared into four named routes', () => {
    expect(routes.routes.map(({ name }) => name)).toEqual([
      'Central Houston',
      'North (Spring, Humble, Conroe)',
      'West (Katy, Sugar Land, Bellaire)',
      'East and Bay (Pasadena, Baytown)',
    ])
    expect(byName('Central Houston').zips).toContain('77008')
    expect(routes.routes.every(({ driver }) => driver === null)).toBe(true)
  })

  test('a route’s name, ZIPs and driver are edited; bad ZIPs and drivers are refused', async () => {
    const east = byName('East and Bay (Pasadena, Baytown)')
    const driver = await signUpDriver(shop, 'routes-driver', 'Dana')
    const put = (body: unknown) => admin.call('PUT', `/api/admin/routes/${east.id}`, body)

    const cases: Array<[unknown, string]> = [
      [{ name: 'East', zips: ['7750'] }, '7750 is not a 5-digit ZIP code'],
      [{ name: 'East', zips: ['78701'] }, '78701 is outside the area we deliver to'],
      [{ name: 'East', zips: ['77501', '77501'] }, '77501 is listed twice'],
      [
        { name: 'East', zips: ['77501', '77008'] },
        '77008 is already in the route "Central Houston"',
      ],
      [{ name: 'East', zips: [] }, 'Please list at least one ZIP code'],
      [{ name: ' ', zips: ['77501'] }, 'Please give the route a name (at most 60 characters)'],
      [
        { name: 'East', zips: ['77501'], driverUserId: customer.userId },
        'Only a driver or an admin can be given a route',
      ],
    ]
    for (const [body, message] of cases) {
      const response = await put(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json<{ message: string }>().message).toBe(message)
    }
    const renamed = await put({ name: 'Central Houston', zips: ['77501'] })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json()).toMatchObject({ message: 'Another route already has this name' })

    const saved = await put({
      name: 'Pasadena',
      zips: ['77501', '77502'],
      driverUserId: driver.userId,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({
      name: 'Pasadena',
      zips: ['77501', '77502'],
      driver: { id: driver.userId, name: 'Dana Gonzalez', email: driver.email },
    })
    const list = (await admin.call('GET', '/api/admin/routes')).json<RouteList>()
    expect(list.drivers.map(({ id }) => id)).toEqual(
      expect.arrayContaining([driver.userId, admin.userId]),
    )
    expect(list.drivers.map(({ id }) => id)).not.toContain(customer.userId)
    routes = list
    const missing = await admin.call('PUT', `/api/admin/routes/${crypto.randomUUID()}`, {
      name: 'Nowhere',
      zips: ['77503'],
    })
    expect(missing.statusCode).toBe(404)
  })

  test('a route is added and deleted', async () => {
    const created = await admin.call('POST', '/api/admin/routes', {
      name: 'Baytown',
      zips: ['77520'],
    })
    expect(created.statusCode, created.body).toBe(201)
    const { id } = created.json<{ id: string }>()
    const deleted = await admin.call('DELETE', `/api/admin/routes/${id}`)
    expect(deleted.statusCode).toBe(200)
    expect((await admin.call('DELETE', `/api/admin/routes/${id}`)).statusCode).toBe(404)
  })
})

describe('a Saturday’s stops', () => {
  test('a day that is not a Saturday is refused naming the nearest one', async () => {
    const response = await admin.call('GET', '/api/admin/week/2026-12-03/routes')
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toBe(
      '2026-12-03 is not a delivery Saturday; the nearest is Saturday, December 5, 2026',
    )
  })

  test('orders go to the route of their ZIP in the suggested order; cancelled ones stay out', async () => {
    const user = customer.userId
    await makeStop(shop, user, SATURDAY, '90 Yale St, Houston, TX 77008')
    await makeStop(shop, user, SATURDAY, '1200 Heights Blvd, Apt 4, Houston, TX 77008')
    await makeStop(shop, user, SATURDAY, '300 Main St, Houston, TX 77002', {
      specialInstructions: 'Gate code 1234',
      customerPhone: '(713) 555-0100',
    })
    await makeStop(shop, user, SATURDAY, '15 Heights Blvd, Houston, TX 77008')
    await makeStop(shop, user, SATURDAY, '40 Elm St, Houston, TX 77008', { status: 'cancelled' })
    await makeStop(shop, user, SATURDAY, '7 Shaver St, Pasadena, TX 77506')
    await makeStop(shop, user, SATURDAY, '2 Main St, Pasadena, TX 77501')
    await makeStop(shop, user, '2026-12-12', '1 Next Week Rd, Houston, TX 77008')

    const day = await week()
    const central = day.routes.find(({ name }) => name === 'Central Houston')
    expect(namesOf(central)).toEqual([
      '300 Main St',
      '15 Heights Blvd',
      '1200 Heights Blvd, Apt 4',
      '90 Yale St',
    ])
    expect(central?.stops[0]).toMatchObject({
      city: 'Houston',
      zip: '77002',
      phone: '(713) 555-0100',
      specialInstructions: 'Gate code 1234',
      itemsCount: 3,
      deliveryStatus: 'order_placed',
    })
    expect(namesOf(day.routes.find(({ name }) => name === 'Pasadena'))).toEqual(['2 Main St'])
    // 77506 left the East route when it became Pasadena's two ZIPs
    expect(day.unassigned.map(({ street }) => street)).toEqual(['7 Shaver St'])
  })

  test('a saved order is kept; two admins reordering at once lose no stop', async () => {
    const central = (await week()).routes.find(({ name }) => name === 'Central Houston')
    if (!central) throw new Error('no central route')
    const ids = central.stops.map(({ orderId }) => orderId)
    const url = `/api/admin/week/${SATURDAY}/routes/${central.id}/stops`

    const reversed = await admin.call('PUT', url, { orderIds: [...ids].reverse() })
    expect(reversed.statusCode, reversed.body).toBe(200)
    expect(reversed.json<RouteWithStops>().stops.map(({ orderId }) => orderId)).toEqual(
      [...ids].reverse(),
    )

    // another admin loaded the page before this stop was ordered, and saves without it
    const late = await makeStop(shop, customer.userId, SATURDAY, '1 Allen Pkwy, Houston, TX 77002')
    const [first, second] = await Promise.all([
      admin.call('PUT', url, { orderIds: [ids[1], ids[0]] }),
      admin.call('PUT', url, { orderIds: [ids[3], ids[2], ids[1], ids[0]] }),
    ])
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200])
    const saved = (await week()).routes.find(({ id }) => id === central.id)
    const order = saved?.stops.map(({ orderId }) => orderId) ?? []
    expect([...order].sort()).toEqual([...ids, late.id].sort())
    expect(order).toHaveLength(5)
  })

  test('a stop that is not on the route is refused', async () => {
    const day = await week()
    const central = day.routes.find(({ name }) => name === 'Central Houston')
    const stranger = day.unassigned[0]?.orderId
    const response = await admin.call(
      'PUT',
      `/api/admin/week/${SATURDAY}/routes/${central?.id}/stops`,
      { orderIds: [stranger] },
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      message: 'One of these stops is not on this route on that Saturday',
    })
  })

  test('the CSV lists every stop with its route and number, safe for spreadsheets', async () => {
    const bay = await makeStop(shop, customer.userId, SATURDAY, '5 Bay Rd, Pasadena, TX 77502', {
      customerName: '=HYPERLINK("x")',
      specialInstructions: 'Ring twice, then wait',
    })
    const response = await admin.call('GET', `/api/admin/week/${SATURDAY}/routes.csv`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="routes-${SATURDAY}.csv"`,
    )
    const lines = response.body.trim().split('\n')
    expect(lines[0]).toBe('Name,Address,City,ZIP,Phone,Notes,Route,Stop,Orders')
    expect(lines).toHaveLength(1 + 8)
    expect(lines).toContain(
      `"'=HYPERLINK(""x"")",5 Bay Rd,Pasadena,77502,,"Ring twice, then wait",Pasadena,2,${orderNumber(bay.id)}`,
    )
    expect(lines.at(-1)).toMatch(
      /^Maria Gonzalez,7 Shaver St,Pasadena,77506,,,Unassigned,1,#[0-9A-F]{8}$/,
    )
  })
})

describe('one stop per door (docs/product.md#routes-and-deliveries)', () => {
  // a Saturday of its own: the tests above count theirs
  const DAY = '2026-12-19'
  const at = (minute: number) => new Date(Date.UTC(2026, 11, 10, 15, minute))
  const central = async () => {
    const route = (await week(DAY)).routes.find(({ name }) => name === 'Central Houston')
    if (!route) throw new Error('no central route')
    return route
  }
  let first: string
  let second: string
  let otherApt: string
  let nextDoor: string

  beforeAll(async () => {
    const user = customer.userId
    // placed second, written another way: the same door
    second = (
      await makeStop(shop, user, DAY, '2417 bagby st.,  apt. 3 , Houston, TX 77006', {
        createdAt: at(20),
        customerPhone: '(713) 555-0148',
        specialInstructions: 'Gate code 4512',
      })
    ).id
    first = (
      await makeStop(shop, user, DAY, '2417 Bagby St, Apt 3, Houston, TX 77006', {
        createdAt: at(10),
        specialInstructions: 'Gate code 4512',
      })
    ).id
    otherApt = (await makeStop(shop, user, DAY, '2417 Bagby St, Apt 4, Houston, TX 77006')).id
    nextDoor = (await makeStop(shop, user, DAY, '2419 Bagby St, Houston, TX 77006')).id
  })

  test('two orders to one address are one stop with both orders; another apartment is another stop', async () => {
    const route = await central()
    // the two apartments of 2417 are suggested in either order, then 2419
    expect(route.stops.map(({ orderId }) => orderId).sort()).toEqual(
      [first, otherApt, nextDoor].sort(),
    )
    expect(route.stops[2]?.orderId).toBe(nextDoor)
    const door = route.stops.find(({ orderId }) => orderId === first)
    const apt4 = route.stops.find(({ orderId }) => orderId === otherApt)
    expect(door).toMatchObject({
      orderId: first,
      orderNumber: orderNumber(first),
      street: '2417 Bagby St, Apt 3',
      address: '2417 Bagby St, Apt 3, Houston, TX 77006',
      // the phone the second order gave; the same instruction once; the items together
      phone: '(713) 555-0148',
      specialInstructions: 'Gate code 4512',
      itemsCount: 6,
      deliveryStatus: 'order_placed',
      paymentPending: false,
    })
    expect(door?.orders).toEqual([
      expect.objectContaining({ orderId: first, orderNumber: orderNumber(first), itemsCount: 3 }),
      expect.objectContaining({ orderId: second, orderNumber: orderNumber(second), itemsCount: 3 }),
    ])
    expect(apt4?.orders.map(({ orderId }) => orderId)).toEqual([otherApt])
  })

  test('a stop reads as far along as its least advanced order, and shows a payment pending', async () => {
    const late = await makeStop(shop, customer.userId, DAY, '2419 BAGBY ST, Houston, TX 77006', {
      specialInstructions: 'Side door',
      paymentStatus: 'payment_failed',
      deliveryStatus: 'out_for_delivery',
    })
    const patch = await admin.call('PATCH', `/api/admin/orders/${nextDoor}/delivery-status`, {
      deliveryStatus: 'delivered',
    })
    expect(patch.statusCode, patch.body).toBe(200)
    const stop = (await central()).stops.find(({ orderId }) => orderId === nextDoor)
    expect(stop).toMatchObject({
      deliveryStatus: 'out_for_delivery',
      deliveredAt: null,
      specialInstructions: 'Side door',
      paymentPending: true,
    })
    expect(stop?.orders.map(({ orderId }) => orderId)).toEqual([nextDoor, late.id])
    expect(stop?.orders.map(({ paymentPending }) => paymentPending)).toEqual([false, true])
    expect(stop?.orders.map(({ deliveryStatus }) => deliveryStatus)).toEqual([
      'delivered',
      'out_for_delivery',
    ])
  })

  test('positions are saved order by order, a door’s orders side by side', async () => {
    const route = await central()
    const url = `/api/admin/week/${DAY}/routes/${route.id}/stops`
    const positions = async () =>
      new Map(
        (
          await shop.database.db
            .select()
            .from(routeStopPositions)
            .where(inArray(routeStopPositions.orderId, [first, second, otherApt, nextDoor]))
        ).map(({ orderId, position }) => [orderId, position]),
      )

    // every order of each stop, in sequence, as the page sends them: the last stop first
    const byId = (id: string) => route.stops.find(({ orderId }) => orderId === id)
    const orderIds = [byId(nextDoor), byId(first), byId(otherApt)].flatMap(
      (stop) => stop?.orders.map(({ orderId }) => orderId) ?? [],
    )
    expect(orderIds).toHaveLength(5)
    const saved = await admin.call('PUT', url, { orderIds })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<RouteWithStops>().stops.map(({ orderId }) => orderId)).toEqual([
      nextDoor,
      first,
      otherApt,
    ])
    const afterFirst = await positions()
    expect(afterFirst.get(second)).toBe((afterFirst.get(first) ?? NaN) + 1)
    expect(afterFirst.get(otherApt)).toBe((afterFirst.get(second) ?? NaN) + 1)

    // one id of a stop (the second order's, or an older page's stop id) moves the whole stop
    const moved = await admin.call('PUT', url, { orderIds: [otherApt, second, nextDoor] })
    expect(moved.statusCode, moved.body).toBe(200)
    const stops = moved.json<RouteWithStops>().stops
    expect(stops.map(({ orderId }) => orderId)).toEqual([otherApt, first, nextDoor])
    expect(stops[1]?.orders.map(({ orderId }) => orderId)).toEqual([first, second])
    const afterMove = await positions()
    expect(afterMove.get(first)).toBe((afterMove.get(otherApt) ?? NaN) + 1)
    expect(afterMove.get(second)).toBe((afterMove.get(first) ?? NaN) + 1)
    expect((await central()).stops.map(({ orderId }) => orderId)).toEqual([
      otherApt,
      first,
      nextDoor,
    ])
  })

  test('the CSV has one row per stop, with its orders’ numbers', async () => {
    const response = await admin.call('GET', `/api/admin/week/${DAY}/routes.csv`)
    expect(response.statusCode).toBe(200)
    const lines = response.body.trim().split('\n')
    expect(lines).toHaveLength(1 + 3)
    expect(lines).toContain(
      `Maria Gonzalez,"2417 Bagby St, Apt 3",Houston,77006,(713) 555-0148,Gate code 4512,Central Houston,2,"${orderNumber(first)}, ${orderNumber(second)}"`,
    )
  })
})
