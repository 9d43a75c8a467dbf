import type { Browser, Page } from '@playwright/test'
import { decimalToCents } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Product } from '#shared/schemas/product.ts'
import { openBoxBuilder } from './support/box-builder.ts'
import { expectDialogFits } from './support/dialog-fits.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import { linesReaching, placeOrder, shopProducts, signUp } from './support/orders.ts'

/**
 * Every dialog, drawer and panel a shopper or the staff can open fits a phone's screen: none is
 * wider than the screen, and nothing in one sticks out of it sideways or is cut off
 * (docs/product.md#pages). The whole file runs once, at a phone's size: untagged, so only the
 * desktop project runs it, with the phone's screen given here.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

async function products(page: Page, query = ''): Promise<Product[]> {
  return (await (await page.request.get(`/api/products${query}`)).json()) as Product[]
}

/** The in-stock product (no box) with the longest name: the hardest to fit. */
async function longestNamed(page: Page): Promise<Product> {
  const inStock = (await shopProducts(page)).sort((a, b) => b.name.length - a.name.length)
  if (!inStock[0]) throw new Error('no product in stock')
  return inStock[0]
}

test('the box builder fits, empty, part-filled and full', async ({ page }) => {
  const { builder } = await openBoxBuilder(page)
  await expect(builder.getByRole('list', { name: 'Products for your box' })).toBeVisible()
  await expectDialogFits(page, builder)
  await expectAccessible(page)

  const add = builder.getByRole('button', { name: /^(Choose|One more) / })
  for (let chosen = 1; chosen <= 7; chosen += 1) {
    await add.nth(chosen % 3).click()
    if (chosen === 3) await expectDialogFits(page, builder)
  }
  await expect(builder.getByText('7 of 7 items selected')).toBeVisible()
  await expectDialogFits(page, builder)
})

test('the basket drawer, the menu drawer and its ZIP answers fit', async ({ page }) => {
  const product = await longestNamed(page)
  await page.goto('/about')
  await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), {
    id: product.id,
    name: product.name,
    priceCents: decimalToCents(product.price),
    quantity: 2,
    image: product.imageUrl ?? '/illustrations/placeholder-product.svg',
    category: product.category,
    farmSource: product.farmSource,
    description: product.description,
  })
  await page.reload()
  await page.getByRole('button', { name: 'Open cart, 1 product' }).click()
  const cart = page.getByRole('dialog', { name: 'Your Cart' })
  await expect(cart.getByRole('list', { name: 'Items in your cart' })).toContainText(product.name)
  await expectDialogFits(page, cart)
  await cart.getByRole('button', { name: /^My Orders/ }).click()
  const orders = page.getByRole('dialog', { name: 'My Orders' })
  await expectDialogFits(page, orders)
  await page.keyboard.press('Escape')
  await expect(orders).toBeHidden()

  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await menu.getByRole('button', { name: 'Produce' }).click()
  await expectDialogFits(page, menu)
  await expectAccessible(page)

  const zip = menu.getByLabel('Please enter your zip to check delivery')
  await zip.fill('78701')
  await zip.press('Enter')
  const sorry = page.getByRole('dialog', { name: 'Sorry!' })
  await expect(
    sorry.getByRole('region', { name: 'Tell me when you deliver to 78701' }),
  ).toBeVisible()
  await expectDialogFits(page, sorry)
  await expectAccessible(page)
  await sorry.getByRole('button', { name: 'Close' }).first().click()
  await expect(sorry).toBeHidden()

  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click()
  await menu.getByLabel('Please enter your zip to check delivery').fill('77005')
  await menu.getByLabel('Please enter your zip to check delivery').press('Enter')
  const yes = page.getByRole('dialog', { name: 'Great News!' })
  await expect(yes).toContainText('We deliver to 77005!')
  await expectDialogFits(page, yes)
})

test('the filter drawer and the header search fit', async ({ page }) => {
  await page.goto('/shop')
  await page.getByRole('button', { name: /^Filters/ }).click()
  const filters = page.getByRole('dialog', { name: 'Filters' })
  await expect(filters.getByRole('checkbox').first()).toBeVisible()
  await expectDialogFits(page, filters)
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(filters).toBeHidden()

  const toggle = page.getByRole('button', { name: 'Search products' })
  await toggle.click()
  await page.getByRole('searchbox', { name: 'Search products and farms' }).fill('farm')
  await expect(
    page.getByRole('banner').getByRole('list', { name: 'Products' }).getByRole('link'),
  ).toHaveCount(5)
  const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`)
  await expectDialogFits(page, panel)
  await expectAccessible(page)
})

test('the waitlist dialog and its thanks fit', async ({ page }) => {
  // the thanks without a sign-up: the server's limit on sign-ups is not this test's business
  await page.route('**/api/waitlist-emails', (route) =>
    route.fulfill({ status: 201, json: { message: 'Joined' } }),
  )
  await page.goto('/')
  await page.getByRole('button', { name: 'Launching Fall 2025' }).click()
  const dialog = page.getByRole('dialog', { name: 'Join the Waitlist' })
  await expectDialogFits(page, dialog)
  await expectAccessible(page)
  await dialog.getByLabel('Email address').fill('fits@example.com')
  await dialog.getByRole('button', { name: 'Join the Waitlist' }).click()
  const joined = page.getByRole('dialog', { name: "You're on the waitlist!" })
  await expectDialogFits(page, joined)
  await expectAccessible(page)
})

test("a product's SUBSCRIBE dialog fits", async ({ page }) => {
  const product = await longestNamed(page)
  await page.goto(`/product/${product.id}`)
  await page.getByRole('button', { name: 'SUBSCRIBE', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Weekly subscriptions are coming' })
  await expect(dialog.getByRole('textbox')).toBeVisible()
  await expectDialogFits(page, dialog)
  await expectAccessible(page)
})

test("the contact form's success dialog fits", async ({ page }) => {
  await page.route('**/api/contact-messages', (route) =>
    route.fulfill({ status: 201, json: { id: crypto.randomUUID() } }),
  )
  await page.goto('/contact')
  const main = page.getByRole('main')
  await main.getByLabel('First name', { exact: true }).fill('Rosa')
  await main.getByLabel('Last name', { exact: true }).fill('Delgado')
  await main.getByLabel('Email', { exact: true }).fill('fits@example.com')
  await main.getByLabel('Message', { exact: true }).fill('Does the Saturday box come with eggs?')
  await main.getByRole('button', { name: 'Send Message' }).click()
  const modal = page.getByRole('dialog', { name: 'Message Sent Successfully!' })
  await expectDialogFits(page, modal)
  await expectAccessible(page)
})

test("a customer's order page: the box builder and the cancel confirmation fit", async ({
  page,
}) => {
  await signUp(page, 'fits')
  const order = await placeOrder(page, linesReaching(await shopProducts(page), 7000))
  const box = (await products(page, '?category=farm-boxes')).find((p) => p.inStock)!

  await page.goto(`/orders/${order.id}`)
  const form = page.getByRole('main').getByRole('form', { name: 'Change this order' })
  await form.getByLabel('Find a product to add').fill(box.name)
  await form.getByRole('button', { name: `Add ${box.name}` }).click()
  await form.getByRole('button', { name: `Choose the items in ${box.name}` }).click()
  const builder = page.getByRole('dialog', { name: `Build your ${box.name}` })
  await expect(builder.getByRole('list', { name: 'Products for your box' })).toBeVisible()
  await builder
    .getByRole('button', { name: /^Choose / })
    .first()
    .click()
  await expectDialogFits(page, builder)
  await expectAccessible(page)
  await builder.getByRole('button', { name: 'Cancel' }).click()
  await expect(builder).toBeHidden()

  await page
    .getByRole('main')
    .getByRole('complementary', { name: 'Order summary' })
    .getByRole('button', { name: 'Cancel order' })
    .click()
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' })
  await expectDialogFits(page, confirm)
  await expectAccessible(page)
})

/** A customer's order, placed in a browser context of their own. */
async function customerOrder(browser: Browser) {
  const context = await browser.newContext()
  const customer = await context.newPage()
  await signUp(customer, 'fits-staff')
  const order = await placeOrder(customer, linesReaching(await shopProducts(customer), 7000))
  await context.close()
  return order
}

test("the staff's dialogs fit: a product's Add and Edit, an order's cancel", async ({
  page,
  browser,
}) => {
  const order = await customerOrder(browser)
  const signIn = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(signIn.status(), await signIn.text()).toBe(200)

  await page.goto('/admin/products')
  await page.getByRole('button', { name: 'Add Product' }).click()
  const add = page.getByRole('dialog', { name: 'Add Product' })
  // with every field's message showing
  await add.getByRole('button', { name: 'Add Product' }).click()
  await expect(add.getByText('Product name is required', { exact: true })).toBeVisible()
  await expectDialogFits(page, add)
  await expectAccessible(page)
  await add.getByRole('button', { name: 'Cancel' }).click()
  await expect(add).toBeHidden()

  const product = await longestNamed(page)
  await page.getByRole('searchbox', { name: 'Search by name or farm' }).fill(product.name)
  await page.getByRole('button', { name: `Edit ${product.name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Product' })
  await expect(edit.getByLabel('Name')).toHaveValue(product.name)
  await expectDialogFits(page, edit)
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await expect(edit).toBeHidden()

  await page.goto('/admin')
  const card = page.getByRole('article').filter({ hasText: orderNumber(order.id) })
  await card.getByRole('button', { expanded: false }).click()
  await card.getByRole('button', { name: 'Cancel Order' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Cancel order ${orderNumber(order.id)}?` })
  await expectDialogFits(page, confirm)
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Keep Order' }).click()
  await expect(confirm).toBeHidden()
})
