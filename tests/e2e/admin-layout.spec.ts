import type { Page } from '@playwright/test'
import { comingSaturday } from '#shared/domain/delivery.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * The admin is a workplace (docs/product.md#admin): its own compact header (the shop's name, the
 * admin's name, Back to shop, Log out) instead of the shop's menus and newsletter footer; an admin
 * who logs in lands there; every dashboard tab within reach on a phone; and the shop's account
 * menu leads an admin, and only an admin, to it. The admin is the account playwright.config.ts
 * has the shop create (ADMIN_EMAIL), named Shop Admin.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }
const ADMIN_NAME = 'Shop Admin'

/** Below the lg breakpoint the shop header's account corner lives in the menu drawer. */
const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024

async function logIn(page: Page, email: string, password: string) {
  const main = page.getByRole('main')
  await main.getByLabel('Email', { exact: true }).fill(email)
  await main.getByLabel('Password', { exact: true }).fill(password)
  await main.getByRole('button', { name: 'Log in' }).click()
}

/** The admin's frame, and none of the shop's: no category menu, menu drawer or newsletter. */
async function expectAdminFrame(page: Page) {
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Houston Farm to Door Admin' })).toHaveAttribute(
    'href',
    '/admin',
  )
  await expect(header.getByText(ADMIN_NAME, { exact: true })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Back to shop' })).toHaveAttribute('href', '/shop')
  await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible()
  await expect(page.locator('nav[aria-label="Shop by category"]')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0)
  await expect(page.getByLabel('Email address for our newsletter')).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
}

/** The shop header's account links: the user menu at desktop width, the drawer on a phone. */
async function openAccountMenu(page: Page, firstName: string) {
  if (isNarrow(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer.getByRole('link', { name: 'Profile', exact: true })).toBeVisible()
    return drawer
  }
  await page
    .getByRole('banner')
    .getByRole('button', { name: `${firstName}, your account` })
    .click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible()
  return menu
}

const adminLink = (menu: ReturnType<Page['getByRole']>, page: Page) =>
  isNarrow(page)
    ? menu.getByRole('link', { name: 'Admin', exact: true })
    : menu.getByRole('menuitem', { name: 'Admin', exact: true })

test('an admin logs in and lands in the admin, a workplace of its own, every tab in reach @phone', async ({
  page,
}) => {
  await page.goto('/login')
  await logIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expectAdminFrame(page)
  await expectAccessible(page)

  // every tab is on the screen, the last one too, and the current one is marked
  const tabs = page.getByRole('tab')
  await expect(tabs).toHaveCount(9)
  const width = page.viewportSize()?.width ?? 1280
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox()
    expect(box, await tab.innerText()).not.toBeNull()
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true)
  }
  const last = tabs.last()
  await expect(last).toHaveText('Staff')
  await last.click()
  await expect(last).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'false')
  await expect(page).toHaveURL(/\/admin\?tab=staff$/)
  await expect(page.getByRole('tabpanel', { name: 'Staff' })).toBeVisible()

  // the week's page has the same frame
  await page.goto(`/admin/week/${comingSaturday(new Date())}`)
  await expect(page.getByRole('heading', { level: 2, name: 'At a glance' })).toBeVisible()
  await expectAdminFrame(page)
  await expectAccessible(page)

  // back in the shop: its own header again, and the account menu leads back to the admin
  await page.getByRole('banner').getByRole('link', { name: 'Back to shop' }).click()
  await expect(page).toHaveURL(/\/shop$/)
  await expect(page.getByLabel('Email address for our newsletter')).toBeAttached()
  const menu = await openAccountMenu(page, 'Shop')
  await adminLink(menu, page).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expectAdminFrame(page)
})

test.describe('signed out on an admin page', () => {
  // the admin page asks who is looking: signed out, the server answers 401
  test.use({ expectedConsoleErrors: [/status of 401 .*\/api\/auth\/admin-status\)$/] })

  test('an admin sent to log in from an admin page returns to it', async ({ page }) => {
    await page.goto('/admin/producers')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentication Required')
    // the admin's frame, with no one's name in it yet
    await expect(page.getByRole('banner').getByRole('link', { name: 'Back to shop' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await page.locator('#main').getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fproducers$/)
    await logIn(page, ADMIN.email, ADMIN.password)
    await expect(page).toHaveURL(/\/admin\/producers$/)
    await expectAdminFrame(page)
  })
})

test("a customer's account menu has no Admin, and a customer who logs in lands in the shop @phone", async ({
  page,
}) => {
  const customer = {
    firstName: 'Lupe',
    lastName: 'Whitfield',
    email: `layout-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'blackberry-cobbler-3',
    phone: '(713) 555-0126',
    deliveryStreet: '811 Yale St',
    deliveryApt: '',
    deliveryCity: 'Houston',
    deliveryState: 'TX',
    deliveryZip: '77007',
  }
  const registered = await page.request.post('/api/auth/register', { data: customer })
  expect(registered.status(), await registered.text()).toBe(201)
  await page.request.post('/api/auth/logout')
  await page.goto('/login')
  await logIn(page, customer.email, customer.password)
  await expect(page).toHaveURL(/\/shop$/)
  const menu = await openAccountMenu(page, customer.firstName)
  await expect(menu.getByText('Admin', { exact: true })).toHaveCount(0)
})
