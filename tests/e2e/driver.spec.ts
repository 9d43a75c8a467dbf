import type { Browser, Page } from '@playwright/test'
import { chicagoDayOf, orderCutoffFor } from '#shared/domain/delivery.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { AdminOrder, Order } from '#shared/schemas/order.ts'
import type { PackingSlips } from '#shared/schemas/week.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import { invitationPath } from './support/invitations.ts'
import {
  linesReaching,
  placeOrder,
  setServerClock,
  shopProducts,
  signUp,
} from './support/orders.ts'

/**
 * The driver's phone view (docs/product.md#routes): the Saturday's stops as cards with the bags
 * their packing slips count, and "Delivered" taps that survive a lost connection: kept on the
 * phone, shown as not yet sent, and sent when the connection is back; a tap on the wrong stop is
 * undone for a few minutes. A driver invited by the shop (docs/product.md#staff)
 * signs in and lands on the day's deliveries of their route; admins reach the view too, and
 * the connection journeys sign in as the e2e admin, who sees every route.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

const saturdayOf = (order: Order) => chicagoDayOf(new Date(order.deliveryDate))

/** 08:00 in Houston on an order's Saturday (its delivery instant is the Saturday's 05:00) */
const saturdayMorning = (order: Order) => new Date(Date.parse(order.deliveryDate) + 3 * 60 * 60_000)

/**
 * The shop's clock to the order's Saturday at 08:00, through its week: first the minute after the
 * cut-off, when the jobs capture the cards, then Saturday. A jump straight to Saturday would find
 * a card's hold, taken a week or more before, expired at the capture, and the order, unpaid past
 * its deadline, on hold and off the driver's stops (docs/product.md#order-payments).
 */
async function toSaturdayMorning(page: Page, order: Order) {
  await setServerClock(
    page,
    new Date(orderCutoffFor(new Date(order.deliveryDate)).getTime() + 60_000),
  )
  expect((await page.request.post('/api/test/run-due-jobs')).ok()).toBe(true)
  await setServerClock(page, saturdayMorning(order))
  // and Saturday's own jobs (holding what is still unpaid) have run, as they would have by 08:00
  expect((await page.request.post('/api/test/run-due-jobs')).ok()).toBe(true)
}

let doors = 0

/**
 * The customer's delivery address to an apartment of this journey's own: the orders to one door
 * are one stop (docs/product.md#routes-and-deliveries), and every journey's customer signs up at
 * the same street.
 */
async function moveToOwnDoor(page: Page, customer: Awaited<ReturnType<typeof signUp>>) {
  doors += 1
  const { firstName, lastName, phone, deliveryStreet, deliveryCity, deliveryState, deliveryZip } =
    customer
  const apt = `Apt ${Date.now().toString(36)}-${doors}`
  const response = await page.request.patch('/api/users/profile', {
    data: {
      firstName,
      lastName,
      phone,
      deliveryStreet,
      deliveryApt: apt,
      deliveryCity,
      deliveryState,
      deliveryZip,
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  return apt
}

/**
 * A customer with two orders for the coming Saturday, placed through the checkout's calls, each
 * to a door of its own, or both to one door (one stop); then the shop's clock moves to that
 * Saturday at 08:00, since stops are marked only on their day (docs/product.md#routes). Each test
 * puts the clock back.
 */
async function customerWithOrders(browser: Browser, { toSaturday = true, oneDoor = false } = {}) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const customer = await signUp(page, 'driver-journey')
  const lines = linesReaching(await shopProducts(page), 6000)
  await moveToOwnDoor(page, customer)
  const first = await placeOrder(page, lines, 'Gate code 4512, ring twice')
  if (!oneDoor) await moveToOwnDoor(page, customer)
  const second = await placeOrder(page, lines)
  if (toSaturday) await toSaturdayMorning(page, first)
  return { page, context, orders: [first, second] as const }
}

test.afterEach(async ({ page }) => {
  await setServerClock(page, null)
})

/** A customer's order as its stop's card on the driver's page. */
const stopCard = (page: Page, order: Order) =>
  page.getByRole('listitem').filter({ hasText: `order ${orderNumber(order.id)}` })

/** The e2e admin, who sees every route, signed in on a phone-sized page. */
async function adminOnPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 })
  const login = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(login.status(), await login.text()).toBe(200)
}

/** A customer's two orders for the coming Saturday, and the e2e admin on a phone-sized page. */
async function twoStopsOnPhone(browser: Browser, page: Page, { oneDoor = false } = {}) {
  const customer = await customerWithOrders(browser, { oneDoor })
  await adminOnPhone(page)
  const [first, second] = customer.orders
  return { customer, first, second, saturday: saturdayOf(first) }
}

// one pattern: Playwright reads a two-item array here as a value and its options. Chromium logs
// a request made offline or cut off as a failed load, and the page asks the server who is
// looking (a signed-out visitor's answer is a 401)
test.use({
  expectedConsoleErrors: [
    /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|status of 401 .*\/api\/auth\/admin-status\)$/,
  ],
})

test(
  'a driver marks stops delivered at 375 px while the network goes offline and back',
  { tag: '@phone' },
  async ({ browser, page, context }) => {
    const { customer, first, second, saturday } = await twoStopsOnPhone(browser, page)

    await page.goto(`/driver/${saturday}`)
    await expect(page.getByRole('heading', { name: 'Deliveries', level: 1 })).toBeVisible()
    const card = (order: Order) => stopCard(page, order)
    await expect(card(first)).toBeVisible()
    await expect(card(first).getByText('Gate code 4512, ring twice')).toBeVisible()
    await expect(card(first).getByRole('link', { name: /2417 Bagby St/ })).toHaveAttribute(
      'href',
      /^https:\/\/maps\.google\.com\/\?q=2417%20Bagby%20St/,
    )
    await expect(card(first).getByRole('link', { name: 'Call (713) 555-0148' })).toHaveAttribute(
      'href',
      'tel:7135550148',
    )
    await expectAccessible(page)

    await context.setOffline(true)
    await card(first).getByLabel('Note for the customer (optional)').fill('Left at the side door')
    await card(first).getByRole('button', { name: 'Delivered' }).click()
    await card(second).getByRole('button', { name: 'Delivered' }).click()
    const banner = page.getByRole('status').filter({ hasText: 'not yet sent' })
    await expect(banner).toContainText('2 taps not yet sent')
    await expect(card(first)).toContainText('Delivered, not yet sent')
    await page.screenshot({ path: 'test-results/driver-offline-375.png', fullPage: true })
    // a retry while still offline keeps both taps
    await banner.getByRole('button', { name: 'Send now' }).click()
    await expect(banner).toContainText('2 taps not yet sent')
    await expectAccessible(page)

    await context.setOffline(false)
    await expect(banner).toHaveCount(0)
    await expect(card(first)).toContainText('Delivered: Left at the side door')
    await expect(card(second).getByRole('button', { name: 'Delivered' })).toHaveCount(0)
    await page.screenshot({ path: 'test-results/driver-online-375.png', fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: 'test-results/driver-online-1280.png', fullPage: true })

    // the customer sees the order delivered
    for (const order of [first, second]) {
      const seen = await customer.page.request.get(`/api/orders/${order.id}`)
      expect(((await seen.json()) as Order).deliveryStatus).toBe('delivered')
    }
    await customer.context.close()
  },
)

test(
  'a driver undoes “Delivered” on the wrong stop at 375 px, sent or not yet sent, and sees each stop’s bags',
  { tag: '@phone' },
  async ({ browser, page, context }) => {
    const { customer, first, second, saturday } = await twoStopsOnPhone(browser, page)
    // the bags each packing slip counts
    const slips = await page.request.get(`/api/admin/week/${saturday}/packing-slips`)
    expect(slips.status(), await slips.text()).toBe(200)
    const { slips: printed } = (await slips.json()) as PackingSlips
    const bagsText = (order: Order) => {
      const bags = printed.find((slip) => slip.orderId === order.id)?.bags
      if (bags === undefined) throw new Error(`no packing slip for ${order.id}`)
      return `${bags} ${bags === 1 ? 'bag' : 'bags'}`
    }
    const customerSees = async (order: Order) => {
      const seen = await customer.page.request.get(`/api/orders/${order.id}`)
      return ((await seen.json()) as Order).deliveryStatus
    }

    await page.goto(`/driver/${saturday}`)
    const card = (order: Order) => stopCard(page, order)
    await expect(card(first)).toContainText(`${bagsText(first)} · order`)
    await expect(card(second)).toContainText(`${bagsText(second)} · order`)

    // sent: the shop marks it delivered, and Undo is offered for the window
    await card(first).getByRole('button', { name: 'Delivered' }).click()
    const undoFirst = card(first).getByRole('button', { name: 'Undo' })
    await expect(undoFirst).toBeVisible()
    await expect(card(first)).toContainText(/Wrong stop\? You can undo until \d{1,2}:\d{2} [AP]M\./)
    expect(await customerSees(first)).toBe('delivered')
    await page.screenshot({ path: 'test-results/driver-undo-375.png', fullPage: true })
    await expectAccessible(page)
    await undoFirst.click()
    await expect(card(first).getByRole('button', { name: 'Delivered' })).toBeVisible()
    await expect(undoFirst).toHaveCount(0)
    expect(await customerSees(first)).not.toBe('delivered')

    // not yet sent: Undo drops the tap from the phone, and nothing reaches the shop
    await context.setOffline(true)
    await card(second).getByRole('button', { name: 'Delivered' }).click()
    await expect(card(second)).toContainText('Delivered, not yet sent')
    await expect(page.getByRole('status').filter({ hasText: '1 tap not yet sent' })).toBeVisible()
    await expectAccessible(page)
    await card(second).getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'not yet sent' })).toHaveCount(0)
    await expect(card(second).getByRole('button', { name: 'Delivered' })).toBeVisible()
    await context.setOffline(false)
    await page.reload()
    await expect(card(second).getByRole('button', { name: 'Delivered' })).toBeVisible()
    expect(await customerSees(second)).not.toBe('delivered')
    await customer.context.close()
  },
)

test(
  'a household’s two orders to one door are one stop at 375 px: one tap marks both',
  { tag: '@phone' },
  async ({ browser, page }) => {
    const { customer, first, second, saturday } = await twoStopsOnPhone(browser, page, {
      oneDoor: true,
    })
    await page.goto(`/driver/${saturday}`)
    const card = stopCard(page, first)
    await expect(card).toContainText(`order ${orderNumber(second.id)}`)
    await expect(card).toContainText('2 orders')
    await expect(card).toContainText('Marks all 2 orders delivered.')
    await expect(card.getByText('Gate code 4512, ring twice')).toBeVisible()
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/driver-one-door-375.png', fullPage: true })

    await card.getByRole('button', { name: 'Delivered' }).click()
    await expect(card.getByRole('button', { name: 'Undo' })).toBeVisible()
    // Undo shows at once, for a tap still on the phone too: the undo window shows once the shop
    // has it (on a busy machine the tap was still on its way when the orders were read)
    await expect(card).toContainText(/Wrong stop\? You can undo until \d{1,2}:\d{2} [AP]M\./)
    await expect(page.getByRole('status').filter({ hasText: 'not yet sent' })).toHaveCount(0)
    // each order is delivered, each customer's history its own
    for (const order of [first, second]) {
      const seen = await customer.page.request.get(`/api/orders/${order.id}`)
      expect(((await seen.json()) as Order).deliveryStatus).toBe('delivered')
    }
    await customer.context.close()
  },
)

test('a tap undone while on its way is undone in the shop once it has arrived', async ({
  browser,
  page,
}) => {
  const { customer, first: order, saturday } = await twoStopsOnPhone(browser, page)
  // the phone's tap is held on the way until the driver has pressed Undo
  let arrive = () => {}
  const held = new Promise<void>((resolve) => {
    arrive = resolve
  })
  await page.route('**/api/driver/stops/*/delivered', async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/driver/${saturday}`)
  const card = stopCard(page, order)
  await card.getByRole('button', { name: 'Delivered' }).click()
  await expect(card).toContainText('Delivered, not yet sent')
  await card.getByRole('button', { name: 'Undo' }).click()
  await expect(card.getByRole('button', { name: 'Delivered' })).toBeVisible()
  arrive()
  // the shop marked it delivered, then undid it, recorded in the order's history
  const history = async () => {
    const listed = await page.request.get(`/api/admin/orders?search=${order.id.slice(0, 8)}`)
    const [found] = ((await listed.json()) as { orders: AdminOrder[] }).orders
    return found?.statusHistory.map(({ fromValue, toValue }) => `${fromValue} → ${toValue}`)
  }
  await expect.poll(history).toEqual(['order_placed → delivered', 'delivered → order_placed'])
  await expect(card.getByRole('button', { name: 'Delivered' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'not yet sent' })).toHaveCount(0)
  await customer.context.close()
})

interface RouteRow {
  id: string
  name: string
  zips: string[]
  driverUserId: string | null
}

/** The e2e admin's calls, in a context of its own. */
async function adminCalls(browser: Browser) {
  const context = await browser.newContext()
  const request = context.request
  const login = await request.post('/api/auth/login', { data: ADMIN })
  expect(login.status(), await login.text()).toBe(200)
  return { request, close: () => context.close() }
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  const main = page.getByRole('main')
  await main.getByLabel('Email', { exact: true }).fill(email)
  await main.getByLabel('Password', { exact: true }).fill(password)
  await main.getByRole('button', { name: 'Log in' }).click()
}

test(
  'a driver invited by the shop signs in, lands on the day’s deliveries and marks a stop delivered',
  { tag: '@phone' },
  async ({ browser, page }) => {
    // the clock moves to the orders' Saturday once Dana has landed on the phone's Saturday
    const customer = await customerWithOrders(browser, { toSaturday: false })
    const [order] = customer.orders
    const admin = await adminCalls(browser)
    const email = `driver-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
    const password = 'a driver password 42'
    let route: RouteRow | undefined
    try {
      // the shop invites a driver; the e-mail's link makes the account
      const invited = await admin.request.post('/api/admin/staff', {
        data: { email, role: 'driver' },
      })
      expect(invited.status(), await invited.text()).toBe(201)
      expect((await admin.request.post('/api/test/run-due-jobs')).ok()).toBe(true)
      await expect.poll(() => invitationPath(email)).toBeTruthy()
      const token = (invitationPath(email) ?? '').split('/').at(-1)
      const registered = await page.request.post(`/api/invitations/${token}/register`, {
        data: {
          password,
          firstName: 'Dana',
          lastName: 'Reyes',
          phone: '(713) 555-0177',
          deliveryStreet: '700 Louisiana St',
          deliveryCity: 'Houston',
          deliveryState: 'TX',
          deliveryZip: '77002',
        },
      })
      expect(registered.status(), await registered.text()).toBe(201)
      await page.request.post('/api/auth/logout')

      // and gives Dana the route of the customer's ZIP
      const staff = (await (await admin.request.get('/api/admin/staff')).json()) as {
        staff: { userId: string; email: string }[]
      }
      const dana = staff.staff.find((member) => member.email === email)
      const { routes } = (await (await admin.request.get('/api/admin/routes')).json()) as {
        routes: RouteRow[]
      }
      const zip = /(\d{5})$/.exec(order.deliveryAddress)?.[1] ?? ''
      route = routes.find((candidate) => candidate.zips.includes(zip))
      if (!route || !dana) throw new Error(`no route for ${zip}, or no driver`)
      const assigned = await admin.request.put(`/api/admin/routes/${route.id}`, {
        data: { name: route.name, zips: route.zips, driverUserId: dana.userId },
      })
      expect(assigned.status(), await assigned.text()).toBe(200)

      // Dana signs in on a phone and lands on the deliveries
      await page.setViewportSize({ width: 375, height: 812 })
      await logIn(page, email, password)
      await expect(page).toHaveURL(/\/driver(\/\d{4}-\d{2}-\d{2})?$/)
      // left before the clock moves: from Wednesday's cut-off to Saturday the phone's Saturday is
      // the one being packed, a past Saturday once the clock is on the orders' one, and the
      // page's next fetch of it would rightly be refused
      await page.goto('about:blank')
      await toSaturdayMorning(page, order)
      await page.goto(`/driver/${saturdayOf(order)}`)
      await expect(page.getByRole('heading', { name: route.name })).toBeVisible()
      const card = stopCard(page, order)
      await card.getByRole('button', { name: 'Delivered' }).click()
      await expect(card).toContainText('Delivered')
      await expect(page.getByRole('status').filter({ hasText: 'not yet sent' })).toHaveCount(0)
      const seen = await customer.page.request.get(`/api/orders/${order.id}`)
      expect(((await seen.json()) as Order).deliveryStatus).toBe('delivered')
      // a driver reaches the driver's calls, never the admin's
      expect((await page.request.get('/api/admin/orders')).status()).toBe(403)
    } finally {
      if (route) {
        await admin.request.put(`/api/admin/routes/${route.id}`, {
          data: { name: route.name, zips: route.zips, driverUserId: route.driverUserId },
        })
      }
      await admin.close()
      await customer.context.close()
    }
  },
)

test('a tap the server never answered is still on the phone after a reload, and is sent', async ({
  browser,
  page,
}) => {
  const customer = await customerWithOrders(browser)
  const [order] = customer.orders
  await adminOnPhone(page)
  // the phone's taps are lost on the way (a weak connection)
  await page.route('**/api/driver/stops/*/delivered', (route) => route.abort('connectionreset'))
  await page.goto(`/driver/${saturdayOf(order)}`)
  const card = stopCard(page, order)
  await card.getByRole('button', { name: 'Delivered' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 tap not yet sent' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: '1 tap not yet sent' })).toBeVisible()
  await page.unroute('**/api/driver/stops/*/delivered')
  await expect(page.getByRole('status').filter({ hasText: 'not yet sent' })).toHaveCount(0, {
    timeout: 15_000,
  })
  await expect(card).toContainText('Delivered')
  await customer.context.close()
})

test('the driver’s view asks a visitor to log in and turns a customer away', async ({ page }) => {
  await page.goto('/driver/2026-11-28')
  await expect(page.getByRole('heading', { name: 'Please log in' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toBeVisible()
  await expectAccessible(page)
  await signUp(page, 'driver-customer')
  await page.goto('/driver/2026-11-28')
  await expect(page.getByRole('heading', { name: 'Drivers only' })).toBeVisible()
  await page.goto('/driver/2026-11-27')
  await expect(page.getByRole('heading', { name: 'Not a delivery Saturday' })).toBeVisible()
  await expect(page.getByText('the nearest is Saturday, November 28, 2026')).toBeVisible()
  await page.getByRole('link', { name: 'Go to the nearest Saturday' }).click()
  await expect(page).toHaveURL(/\/driver\/2026-11-28$/)
})
