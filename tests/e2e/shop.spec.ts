import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * The shop's filters and sort (docs/product.md#catalogue): applied by the server, kept in the URL,
 * undone by the back button. Each check compares the page with `GET /api/products` for the same
 * query.
 */

interface ApiProduct {
  name: string
  price: string
  farmSource: string
  tags: string[]
}

async function apiProducts(request: APIRequestContext, query: string): Promise<ApiProduct[]> {
  const response = await request.get(`/api/products?${query}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as ApiProduct[]
}

const cards = (page: Page) => page.getByRole('main').getByRole('article')
const cardNames = (page: Page) => cards(page).getByRole('heading').allInnerTexts()
const cardPrices = async (page: Page) =>
  (
    await cards(page)
      .getByText(/^\$\d+\.\d{2}$/)
      .allInnerTexts()
  ).map((text) => Number(text.replace('$', '')))

/** Waits until the grid shows exactly these products, in this order. */
async function expectCards(page: Page, products: readonly ApiProduct[]) {
  await expect.poll(() => cardNames(page)).toEqual(products.map((product) => product.name))
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0)
}

/**
 * Runs `change` on the filter panel: the sidebar on a large screen, the drawer on a phone
 * (closed again afterwards, so the grid is back in the accessibility tree).
 */
async function withFilters(
  page: Page,
  isMobile: boolean,
  change: (panel: Locator) => Promise<void>,
) {
  if (!isMobile) {
    await change(page.getByRole('region', { name: 'Filters' }))
    return
  }
  await page.getByRole('button', { name: /^Filters/ }).click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await change(sheet)
  await sheet.getByRole('button', { name: /^Show \d+ products?$/ }).click()
  await expect(sheet).toBeHidden()
}

/** The sort and the producer are the browser's own selects (docs/product.md#without-javascript). */
async function chooseOption(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).selectOption({ label: option })
}

test(
  'a tag filter narrows the list on the server, and the back button restores it',
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    const all = await apiProducts(request, 'category=dairy-eggs')
    const glutenFree = await apiProducts(request, 'category=dairy-eggs&tags=gluten-free')
    expect(glutenFree.length).toBeGreaterThan(0)
    expect(glutenFree.length).toBeLessThan(all.length)

    await page.goto('/shop/dairy-eggs')
    await expectCards(page, all)
    await expect(page.getByText(`${all.length} products`, { exact: true })).toBeVisible()
    await expectAccessible(page)

    await withFilters(page, isMobile, (panel) =>
      panel.getByRole('checkbox', { name: 'Gluten-Free' }).click(),
    )
    await expect(page).toHaveURL(/\/shop\/dairy-eggs\?tags=gluten-free$/)
    await expectCards(page, glutenFree)
    for (const product of glutenFree) expect(product.tags).toContain('gluten-free')
    await expect(page.getByText(`${glutenFree.length} products`, { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Gluten-Free, remove filter' })).toBeVisible()

    await page.goBack()
    await expect(page).toHaveURL(/\/shop\/dairy-eggs$/)
    await expectCards(page, all)
  },
)

test('sorting by price puts the cheapest first', async ({ page, request }) => {
  const sorted = await apiProducts(request, 'category=pantry&sort=price-low-high')
  await page.goto('/shop/pantry')
  await chooseOption(page.getByRole('main'), 'Sort by', 'Price: Low to High')
  await expect(page).toHaveURL(/\/shop\/pantry\?sort=price-low-high$/)
  await expectCards(page, sorted)
  const prices = await cardPrices(page)
  expect(prices).toEqual([...prices].sort((a, b) => a - b))

  await chooseOption(page.getByRole('main'), 'Sort by', 'Price: High to Low')
  await expect(page).toHaveURL(/sort=price-high-low$/)
  const descending = await apiProducts(request, 'category=pantry&sort=price-high-low')
  await expectCards(page, descending)
  const high = await cardPrices(page)
  expect(high).toEqual([...high].sort((a, b) => b - a))
})

test('a price range keeps only products within it', async ({ page, request, isMobile }) => {
  const inRange = await apiProducts(request, 'minPrice=5&maxPrice=10')
  expect(inRange.length).toBeGreaterThan(0)
  await page.goto('/shop')
  await withFilters(page, isMobile, async (panel) => {
    await panel.getByLabel('Min ($)').fill('5')
    await panel.getByLabel('Max ($)').fill('10')
    await panel.getByRole('button', { name: 'Apply price range' }).click()
  })
  await expect(page).toHaveURL(/\/shop\?minPrice=5&maxPrice=10$/)
  // the first page of them
  await expectCards(page, inRange.slice(0, 24))
  for (const price of await cardPrices(page)) {
    expect(price).toBeGreaterThanOrEqual(5)
    expect(price).toBeLessThanOrEqual(10)
  }
  await expect(page.getByRole('link', { name: '$5 – $10, remove filter' })).toBeVisible()
})

test('the producer filter shows only that producer’s products', async ({
  page,
  request,
  isMobile,
}) => {
  const atkinson = await apiProducts(request, 'farm=atkinson-farms')
  expect(atkinson.length).toBeGreaterThan(1)
  await page.goto('/shop')
  await withFilters(page, isMobile, (panel) => chooseOption(panel, 'Producer', 'Atkinson Farms'))
  await expect(page).toHaveURL(/\/shop\?farm=atkinson-farms$/)
  await expectCards(page, atkinson)
  const strips = page.getByRole('main').getByRole('link', { name: /^From / })
  await expect(strips).toHaveCount(atkinson.length)
  for (const text of await strips.allInnerTexts()) expect(text).toBe('From Atkinson Farms')
  await expect(strips.first()).toHaveAttribute('href', '/producer/atkinson-farms')
})

test('clear filters brings back the whole category and keeps the sort', async ({
  page,
  request,
}) => {
  await page.goto('/shop/produce?tags=local,certified-organic&maxPrice=6&sort=price-high-low')
  const filtered = await apiProducts(
    request,
    'category=produce&tags=local,certified-organic&maxPrice=6&sort=price-high-low',
  )
  await expectCards(page, filtered)
  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/shop\/produce\?sort=price-high-low$/)
  await expectCards(page, await apiProducts(request, 'category=produce&sort=price-high-low'))
  await expect(page.getByRole('link', { name: 'Clear filters' })).toBeHidden()
})

test('a combination nothing matches says so', async ({ page, request, isMobile }) => {
  expect(await apiProducts(request, 'category=bakery&tags=wild-caught')).toEqual([])
  await page.goto('/shop/bakery')
  await expect(cards(page).first()).toBeVisible()
  await withFilters(page, isMobile, (panel) =>
    panel.getByRole('checkbox', { name: 'Wild-Caught' }).click(),
  )
  await expect(page.getByText('No products found in this category.')).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  await expect(page.getByText('0 products', { exact: true })).toBeVisible()
  await expectAccessible(page)
})

test('a shared link with filters opens the filtered, sorted list', async ({
  page,
  request,
  isMobile,
}) => {
  const query = 'tags=local&maxPrice=8&farm=frydek-heritage-farm&sort=price-high-low'
  const expected = await apiProducts(request, `category=dairy-eggs&${query}`)
  expect(expected.length).toBeGreaterThan(1)
  await page.goto(`/shop/dairy-eggs?${query}`)
  await expectCards(page, expected)
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-high-low')
  for (const chip of ['Local', 'Up to $8', 'Frydek Heritage Farm']) {
    await expect(page.getByRole('link', { name: `${chip}, remove filter` })).toBeVisible()
  }
  await withFilters(page, isMobile, async (panel) => {
    await expect(panel.getByRole('checkbox', { name: 'Local' })).toBeChecked()
    await expect(panel.getByLabel('Max ($)')).toHaveValue('8')
    await expect(panel.getByRole('combobox', { name: 'Producer' })).toHaveValue(
      'frydek-heritage-farm',
    )
    await expect(
      panel.getByRole('combobox', { name: 'Producer' }).locator('option:checked'),
    ).toHaveText('Frydek Heritage Farm')
  })
})

test('a link with unknown filter values still shows the category', async ({ page, request }) => {
  await page.goto('/shop/drinks?tags=bogus&sort=cheapest&minPrice=abc')
  await expectCards(page, await apiProducts(request, 'category=drinks'))
})

test(
  'the categories, the phone drawer and the states pass axe',
  { tag: '@phone' },
  async ({ page, isMobile }) => {
    await page.goto('/shop/meat-seafood/beef?tags=local')
    await expect(cards(page).first()).toBeVisible()
    const categories = page.getByRole('navigation', { name: 'Shop categories' })
    await expect(categories.getByRole('link', { name: 'Beef' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // another category keeps the filters
    await categories.getByRole('link', { name: 'Savings' }).click()
    await expect(page).toHaveURL(/\/shop\/savings\?tags=local$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Savings')
    await expect(page).toHaveTitle('Savings | Houston Farm to Door')
    await expectAccessible(page)

    if (isMobile) {
      await page.getByRole('button', { name: /^Filters/ }).click()
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
      await expectAccessible(page)
    }
  },
)

test('the list says when it is loading and when it failed', async ({ page, pageErrors }) => {
  let answer: () => void = () => {}
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route(/\/api\/products\?category=bakery$/, async (route) => {
    await held
    // a 4xx is not retried (docs/product.md#api-errors), so the failure shows at once
    await route.fulfill({ status: 400, json: { message: 'Bad request' } })
  })
  // a page opened from its address comes with its products (server-rendered); following a link
  // to the shop from another page asks the API
  await page.goto('/')
  await page.locator('main a[href="/shop/bakery"]').locator('visible=true').first().click()
  await expect(page.getByRole('status').filter({ hasText: 'Loading products...' })).toBeVisible()
  answer()
  await expect(page.getByRole('alert')).toHaveText(
    'Error loading products. Please try again later.',
  )
  await expect(cards(page)).toHaveCount(0)
  // Chromium logs the refused request itself: the one console error this test expects
  const expected = pageErrors.filter((error) => error.includes('status of 400'))
  expect(expected.length).toBeGreaterThan(0)
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !expected.includes(e)))
})

test(
  'the shop shows 24 products a page, Show more a page more; a new sort starts again at 24',
  { tag: '@phone' },
  async ({ page, request }) => {
    const all = await apiProducts(request, 'limit=200')
    expect(all.length).toBeGreaterThan(48)
    await page.goto('/shop')
    await expectCards(page, all.slice(0, 24))
    await expect(page.getByText(`${all.length} products`, { exact: true })).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('link', { name: 'Show more' }).click()
    await expect(page).toHaveURL(/\/shop\?page=2$/)
    await expectCards(page, all.slice(0, 48))
    // the category chips (phone) or sidebar are still at the top of the page
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Produce', exact: true }).first(),
    ).toBeAttached()

    await chooseOption(page.getByRole('main'), 'Sort by', 'Price: Low to High')
    await expect(page).toHaveURL(/\/shop\?sort=price-low-high$/)
    await expectCards(
      page,
      (await apiProducts(request, 'limit=200&sort=price-low-high')).slice(0, 24),
    )
  },
)
