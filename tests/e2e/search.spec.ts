import type { APIRequestContext, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * The header search (docs/product.md#catalogue): a toggle that opens a field (focused after
 * 100 ms), at most five matches from the server, PRODUCTS and 'View all results' only at exactly
 * five, 'No products found for "…"' when nothing matches, and closing (outside click, Escape)
 * clears the text.
 */

async function matchCount(request: APIRequestContext, term: string) {
  const response = await request.get(`/api/products?search=${encodeURIComponent(term)}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as unknown[]).length
}

async function matchNames(request: APIRequestContext, term: string) {
  const response = await request.get(`/api/products?search=${encodeURIComponent(term)}&limit=5`)
  return ((await response.json()) as { name: string }[]).map((product) => product.name)
}

const toggle = (page: Page) => page.getByRole('button', { name: 'Search products' })
const field = (page: Page) => page.getByRole('searchbox', { name: 'Search products and farms' })
const results = (page: Page) =>
  page.getByRole('banner').getByRole('list', { name: /^(Products|Matching products)$/ })

async function openSearch(page: Page) {
  await toggle(page).click()
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
  await expect(field(page)).toBeFocused()
}

test('opening the search puts the cursor in the field', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/')
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false')
  await expect(field(page)).toBeHidden()
  await openSearch(page)
  await expect(field(page)).toHaveValue('')
})

test(
  'a term with five or more matches shows five, the PRODUCTS label and View all results',
  { tag: '@phone' },
  async ({ page, request }) => {
    const term = 'farm'
    expect(await matchCount(request, term)).toBeGreaterThanOrEqual(5)
    await page.goto('/shop')
    await openSearch(page)
    await field(page).fill(term)

    const list = page.getByRole('banner').getByRole('list', { name: 'Products' })
    await expect(list.getByRole('link')).toHaveCount(5)
    for (const name of await matchNames(request, term)) {
      await expect(list.getByRole('link', { name })).toBeVisible()
    }
    for (const text of await list.getByRole('link').allInnerTexts()) {
      expect(text).toMatch(/\$\d+\.\d{2}/)
    }
    const banner = page.getByRole('banner')
    await expect(banner.getByText('Products', { exact: true })).toBeVisible()
    const viewAll = banner.getByRole('link', { name: 'View all results' })
    await expect(viewAll).toHaveAttribute('href', `/shop?search=${term}`)
    await expectAccessible(page)

    await viewAll.click()
    await expect(page).toHaveURL(/\/shop\?search=farm$/)
    await expect(field(page)).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for "farm"')
    // the results page shows its first 24 (docs/product.md#catalogue)
    await expect
      .poll(() => page.getByRole('main').getByRole('article').count())
      .toBe(Math.min(24, await matchCount(request, term)))
    await expect(
      page.getByText(`${await matchCount(request, term)} products`, { exact: true }),
    ).toBeVisible()
  },
)

test('a term with fewer than five matches lists them without PRODUCTS or View all', async ({
  page,
  request,
}) => {
  const term = 'honey'
  const names = await matchNames(request, term)
  expect(names.length).toBeGreaterThanOrEqual(1)
  expect(names.length).toBeLessThan(5)

  const searches: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/products' && url.searchParams.has('search'))
      searches.push(url.search)
  })
  await page.goto('/')
  await openSearch(page)
  await field(page).pressSequentially(term, { delay: 40 })

  const list = page.getByRole('banner').getByRole('list', { name: 'Matching products' })
  await expect(list.getByRole('link')).toHaveCount(names.length)
  for (const name of names) await expect(list.getByRole('link', { name })).toBeVisible()
  const banner = page.getByRole('banner')
  await expect(banner.getByText('Products', { exact: true })).toHaveCount(0)
  await expect(banner.getByRole('link', { name: 'View all results' })).toHaveCount(0)
  // debounced: not one request per key, and the last one asks for five at most
  expect(searches.length).toBeLessThan(term.length)
  expect(searches.at(-1)).toBe(`?search=${term}&limit=5`)

  // the arrow keys reach the results; a result opens its product page and closes the box
  await field(page).press('ArrowDown')
  const first = list.getByRole('link').first()
  await expect(first).toBeFocused()
  const name = names[0] ?? ''
  await first.press('Enter')
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(field(page)).toBeHidden()
})

test('a term nothing matches says so', async ({ page, request }) => {
  const term = 'qxzzy'
  expect(await matchCount(request, term)).toBe(0)
  await page.goto('/')
  await openSearch(page)
  await field(page).fill(term)
  await expect(
    page.getByRole('banner').getByText(`No products found for "${term}"`, { exact: true }),
  ).toBeVisible()
  await expect(results(page)).toHaveCount(0)
  await expectAccessible(page)
})

test('a click outside closes the box and clears the text; Escape closes it too', async ({
  page,
}) => {
  await page.goto('/shop')
  await openSearch(page)
  await field(page).fill('eggs')
  await expect(results(page).getByRole('link').first()).toBeVisible()

  // the page's margin: on a phone the open box covers the top of the page
  const viewport = page.viewportSize()
  await page.mouse.click(2, (viewport?.height ?? 600) - 2)
  await expect(field(page)).toBeHidden()
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false')
  await openSearch(page)
  await expect(field(page)).toHaveValue('')

  await field(page).fill('milk')
  await field(page).press('Escape')
  await expect(field(page)).toBeHidden()
  await expect(toggle(page)).toBeFocused()
  await toggle(page).press('Enter')
  await expect(field(page)).toBeFocused()
  await expect(field(page)).toHaveValue('')
})

test('Enter searches the whole shop', async ({ page, request }) => {
  await page.goto('/')
  await openSearch(page)
  await field(page).fill('pecan')
  await field(page).press('Enter')
  await expect(page).toHaveURL(/\/shop\?search=pecan$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for "pecan"')
  await expect(page).toHaveTitle('Results for "pecan" | Houston Farm to Door')
  await expect(field(page)).toBeHidden()
  await expect
    .poll(() => page.getByRole('main').getByRole('article').count())
    .toBe(await matchCount(request, 'pecan'))
  await expectAccessible(page)
})
