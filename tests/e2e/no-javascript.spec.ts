import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { Producer } from '#shared/schemas/producer.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, test } from './support/fixtures.ts'

/**
 * Browsing with JavaScript off (docs/product.md#without-javascript): each public page family
 * reads from the server's HTML alone, and its links and GET forms (filters, sort, search,
 * pages) lead to the right server-rendered page. Each list is compared with `GET /api/products`
 * for the same query.
 */
test.use({ javaScriptEnabled: false })

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path)
  expect(response.status()).toBe(200)
  return (await response.json()) as T
}

const cards = (page: Page) => page.getByRole('main').getByRole('article')

/** The grid shows exactly these products, in this order. */
async function expectCards(page: Page, products: readonly Pick<Product, 'name'>[]) {
  expect(products.length).toBeGreaterThan(0)
  await expect(cards(page).getByRole('heading')).toHaveText(products.map((p) => p.name))
}

/**
 * The filter form: the sidebar on a large screen; on a phone the 'Filters' disclosure that
 * stands in for the drawer, opened first.
 */
async function filterForm(page: Page, isMobile: boolean): Promise<Locator> {
  if (!isMobile) return page.getByRole('region', { name: 'Filters' })
  const main = page.getByRole('main')
  await main.locator('summary', { hasText: 'Filters' }).click()
  const form = main.locator('details[open] form')
  await expect(form).toBeVisible()
  return form
}

test(
  'home: the hero and the producers read, and the shop links lead to the shop',
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    const producers = await api<Producer[]>(request, '/api/producers')
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'From farms near Houston to your door',
    )
    for (const producer of producers.slice(0, 3)) {
      await expect(
        page.getByRole('main').getByRole('heading', { name: producer.name, exact: true }),
      ).toBeAttached()
    }

    await page.getByRole('link', { name: 'Shop the farm' }).click()
    await expect(page).toHaveURL(/\/shop$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop the Farm')
    // 24 products a page, then Show more: a link to the list a page longer
    const all = await api<Product[]>(request, '/api/products')
    await expectCards(page, all.slice(0, 24))
    await page.getByRole('link', { name: 'Show more' }).click()
    await expect(page).toHaveURL(/\/shop\?page=2$/)
    await expectCards(page, all.slice(0, 48))

    // the categories from the header: the menu disclosure on a phone, the menu's links above
    await page.goto('/')
    if (isMobile) {
      await page.getByRole('banner').getByLabel('Open menu', { exact: true }).click()
      await page
        .getByRole('navigation', { name: 'Mobile' })
        .getByRole('link', { name: 'Produce', exact: true })
        .click()
    } else {
      await page
        .getByRole('navigation', { name: 'Shop by category' })
        .getByRole('link', { name: 'Produce', exact: true })
        .click()
    }
    await expect(page).toHaveURL(/\/shop\/produce$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produce')
    await expectCards(
      page,
      (await api<Product[]>(request, '/api/products?category=produce')).slice(0, 24),
    )
  },
)

test(
  'shop: categories are links, and the filter, sort and search forms narrow and order the list',
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    await page.goto('/shop/dairy-eggs')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dairy & Eggs')
    await expectCards(page, await api<Product[]>(request, '/api/products?category=dairy-eggs'))

    // a subcategory, then another category, through the category links
    const categories = page.getByRole('navigation', { name: 'Shop categories' })
    await categories.getByRole('link', { name: 'Eggs', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/dairy-eggs\/eggs$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dairy & Eggs: Eggs')
    await expectCards(
      page,
      await api<Product[]>(request, '/api/products?category=dairy-eggs&subcategory=eggs'),
    )
    await categories.getByRole('link', { name: 'Bakery', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/bakery$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bakery')

    // a tag filter: ticked and sent with Apply filters
    await page.goto('/shop/dairy-eggs')
    const all = await api<Product[]>(request, '/api/products?category=dairy-eggs')
    const glutenFree = await api<Product[]>(
      request,
      '/api/products?category=dairy-eggs&tags=gluten-free',
    )
    expect(glutenFree.length).toBeLessThan(all.length)
    let form = await filterForm(page, isMobile)
    await form.getByRole('checkbox', { name: 'Gluten-Free' }).check()
    await form.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/\/shop\/dairy-eggs\?(.*&)?tags=gluten-free(&|$)/)
    await expectCards(page, glutenFree)
    await expect(page.getByText(`${glutenFree.length} products`, { exact: true })).toBeVisible()
    form = await filterForm(page, isMobile)
    await expect(form.getByRole('checkbox', { name: 'Gluten-Free' })).toBeChecked()

    // the sort: chosen and sent with Sort, keeping the filter
    const sorted = await api<Product[]>(
      request,
      '/api/products?category=dairy-eggs&tags=gluten-free&sort=price-low-high',
    )
    const sort = page.getByRole('main').getByRole('combobox', { name: 'Sort by' })
    await sort.selectOption({ label: 'Price: Low to High' })
    await page.getByRole('main').getByRole('button', { name: 'Sort', exact: true }).click()
    await expect(page).toHaveURL(/sort=price-low-high/)
    await expect(page).toHaveURL(/tags=gluten-free/)
    await expectCards(page, sorted)
    const prices = sorted.map((product) => Number(product.price))
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    await expect(sort).toHaveValue('price-low-high')

    // a chip is a link to the address without its filter; the sort stays
    await page.getByRole('link', { name: 'Gluten-Free, remove filter' }).click()
    await expect(page).toHaveURL(/\/shop\/dairy-eggs\?sort=price-low-high$/)
    await expectCards(
      page,
      await api<Product[]>(request, '/api/products?category=dairy-eggs&sort=price-low-high'),
    )

    // the header search: its field sent with Enter
    const term = 'honey'
    const found = await api<Product[]>(request, `/api/products?search=${term}`)
    await page.getByRole('banner').getByLabel('Search products', { exact: true }).click()
    const field = page.getByRole('searchbox', { name: 'Search products and farms' })
    await field.fill(term)
    await field.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/shop\\?search=${term}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${term}"`)
    await expectCards(page, found)
  },
)

test('product page: name and price read, and the producer link leads to the producer', async ({
  page,
  request,
}) => {
  const product = (await api<Product[]>(request, '/api/products?category=dairy-eggs')).find(
    (candidate) => candidate.producerSlug,
  )!
  const producer = await api<Producer>(request, `/api/producers/${product.producerSlug}`)
  await page.goto(`/product/${product.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name)
  await expect(page.getByRole('main')).toContainText(`$${product.price}`)
  await page
    .locator('main p', { hasText: /^From / })
    .getByRole('link', { name: product.farmSource })
    .click()
  await expect(page).toHaveURL(new RegExp(`/producer/${product.producerSlug}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(producer.name)
})

test('producers: 9 a page, and the page links lead to the next and back', async ({
  page,
  request,
}) => {
  const producers = await api<Producer[]>(request, '/api/producers')
  expect(producers.length).toBeGreaterThan(9)
  await page.goto('/producers')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet Your Local Producers')
  await expect(cards(page).getByRole('heading')).toHaveText(
    producers.slice(0, 9).map((producer) => producer.name),
  )

  await page.getByRole('link', { name: 'Next Page' }).click()
  await expect(page).toHaveURL(/\/producers\?page=2$/)
  await expect(cards(page).getByRole('heading')).toHaveText(
    producers.slice(9, 18).map((producer) => producer.name),
  )
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')

  await page.getByRole('link', { name: 'Page 1' }).click()
  await expect(page).toHaveURL(/\/producers$/)
  await expect(cards(page)).toHaveCount(9)
})

test('producer page: the name, story and products read', async ({ page, request }) => {
  const producer = await api<Producer>(request, '/api/producers/atkinson-farms')
  const products = await api<Product[]>(request, '/api/products?farm=atkinson-farms')
  await page.goto('/producer/atkinson-farms')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(producer.name)
  await expect(page.getByRole('heading', { name: 'Their story' })).toBeVisible()
  const row = page.getByRole('region', { name: /Atkinson Farms/ })
  for (const product of products) {
    await expect(row.getByRole('heading', { name: product.name, exact: true })).toBeAttached()
  }
})

test('an information page reads: heading, text and its sub-navigation links', async ({ page }) => {
  await page.goto('/about')
  await expect(page).toHaveTitle('About Us | Houston Farm to Door')
  await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'About us' })
    .getByRole('link', { name: 'How it Works' })
    .click()
  await expect(page).toHaveURL(/\/how-it-works$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('an unknown product shows the not-found page, with a link back to the shop', async ({
  page,
}) => {
  const response = await page.goto('/product/00000000-0000-4000-8000-000000000000')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Shop' }).click()
  await expect(page).toHaveURL(/\/shop$/)
  await expect(cards(page).first()).toBeVisible()
})
