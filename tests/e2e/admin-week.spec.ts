import type { Page } from '@playwright/test'
import { chicagoDayOf, comingSaturday, formatDeliveryDateLong } from '#shared/domain/delivery.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import { placeOrder, shopProducts, signUp } from './support/orders.ts'

/**
 * The week (docs/product.md#the-week): an admin opens the Saturday of a new order, reads its
 * harvest lists, pick list and packing, opens the printable packing slips, marks the order
 * packed, and prints: on paper only the slips show, without the admin's header or buttons.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(response.status(), await response.text()).toBe(200)
}

test('the week page and the printable packing slips @phone', async ({ page, browser }) => {
  // a customer's order, placed in a browser context of their own
  const customer = await browser.newContext()
  const shopper = await customer.newPage()
  await signUp(shopper, 'week-customer')
  const [first, second] = await shopProducts(shopper)
  if (!first || !second) throw new Error('the demo catalogue has too few products')
  // eight of the cheapest, and enough of the next to pass the minimum order
  const secondQuantity = Math.max(
    1,
    Math.ceil((6_000 - 8 * decimalToCents(first.price)) / decimalToCents(second.price)),
  )
  const order = await placeOrder(
    shopper,
    [
      { product: first, quantity: 8 },
      { product: second, quantity: secondQuantity },
    ],
    'Gate code 4471, leave it on the bench.',
  )
  // eight items to a bag (docs/product.md#the-week)
  const bags = Math.ceil((8 + secondQuantity) / 8)
  await customer.close()
  const saturday = chicagoDayOf(new Date(order.deliveryDate))
  const number = orderNumber(order.id)

  await signInAsAdmin(page)
  // the dashboard's tab opens the Saturday the shop is working towards
  await page.goto('/admin')
  await page.getByRole('tab', { name: 'This week' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/week/${comingSaturday(new Date())}$`))

  await page.goto(`/admin/week/${saturday}`)
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: formatDeliveryDateLong(new Date(order.deliveryDate)),
    }),
  ).toBeVisible()
  await expect(page.getByText(/^Provisional: orders stay open/)).toBeVisible()
  const harvest = page.getByRole('region', { name: 'Harvest lists' })
  await expect(harvest.getByRole('heading', { name: first.farmSource })).toBeVisible()
  await expect(harvest.getByRole('cell', { name: first.name, exact: true }).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Pick list' })).toBeVisible()
  const packing = page.getByRole('region', { name: 'Packing' })
  await expect(packing.getByText(`${number} · Marisol Okafor`)).toBeVisible()
  await expectAccessible(page)

  // printed, the week page is its harvest lists alone, one producer per page
  await page.emulateMedia({ media: 'print' })
  await expect(harvest.getByRole('article').first()).toBeVisible()
  await expect(harvest.getByRole('article').first()).toHaveCSS('break-after', 'page')
  await expect(page.getByRole('region', { name: 'Pick list' })).toBeHidden()
  await expect(page.getByRole('region', { name: 'At a glance' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print harvest lists' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })

  // a weekday in the address names the nearest Saturday
  await page.goto('/admin/week/2026-11-26')
  await expect(
    page.getByText(
      '2026-11-26 is not a delivery Saturday; the nearest is Saturday, November 28, 2026.',
    ),
  ).toBeVisible()

  await page.goto(`/admin/week/${saturday}/packing-slips`)
  const slip = page.getByRole('article', { name: `Order ${number}` })
  await expect(slip).toBeVisible()
  await expect(slip.getByText('Gate code 4471, leave it on the bench.')).toBeVisible()
  await expect(slip.getByText(`${bags} bags`)).toBeVisible()
  await expect(slip.getByRole('checkbox')).toHaveCount(2)
  await expectAccessible(page)

  await slip.getByRole('button', { name: `Mark packed: order ${number}` }).click()
  await expect(slip.getByText('Packed', { exact: true })).toBeVisible()

  // the admin's own header, and no shop footer at all (docs/product.md#admin)
  const adminHeader = page.getByRole('banner')
  await expect(adminHeader.getByRole('link', { name: 'Back to shop' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await page.emulateMedia({ media: 'print' })
  await expect(slip).toBeVisible()
  await expect(adminHeader).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print packing slips' })).toBeHidden()
  await expect(page.getByRole('link', { name: 'Back to the week' })).toBeHidden()
})
