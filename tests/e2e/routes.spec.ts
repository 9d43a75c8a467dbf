import { chicagoDayOf, comingSaturday } from '#shared/domain/delivery.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import { linesReaching, placeOrder, shopProducts, signUp } from './support/orders.ts'

/**
 * The admin's Saturday routes (docs/product.md#routes): the stops of each route in order, a
 * household's two orders to one door as one stop, reordered with the keyboard's buttons and
 * saved, a route renamed, and the printed route sheet without the site's header, footer or
 * buttons.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

const saturdayOf = (order: Order) => chicagoDayOf(new Date(order.deliveryDate))

/**
 * The shopper's delivery address to an apartment of this journey's own: every journey's customer
 * signs up at the same street, and the orders to one door are one stop.
 */
async function moveTo(page: Page, customer: Awaited<ReturnType<typeof signUp>>, apt: string) {
  const { firstName, lastName, phone, deliveryStreet, deliveryCity, deliveryState, deliveryZip } =
    customer
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
}

test('an admin reorders a route’s stops, renames the route and prints its sheet', async ({
  browser,
  page,
}) => {
  const shopper = await (await browser.newContext()).newPage()
  const customer = await signUp(shopper, 'routes-journey')
  const lines = linesReaching(await shopProducts(shopper), 6000)
  const apt = `Apt ${Date.now().toString(36)}`
  // two orders to one door (checked out twice), and one upstairs
  await moveTo(shopper, customer, apt)
  const orders = [await placeOrder(shopper, lines), await placeOrder(shopper, lines)]
  await moveTo(shopper, customer, `${apt}-9`)
  orders.push(await placeOrder(shopper, lines))
  const saturday = saturdayOf(orders[0] as Order)
  const numbers = orders.map((order) => orderNumber(order.id))
  const items = lines.reduce((sum, { quantity }) => sum + quantity, 0)

  expect((await page.request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200)
  // Central Houston as it was, put back whatever happens: the journeys after this one use it
  const { routes: before } = (await (await page.request.get('/api/admin/routes')).json()) as {
    routes: { id: string; name: string; zips: string[]; driverUserId: string | null }[]
  }
  const central0 = before.find((route) => route.name === 'Central Houston')
  if (!central0) throw new Error('no Central Houston route')
  try {
    await page.goto('/admin')
    await page.getByRole('link', { name: 'Saturday routes' }).click()
    // the link opens the Saturday being worked on; after its cut-off, new orders go a week later
    const working = comingSaturday(new Date())
    await expect(page).toHaveURL(new RegExp(`/admin/week/${working}/routes$`))
    if (working !== saturday) await page.getByRole('link', { name: 'Week after' }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/week/${saturday}/routes$`))
    const central = page.getByRole('region', { name: 'Central Houston' })
    const stops = central.getByRole('listitem')
    const mine = stops.filter({ hasText: /#[0-9A-F]{8}/ })
    // one stop for the door, with both orders and their items together
    const door = mine.filter({ hasText: numbers[0] as string })
    await expect(door).toBeVisible()
    await expect(door).toContainText(`2 orders: ${numbers[0]} (${items} items), ${numbers[1]}`)
    await expect(door).toContainText(`· ${items * 2} items ·`)
    await expect(mine.filter({ hasText: numbers[2] as string })).not.toContainText(
      numbers[0] as string,
    )
    await expectAccessible(page)

    // move the first stop down: the order is saved and comes back after a reload
    const firstNumber = (await stops.first().textContent())?.match(/#[0-9A-F]{8}/)?.[0] ?? ''
    expect(firstNumber).not.toBe('')
    await stops.first().getByRole('button', { name: /down$/ }).click()
    await expect(stops.nth(1)).toContainText(firstNumber)
    await expect(stops.first()).not.toContainText(firstNumber)
    await page.reload()
    const reloaded = page.getByRole('region', { name: 'Central Houston' }).getByRole('listitem')
    await expect(reloaded.nth(1)).toContainText(firstNumber)

    await page.getByRole('button', { name: /Edit route.*Central Houston/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit route' })
    await dialog.getByLabel('ZIP codes (separated by commas or spaces)').fill('77006, 78701')
    await dialog.getByRole('button', { name: 'Save route' }).click()
    await expect(dialog.getByText('78701 is outside the area we deliver to')).toBeVisible()
    await dialog.getByLabel('Name').fill('Montrose and Midtown')
    await dialog.getByLabel('ZIP codes (separated by commas or spaces)').fill('77006')
    await dialog.getByRole('button', { name: 'Save route' }).click()
    await expect(dialog).toHaveCount(0)
    const renamed = page.getByRole('region', { name: 'Montrose and Midtown' })
    // the stops whose order was saved stay on the renamed route (other journeys' orders may be there too)
    for (const number of numbers) {
      await expect(renamed.getByRole('listitem').filter({ hasText: number })).toBeVisible()
    }
    await page.screenshot({ path: 'test-results/routes-1280.png', fullPage: true })

    await page.emulateMedia({ media: 'print' })
    await expect(page.locator('header').first()).toBeHidden()
    await expect(page.locator('footer').first()).toBeHidden()
    await expect(page.getByRole('button', { name: 'Print route sheets' })).toBeHidden()
    await expect(renamed.getByRole('button', { name: /down$/ }).first()).toBeHidden()
    await page.screenshot({ path: 'test-results/routes-print.png', fullPage: true })
    await page.emulateMedia({ media: 'screen' })

    await page.setViewportSize({ width: 375, height: 812 })
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/routes-375.png', fullPage: true })

    // put the route back as the shop starts it, for the journeys after this one
    await page.getByRole('button', { name: /Edit route.*Montrose and Midtown/ }).click()
    await dialog.getByLabel('Name').fill('Central Houston')
    const zips = Array.from({ length: 99 }, (_, index) => String(77001 + index))
      .concat(Array.from({ length: 99 }, (_, index) => String(77201 + index)))
      .join(' ')
    await dialog.getByLabel('ZIP codes (separated by commas or spaces)').fill(zips)
    await dialog.getByRole('button', { name: 'Save route' }).click()
    await expect(dialog).toHaveCount(0)
  } finally {
    await page.request.put(`/api/admin/routes/${central0.id}`, {
      data: { name: central0.name, zips: central0.zips, driverUserId: central0.driverUserId },
    })
  }
})
