import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { formatDeliveryDate } from '#shared/domain/delivery.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * The admin area (docs/product.md#admin): who may see
 * it, and an admin's journeys through products (with an uploaded image), orders, the e-mail
 * lists and coupons, each checked from the shop's side too. The admin is the account that
 * playwright.config.ts has the shop create at start (ADMIN_EMAIL). Sign-in and registration
 * share a limit of 30 calls a minute per IP, so each test makes as few as it can.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

function makeCustomer(tag: string) {
  return {
    firstName: 'Lupe',
    lastName: 'Whitfield',
    email: uniqueEmail(tag),
    password: 'blackberry-cobbler-3',
    phone: '(713) 555-0126',
    deliveryStreet: '811 Yale St',
    deliveryApt: '',
    deliveryCity: 'Houston',
    deliveryState: 'TX',
    deliveryZip: '77007',
  }
}

/** signs the page's own cookie jar in, so the page is that user */
async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(response.status(), await response.text()).toBe(200)
}

async function registerIn(request: APIRequestContext, tag: string) {
  const customer = makeCustomer(tag)
  const response = await request.post('/api/auth/register', { data: customer })
  expect(response.status(), await response.text()).toBe(201)
  return customer
}

/** A paid order for the request context's signed-in customer, through the demo provider's API. */
async function placeOrder(request: APIRequestContext, promoCode?: string) {
  const catalogue = (await (await request.get('/api/products?limit=40')).json()) as Product[]
  const items = catalogue
    .filter((product) => product.inStock && product.category !== 'farm-boxes')
    .slice(0, 3)
    .map((product) => ({
      id: product.id,
      name: product.name,
      price: product.price,
      quantity: 8,
    }))
  const basket = { items, ...(promoCode ? { promoCode } : {}) }
  const quote = await request.post('/api/create-payment-intent', {
    data: { amount: 0, ...basket },
  })
  expect(quote.status(), await quote.text()).toBe(409)
  const amount = ((await quote.json()) as { totals: { total: string } }).totals.total
  const intent = await request.post('/api/create-payment-intent', { data: { amount, ...basket } })
  expect(intent.status(), await intent.text()).toBe(200)
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string }
  const confirm = await request.post(`/api/demo-payments/${paymentIntentId}/confirm`, {
    data: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', zip: '77007' },
  })
  expect(((await confirm.json()) as { status: string }).status).toBe('requires_capture')
  const order = await request.post('/api/orders', { data: { paymentIntentId } })
  expect(order.status(), await order.text()).toBe(201)
  return (await order.json()) as {
    id: string
    total: string
    discountAmount: string
    customerEmail: string
    deliveryDate: string
  }
}

/** A customer in a browser context of their own, signed in, beside the admin's page. */
async function customerPage(browser: Browser, tag: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  // the page's own context: its session cookies are the browser's
  await registerIn(page.request, tag)
  return page
}

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ })

test.describe('who may see the admin area', { tag: '@phone' }, () => {
  // the pages ask the server who is looking; a signed-out visitor's answer is a 401
  test.use({ expectedConsoleErrors: [/status of 401 .*\/api\/auth\/admin-status\)$/] })

  test('a signed-out visitor is asked to sign in, on /admin and its pages', async ({ page }) => {
    for (const path of ['/admin', '/admin/products', '/admin/producers']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentication Required')
      await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/')
    }
    await expectAccessible(page)
    await page.locator('#main').getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fproducers$/)
  })

  test('a signed-in customer sees Admin Access Required, and the API refuses them too', async ({
    page,
  }) => {
    await registerIn(page.request, 'not-admin')
    for (const path of ['/admin', '/admin/products', '/admin/producers']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Access Required')
    }
    await expectAccessible(page)
    const orders = await page.request.get('/api/admin/orders')
    expect(orders.status()).toBe(403)
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})

test.describe('an admin at work', () => {
  // the product journey uploads a text file on purpose; the server refuses it with 415
  test.use({ expectedConsoleErrors: [/status of 415 .*\/api\/uploads\//] })

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('creates a product with an uploaded image, finds it in the shop, edits its price, deletes it', async ({
    page,
  }) => {
    const name = `Test Kitchen Salsa ${Date.now()}`
    await page.goto('/admin/products')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products')
    await page.getByRole('button', { name: 'Add Product' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Product' })

    // every required field says what it needs (docs/product.md#admin)
    await dialog.getByRole('button', { name: 'Add Product' }).click()
    for (const message of [
      'Product name is required',
      'Invalid price format',
      'Category is required',
      'Farm source is required',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible()
    }
    await expect(dialog.getByRole('combobox', { name: /^Subcategory/ })).toBeDisabled()

    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Price ($)').fill('0')
    await dialog.getByRole('button', { name: 'Add Product' }).click()
    await expect(dialog.getByText('Price must be greater than 0')).toBeVisible()
    await dialog.getByLabel('Price ($)').fill('7.25')
    await dialog.getByLabel(/^Weight\/Qty/).fill('16 oz')
    await dialog.getByRole('combobox', { name: 'Category', exact: true }).click()
    await page.getByRole('option', { name: 'Pantry' }).click()
    await expect(dialog.getByRole('combobox', { name: /^Subcategory/ })).toBeEnabled()
    await dialog.getByRole('combobox', { name: 'Farm Source' }).click()
    await page.getByRole('option', { name: 'Atkinson Farms', exact: true }).click()
    await dialog.getByLabel('Local').check()

    // the bytes decide: a text file calling itself a PNG is refused by the server (415)
    await dialog.getByLabel('Image file').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are not the bytes of an image'),
    })
    await expect(page.getByText('Invalid file type', { exact: true }).first()).toBeVisible()
    await expect(page.getByText('Please select an image file.').first()).toBeVisible()

    const png = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#b8432b' },
    })
      .png()
      .toBuffer()
    await dialog
      .getByLabel('Image file')
      .setInputFiles({ name: 'salsa.png', mimeType: 'image/png', buffer: png })
    // (the open dialog hides the rest of the page, toasts included, from the accessibility tree)
    await expect(page.getByText('Image uploaded', { exact: true }).first()).toBeVisible()
    await expect(dialog.getByLabel(/^Image/).and(page.getByRole('textbox'))).toHaveValue(
      /^\/uploads\/[0-9a-f-]{36}\.webp$/,
    )
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Add Product' }).click()
    await expect(toasts(page).getByText('Product created')).toBeVisible()
    await expect(dialog).toBeHidden()

    // in the shop at once, with the uploaded picture
    const found = (await (
      await page.request.get(`/api/products?search=${encodeURIComponent(name)}`)
    ).json()) as Product[]
    expect(found).toHaveLength(1)
    const product = found[0] as Product
    await page.goto(`/product/${product.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.getByText('$7.25').first()).toBeVisible()
    const picture = page.getByRole('img', { name }).first()
    await expect(picture).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}\.webp$/)
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)

    // a new price shows in the shop as soon as it is saved
    await page.goto('/admin/products')
    await page.getByRole('searchbox', { name: 'Search by name or farm' }).fill(name)
    await expect(page.getByRole('row')).toHaveCount(2)
    await page.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Product' })
    await expect(edit.getByLabel('Name')).toHaveValue(name)
    await edit.getByLabel('Price ($)').fill('8.5')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toasts(page).getByText('Product updated')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('$8.50')
    await page.goto(`/product/${product.id}`)
    await expect(page.getByText('$8.50').first()).toBeVisible()

    // and deleted, after a confirmation naming it
    await page.goto('/admin/products')
    await page.getByRole('searchbox', { name: 'Search by name or farm' }).fill(name)
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText(
      `Are you sure you want to delete "${name}"? This action cannot be undone.`,
    )
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(toasts(page).getByText('Product deleted')).toBeVisible()
    await expect(page.getByText('No products found')).toBeVisible()
    expect((await page.request.get(`/api/products/${product.id}`)).status()).toBe(404)
  })

  test("changes an order's delivery status, and the customer's deliveries page follows", async ({
    page,
    browser,
  }) => {
    const customer = await customerPage(browser, 'delivery-watcher')
    const order = await placeOrder(customer.request)

    await page.goto('/admin')
    const card = page.getByRole('article').filter({ hasText: orderNumber(order.id) })
    await card.getByRole('button', { expanded: false }).click()
    await expect(card).toContainText('Lupe Whitfield')
    await expect(card).toContainText('5:00 AM – 5:00 PM')
    await expectAccessible(page)

    await card.getByRole('combobox', { name: 'Delivery status' }).click()
    await page.getByRole('option', { name: 'Being Prepared' }).click()
    await expect(toasts(page).getByText('Delivery Status Updated')).toBeVisible()
    await expect(toasts(page)).toContainText('Delivery status has been updated successfully.')
    // staff read the customer's words for where the delivery is
    const history = card.getByRole('list', { name: 'Order history' })
    await expect(history).toContainText('Order Confirmed → Being Prepared')
    await expect(history).toContainText(ADMIN.email)

    await card.getByRole('combobox', { name: 'Order status' }).click()
    await page.getByRole('option', { name: 'Confirmed' }).click()
    await expect(toasts(page).getByText('Status Updated', { exact: true })).toBeVisible()
    await expect(card.getByRole('button', { expanded: true })).toContainText('Status: Confirmed')

    await customer.goto('/delivery')
    const progress = customer.getByRole('progressbar', { name: 'Delivery progress' }).first()
    await expect(progress).toHaveAttribute('aria-valuetext', 'Being Prepared')
    await expect(progress).toHaveAttribute('aria-valuenow', '33')

    // Delete Order asks first; Cancel keeps the order
    await card.getByRole('button', { name: 'Delete Order' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete Order' })
    await expect(confirm).toContainText(
      'Are you sure you want to delete this order? This action cannot be undone.',
    )
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(card).toBeVisible()
    await customer.context().close()
  })

  test('finds an order by its number or e-mail, sees its Saturday, and narrows by payment', async ({
    page,
    browser,
  }) => {
    const customer = await customerPage(browser, 'order-finder')
    const order = await placeOrder(customer.request)
    const number = orderNumber(order.id)

    await page.goto('/admin')
    const search = page.getByRole('searchbox', { name: 'Find an order' })
    const orders = page.getByRole('list', { name: 'Orders' }).getByRole('article')
    await search.fill(number.toLowerCase())
    await expect(orders).toHaveCount(1)
    await expect(orders.first()).toContainText(number)
    await expect(orders.first()).toContainText(
      `For ${formatDeliveryDate(new Date(order.deliveryDate))}`,
    )

    await search.fill(order.customerEmail.toUpperCase())
    await expect(orders).toHaveCount(1)
    await expect(orders.first()).toContainText(number)

    // the order's card is authorized: no failed payment among this customer's orders
    await page.getByRole('combobox', { name: 'Payment', exact: true }).click()
    await page.getByRole('option', { name: 'Payment failed' }).click()
    await expect(page.getByText('No matching orders')).toBeVisible()
    await expectAccessible(page)
    // Clear empties the search at once: the last typed text is not sent again after it
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/orders')) asked.push(request.url())
    })
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(search).toHaveValue('')
    await page.waitForTimeout(600)
    expect(asked.filter((url) => url.includes('search='))).toEqual([])
    await expect(orders.filter({ hasText: number })).toHaveCount(1)
    await customer.context().close()
  })

  test('downloads the e-mail CSV with both lists in it', async ({ page }) => {
    const newsletter = uniqueEmail('csv-news')
    const waitlist = uniqueEmail('csv-wait')
    expect(
      (await page.request.post('/api/newsletter-emails', { data: { email: newsletter } })).ok(),
    ).toBe(true)
    expect(
      (
        await page.request.post('/api/waitlist-emails', {
          data: { email: waitlist, zipCode: '80202' },
        })
      ).ok(),
    ).toBe(true)

    await page.goto('/admin?tab=emails')
    await expect(page.getByRole('region', { name: 'Newsletter e-mails' })).toContainText(newsletter)
    await expect(page.getByRole('region', { name: 'Waitlist e-mails' })).toContainText(waitlist)
    await expectAccessible(page)

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^emails-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile(await download.path(), 'utf8')
    const lines = csv.trim().split(/\r?\n/)
    expect(lines[0]).toBe('Email,Type,Date,ZIP')
    expect(lines.find((line) => line.startsWith(`${newsletter},`))).toMatch(/,Newsletter,/)
    expect(lines.find((line) => line.startsWith(`${waitlist},`))).toMatch(/,Waitlist,/)
  })

  test('creates a coupon that a customer then uses, and sees it redeemed', async ({
    page,
    browser,
  }) => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`
    await page.goto('/admin?tab=coupons')
    await page.getByRole('button', { name: 'New Coupon' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Coupon' })
    await dialog.getByLabel('Code').fill(code.toLowerCase())
    await dialog.getByLabel('Percent off').fill('15')
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Create Coupon' }).click()
    await expect(toasts(page).getByText('Coupon created')).toBeVisible()
    const card = page.getByRole('article', { name: code })
    await expect(card).toContainText('15% off')
    await expect(card).toContainText('Redeemed0 (no limit)')

    // the customer applies it in the basket, then pays with it
    const customer = await customerPage(browser, 'coupon-user')
    const catalogue = (await (
      await customer.request.get('/api/products?category=dairy-eggs')
    ).json()) as Product[]
    const product = catalogue.find((candidate) => candidate.inStock) as Product
    await customer.addInitScript(
      (basket) => {
        if (!localStorage.getItem('cart')) localStorage.setItem('cart', basket)
      },
      JSON.stringify([
        {
          id: product.id,
          name: product.name,
          priceCents: decimalToCents(product.price),
          quantity: 1,
          image: product.imageUrl ?? '/illustrations/placeholder-product.svg',
          category: product.category,
          farmSource: product.farmSource,
          description: product.description,
        },
      ]),
    )
    await customer.goto('/?cart=open')
    const cart = customer.getByRole('dialog', { name: 'Your Cart' })
    await cart.getByLabel('Promo code').fill(code.toLowerCase())
    await cart.getByRole('button', { name: 'Apply' }).click()
    await expect(cart.getByText(code, { exact: true })).toBeVisible()
    const order = await placeOrder(customer.request, code)
    expect(Number(order.discountAmount)).toBeGreaterThan(0)

    await page.reload()
    await expect(page.getByRole('article', { name: code })).toContainText('Redeemed1 (no limit)')

    // deactivated, it no longer applies
    await page
      .getByRole('article', { name: code })
      .getByRole('button', { name: 'Deactivate' })
      .click()
    await expect(toasts(page).getByText('Coupon deactivated')).toBeVisible()
    await cart.getByRole('button', { name: `Remove code ${code}` }).click()
    await cart.getByLabel('Promo code').fill(code)
    await cart.getByRole('button', { name: 'Apply' }).click()
    await expect(cart.getByRole('alert')).toHaveText('This coupon is no longer active')
    await customer.context().close()
  })
})

test.describe('an admin and the producers', () => {
  // deleting a producer that still has a product is refused on purpose (409)
  test.use({ expectedConsoleErrors: [/status of 409 .*\/api\/admin\/producers\//] })

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test(
    'the producers page: a card each on a phone, a table row each on a desktop',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/admin/producers')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Producers')
      const atkinson = page.getByRole('row', { name: /Atkinson Farms/ })
      await expect(atkinson).toContainText('atkinson.harvest@example.com')
      await expect(atkinson).toContainText('Active')
      await expect(
        atkinson.getByRole('link', { name: "/producer/atkinson-farms, Atkinson Farms's page" }),
      ).toHaveAttribute('href', '/producer/atkinson-farms')
      await expect(page.getByRole('columnheader', { name: 'Harvest e-mail' })).toBeVisible({
        visible: (page.viewportSize()?.width ?? 0) >= 1024,
      })
      await expectAccessible(page)
    },
  )

  test('creates a producer with a logo, sees its page, gives it a product, and cannot delete it while it has one', async ({
    page,
  }) => {
    const name = `Meadowlark Farm ${Date.now().toString(36)}`
    const slug = name.toLowerCase().replace(/\s+/g, '-')
    await page.goto('/admin')
    await page.getByRole('tab', { name: 'Producers' }).click()
    await page.getByRole('link', { name: 'Manage producers' }).click()
    await expect(page).toHaveURL(/\/admin\/producers$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Producers')
    await page.getByRole('button', { name: 'New Producer' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Producer' })

    // every required field says what it needs
    await dialog.getByRole('button', { name: 'Create Producer' }).click()
    for (const message of [
      'Producer name is required',
      'Slug is required',
      'Location is required',
      'Description is required',
      'Story is required',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible()
    }

    await dialog.getByLabel('Name', { exact: true }).fill(name)
    // the page's address follows the name
    await expect(dialog.getByLabel('Slug')).toHaveValue(slug)
    await dialog.getByLabel('Location').fill('Waller, Texas')
    await dialog.getByLabel(/^Distance/).fill('40 miles from Houston')
    await dialog.getByLabel('Description').fill('Pastured eggs and spring vegetables.')
    await dialog.getByLabel('Story', { exact: true }).fill('Two growers and forty hens.')
    await dialog.getByLabel(/^Practices/).fill('No-till beds\nHens on pasture')
    await dialog.getByLabel('Saturday').check()
    await dialog.getByLabel(/^Harvest list e-mail/).fill('meadowlark.harvest@example.com')
    const logo = await sharp({
      create: { width: 240, height: 240, channels: 3, background: '#2f6b3a' },
    })
      .png()
      .toBuffer()
    await dialog
      .getByLabel('Logo file')
      .setInputFiles({ name: 'meadowlark.png', mimeType: 'image/png', buffer: logo })
    await expect(page.getByText('Image uploaded', { exact: true }).first()).toBeVisible()
    await expect(dialog.getByLabel(/^Logo/).and(page.getByRole('textbox'))).toHaveValue(
      /^\/uploads\/[0-9a-f-]{36}\.webp$/,
    )
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Create Producer' }).click()
    await expect(toasts(page).getByText('Producer created')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Active')

    // its page exists at once, with the logo
    await page.goto(`/producer/${slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.getByRole('main')).toContainText('Waller, Texas')
    await expect(page.getByRole('main')).toContainText('Hens on pasture')
    const picture = page.getByRole('img', { name: `${name} logo` })
    await expect(picture).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}-400\.webp$/)
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    await expect(page.getByText(`Nothing from ${name} this week.`)).toBeVisible()
    await expectAccessible(page)

    // a product of another farm is given to it in the product dialog
    const producers = (await (await page.request.get('/api/admin/producers')).json()) as {
      id: string
      slug: string
    }[]
    const atkinson = producers.find((producer) => producer.slug === 'atkinson-farms')
    const productName = `Meadow Eggs ${Date.now().toString(36)}`
    const made = await page.request.post('/api/admin/products', {
      data: { name: productName, price: '6.50', category: 'dairy-eggs', producerId: atkinson?.id },
    })
    expect(made.status(), await made.text()).toBe(201)
    const product = (await made.json()) as Product
    await page.goto('/admin/products')
    await page.getByRole('searchbox', { name: 'Search by name or farm' }).fill(productName)
    await expect(page.getByRole('row')).toHaveCount(2)
    await page.getByRole('button', { name: `Edit ${productName}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Product' })
    await expect(edit.getByRole('combobox', { name: 'Farm Source' })).toHaveText('Atkinson Farms')
    await edit.getByRole('combobox', { name: 'Farm Source' }).click()
    await page.getByRole('option', { name, exact: true }).click()
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toasts(page).getByText('Product updated')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(productName) })).toContainText(name)

    // the shop says so at once: on the producer's page and on the product's
    await page.goto(`/producer/${slug}`)
    await expect(page.getByRole('region', { name: `From ${name}` })).toContainText(productName)
    await page.goto(`/product/${product.id}`)
    await expect(
      page.locator('main p', { hasText: /^From / }).getByRole('link', { name }),
    ).toHaveAttribute('href', `/producer/${slug}`)

    // and it cannot be deleted while it has the product: the server's reason shows
    await page.goto('/admin/producers')
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText(
      `Are you sure you want to delete "${name}"? This action cannot be undone.`,
    )
    await confirm.getByRole('button', { name: 'Delete' }).click()
    const refusal = `${name} still has 1 product. Move them to another producer or delete them first.`
    await expect(confirm.getByRole('alert')).toHaveText(refusal)
    await expectAccessible(page)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible()
    expect((await page.request.get(`/api/producers/${slug}`)).status()).toBe(200)

    // once the product is gone, the producer can go (and the shared catalogue is as it was)
    expect((await page.request.delete(`/api/admin/products/${product.id}`)).status()).toBe(200)
    await page.reload()
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toasts(page).getByText('Producer deleted')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeHidden()
  })
})
