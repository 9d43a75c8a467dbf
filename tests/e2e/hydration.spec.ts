import type { Page, Request } from '@playwright/test'
import type { Producer } from '#shared/schemas/producer.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * The browser takes over the server's HTML of a public page (docs/product.md#pages): React
 * hydrates it without a mismatch, from the data that came with the HTML (no second fetch of the
 * first screen), and the page then works as one rendered in the browser. The fixtures already
 * fail a test on any console error or uncaught exception; this also fails on a warning about
 * hydration. That the HTML shows the products before JavaScript runs is the process test's
 * (tests/process/server-rendering.test.ts).
 */

/** React's words for a server/browser difference, and its production error codes for them */
const HYDRATION_WARNING =
  /hydrat|mismatch|did not match|server rendered|server-rendered|Minified React error #(418|419|422|423|425)/i

/** The console's warnings and errors about hydration while `page` is open. */
function watchHydration(page: Page) {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return
    if (HYDRATION_WARNING.test(message.text()))
      messages.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => {
    if (HYDRATION_WARNING.test(error.message)) messages.push(`page error: ${error.message}`)
  })
  return messages
}

/** Requests for the catalogue's data (the lists and one product or producer). */
function watchCatalogueRequests(page: Page) {
  const requests: string[] = []
  const record = (request: Request) => {
    const { pathname, search } = new URL(request.url())
    if (/^\/api\/(products|producers)(\/|$)/.test(pathname)) requests.push(pathname + search)
  }
  page.on('request', record)
  return requests
}

/** the page loaded, its scripts run and nothing more in flight: React has hydrated by then */
async function loadSettled(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  return response
}

async function catalogue(page: Page) {
  const products = (await (await page.request.get('/api/products?limit=200')).json()) as Product[]
  const producers = (await (await page.request.get('/api/producers')).json()) as Producer[]
  const product = products.find((p) => p.inStock && p.category === 'produce')
  if (!product || !producers[0]) throw new Error('the demo catalogue is empty')
  return { product, producer: producers[0] }
}

type Catalogue = Awaited<ReturnType<typeof catalogue>>

/** a member of each public page family, and its heading */
const FAMILIES: [string, (c: Catalogue) => [path: string, heading: string]][] = [
  ['home', () => ['/', 'From farms near Houston to your door, every Saturday.']],
  ['shop', () => ['/shop', 'Shop the Farm']],
  ['category', () => ['/shop/produce', 'Produce']],
  ['subcategory', () => ['/shop/produce/vegetables', 'Produce: Vegetables']],
  ['product', ({ product }) => [`/product/${product.id}`, product.name]],
  ['producers', () => ['/producers', 'Meet Your Local Producers']],
  ['producer', ({ producer }) => [`/producer/${producer.slug}`, producer.name]],
  ['about', () => ['/about', 'Houston grows good food. We bring it to your door.']],
  ['contact', () => ['/contact', 'Contact Us']],
  ['privacy', () => ['/privacy', 'Privacy Policy']],
]

for (const [family, member] of FAMILIES) {
  test(`the ${family} page hydrates without a warning or a second fetch of its data`, async ({
    page,
  }) => {
    const [path, heading] = member(await catalogue(page))
    const hydration = watchHydration(page)
    const requests = watchCatalogueRequests(page)
    const response = await loadSettled(page, path)
    expect(response?.status()).toBe(200)
    // the server's HTML came with its state; the browser found it and asked for nothing again
    await expect(page.locator('script#server-render-state[type="application/json"]')).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    expect(requests, `catalogue requests while ${path} loaded`).toEqual([])
    expect(hydration).toEqual([])
    await expectAccessible(page)
  })
}

test('a page rendered more than five minutes ago still hydrates without asking again', async ({
  page,
}) => {
  // the served HTML may be a cached render of any age: the catalogue has not changed since, or
  // the server would have dropped it. A browser clock ten minutes ahead makes any render look old.
  await page.clock.install({ time: Date.now() + 10 * 60_000 })
  const hydration = watchHydration(page)
  const requests = watchCatalogueRequests(page)
  await loadSettled(page, '/shop/produce')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produce')
  expect(requests, 'catalogue requests while /shop/produce loaded').toEqual([])
  expect(hydration).toEqual([])
})

test('an unknown product hydrates as the not-found page without asking the API again', async ({
  page,
}) => {
  const hydration = watchHydration(page)
  const requests = watchCatalogueRequests(page)
  const response = await loadSettled(page, '/product/00000000-0000-4000-8000-000000000000')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found')
  expect(requests).toEqual([])
  expect(hydration).toEqual([])
})

test(
  'after hydration the basket opens and fills from the shop and from a product page',
  { tag: '@phone' },
  async ({ page }) => {
    const hydration = watchHydration(page)
    const requests = watchCatalogueRequests(page)
    await loadSettled(page, '/shop/produce')
    expect(requests, 'catalogue requests while /shop/produce loaded').toEqual([])
    const produce = (await (
      await page.request.get('/api/products?category=produce')
    ).json()) as Product[]
    const first = produce.find((p) => p.inStock)!
    // the shop's tiles lead to the product page, now inside the app
    await page
      .getByRole('main')
      .getByRole('link', { name: first.name, exact: true })
      .first()
      .click()
    await expect(page).toHaveURL(`/product/${first.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name)
    await page.getByRole('button', { name: `ADD TO CART, ${first.name}` }).click()
    // the first item into an empty basket opens the drawer
    const cart = page.getByRole('dialog', { name: 'Your Cart' })
    await expect(cart).toBeVisible()
    const lines = cart.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
    await expect(lines).toHaveCount(1)
    await expect(lines.first()).toContainText(first.name)
    await expect(lines.first()).toContainText(`$${first.price}`)
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect(cart).toBeHidden()

    // another product's page, loaded afresh: its HTML knows nothing of the basket in storage
    const other = produce.find((p) => p.inStock && p.id !== first.id)!
    requests.length = 0
    await loadSettled(page, `/product/${other.id}`)
    expect(requests, `catalogue requests while /product/${other.id} loaded`).toEqual([])
    await expect(page.getByRole('button', { name: 'Open cart, 1 product' })).toBeVisible()
    await page.getByRole('button', { name: `ADD TO CART, ${other.name}` }).click()
    await page.getByRole('button', { name: 'Open cart, 2 products' }).click()
    await expect(cart).toBeVisible()
    await expect(lines).toHaveCount(2)
    await expect(cart).toContainText(other.name)
    await expect(cart).toContainText(first.name)
    expect(hydration).toEqual([])
  },
)
