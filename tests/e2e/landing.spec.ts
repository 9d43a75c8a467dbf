import type { Page } from '@playwright/test'
import { DELIVERY_ZIP_STORAGE_KEY } from '#shared/personal-state.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/** The pre-launch landing page (docs/product.md#pages). */
test('the landing page has every documented section', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('From farms near Houston')
  await expect(page.getByRole('button', { name: 'Launching Fall 2025' })).toBeVisible()
  // nothing sticks out sideways: on a phone the whole page would zoom out and shift
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth).toBeLessThanOrEqual(page.viewportSize()!.width)

  const tiles = page
    .getByRole('region', { name: 'Browse the Farm' })
    .getByRole('listitem')
    .getByRole('link')
  await expect(tiles).toHaveCount(6)
  expect(
    await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
  ).toEqual([
    '/shop/farm-boxes',
    '/shop/meat-seafood',
    '/shop/bakery',
    '/shop/dairy-eggs',
    '/shop/produce',
    '/shop/new-seasonal',
  ])

  await expect(
    page.getByRole('region', { name: 'How it Works' }).getByRole('listitem'),
  ).toHaveCount(3)

  const apart = page.getByRole('region', { name: 'What Sets Us Apart' })
  const blurbs = apart.getByRole('heading', { level: 3 }).getByRole('button')
  await expect(blurbs).toHaveCount(3)
  await blurbs.nth(2).click()
  await expect(blurbs.nth(2)).toHaveAttribute('aria-expanded', 'true')
  await expect(apart.getByText('less than 1% of our food is thrown away')).toBeVisible()

  await expect(page.getByRole('region', { name: 'Our mission' })).toContainText('5,000+ households')

  const producers = page.getByRole('region', { name: 'The people who grow your food' })
  const learnMore = producers.getByRole('link', { name: /^Learn more about/ })
  await expect(learnMore).toHaveCount(5)
  expect(
    await learnMore.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
  ).toEqual(Array(5).fill('/producers'))

  await expect(
    page.getByRole('region', { name: 'What our neighbors say' }).getByRole('figure'),
  ).toHaveCount(3)
  await expect(page.getByRole('button', { name: 'Join the Waitlist' })).toHaveCount(3)
  await expectAccessible(page)
})

test("'View All Producers' appears only after 70% of the page has been scrolled", async ({
  page,
}) => {
  await page.goto('/')
  const viewAll = page.getByRole('link', { name: 'View All Producers' })
  await expect(viewAll).toBeHidden()
  await page.evaluate(() =>
    window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.5),
  )
  await expect(viewAll).toBeHidden()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(viewAll).toBeVisible()
  await viewAll.click()
  await expect(page).toHaveURL(/\/producers$/)
})

test('Join the Waitlist opens the waitlist modal and signs the visitor up', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Join the Waitlist' }).first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel(/e-?mail/i).fill(`landing-${Date.now()}@example.com`)
  await dialog.getByRole('button', { name: /join|sign up|notify/i }).click()
  await expect(dialog).toContainText("You're on the waitlist!")
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeHidden()
  // opening it again starts from the form (Close resets it)
  await page.getByRole('button', { name: 'Launching Fall 2025' }).click()
  await expect(page.getByRole('dialog').getByLabel(/e-?mail/i)).toHaveValue('')
})

/**
 * A first visit fetches no script until the visitor acts (the boot script is inline); then the
 * app starts, and
 * what they did before it had is not lost (docs/decisions/0010-page-javascript-budget.md). These
 * tests open their own page: the fixture's page makes a first action by itself.
 */
const isHydrated = () => document.documentElement.hasAttribute('data-hydrated')

/** the paths of the scripts the page fetches from now on */
function scriptsFetched(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  return scripts
}

test('a first visit fetches no app script before an action, then starts the app', async ({
  context,
}) => {
  const page = await context.newPage()
  const scripts = scriptsFetched(page)
  await page.goto('/', { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('From farms near Houston')
  expect(scripts).toEqual([])
  expect(await page.evaluate(isHydrated)).toBe(false)

  // a hand's move: several pointer events (one that moved nothing is no action)
  await page.mouse.move(200, 300, { steps: 3 })
  await page.waitForFunction(isHydrated)
  expect(scripts.filter((script) => script.startsWith('/assets/')).length).toBeGreaterThan(0)
})

test(
  'a button pressed before the app has started is pressed again once it has',
  { tag: '@phone' },
  async ({ context }) => {
    const page = await context.newPage()
    await page.goto('/', { waitUntil: 'load' })
    const blurb = page
      .getByRole('region', { name: 'What Sets Us Apart' })
      .getByRole('heading', { level: 3 })
      .getByRole('button')
      .nth(1)
    await expect(blurb).toHaveAttribute('aria-expanded', 'false')
    // this press is the first action: it starts the app, which answers it once running
    await blurb.click()
    await page.waitForFunction(isHydrated)
    await expect(blurb).toHaveAttribute('aria-expanded', 'true')
  },
)

test('the menu opened before the app started stays open, and a link in it leads on', async ({
  context,
}) => {
  const page = await context.newPage()
  // the menu button is a phone's
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/', { waitUntil: 'load' })
  await page.getByLabel('Open menu').click()
  const menu = page.getByRole('navigation', { name: 'Mobile' })
  await expect(menu).toBeVisible()
  await page.waitForFunction(isHydrated)
  await expect(menu).toBeVisible()
  await menu.getByRole('link', { name: 'Produce', exact: true }).click()
  await expect(page).toHaveURL('/shop/produce')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produce')
  await expect(menu).toBeHidden()
  // the app's own menu from then on
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
})

test('a visitor with a basket gets the app at once, without an action', async ({
  page,
  context,
}) => {
  await page.goto('/shop/produce')
  await page
    .getByRole('button', { name: /^ADD, / })
    .first()
    .click()
  await expect(page.getByRole('button', { name: 'Open cart, 1 product' }).first()).toBeVisible()

  const landing = await context.newPage()
  await landing.goto('/', { waitUntil: 'load' })
  await landing.waitForFunction(isHydrated)
  await expect(landing.getByRole('button', { name: 'Open cart, 1 product' }).first()).toBeVisible()
})

test('a remembered ZIP alone does not start the app early', async ({ page, context }) => {
  // it shows nothing on this page (docs/product.md#service-area), unlike a basket
  await page.goto('/about')
  await page.evaluate((key) => localStorage.setItem(key, '77006'), DELIVERY_ZIP_STORAGE_KEY)
  const landing = await context.newPage()
  const scripts = scriptsFetched(landing)
  await landing.goto('/', { waitUntil: 'load' })
  await landing.waitForLoadState('networkidle')
  expect(scripts).toEqual([])
  expect(await landing.evaluate(isHydrated)).toBe(false)
})

test('a search typed before the app started is kept, and Enter searches', async ({ context }) => {
  const page = await context.newPage()
  await page.goto('/', { waitUntil: 'load' })
  await page.getByLabel('Search products', { exact: true }).click()
  const field = page.getByRole('searchbox', { name: 'Search products and farms' })
  await field.fill('eggs')
  await page.waitForFunction(isHydrated)
  await expect(field).toHaveValue('eggs')
  await expect(field).toBeFocused()
  await field.press('Enter')
  await expect(page).toHaveURL('/shop?search=eggs')
})
