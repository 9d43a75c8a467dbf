import type { BrowserContext, Page } from '@playwright/test'
import { BASKET_STORAGE_KEY } from '#shared/personal-state.ts'
import type { Producer } from '#shared/schemas/producer.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * What a visitor does before the page's app has taken over is not lost
 * (docs/decisions/0014-early-presses.md): on each kind of public page, a press made as soon as
 * the HTML is parsed (DOMContentLoaded), on a phone-speed CPU (Chrome's throttling ×4) and a slow
 * network, ends as the same press made once the app runs, and once only.
 */

/** Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up */
const SLOW_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}

type Catalogue = { product: Product; producer: Producer; producerProduct: Product }

async function catalogue(page: Page): Promise<Catalogue> {
  const products = (await (await page.request.get('/api/products?limit=200')).json()) as Product[]
  const producers = (await (await page.request.get('/api/producers')).json()) as Producer[]
  const product = products.find((p) => p.inStock && p.category === 'produce')
  const producerProduct = products.find(
    (p) => p.inStock && p.category !== 'farm-boxes' && p.producerSlug,
  )
  const producer = producers.find((p) => p.slug === producerProduct?.producerSlug)
  if (!product || !producer || !producerProduct) throw new Error('the demo catalogue is empty')
  return { product, producer, producerProduct }
}

interface EarlyPress {
  /** the page's address */
  path: (c: Catalogue) => string
  /** what the visitor does: at most one press of a control that needs the app */
  act: (page: Page, c: Catalogue) => Promise<void>
  /** what they see once the app runs, whenever they pressed */
  result: (page: Page, c: Catalogue) => Promise<void>
}

/** the first in-stock card's quick add on a list of products (a farm box opens its builder) */
const firstQuickAdd = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('button', { name: /^ADD, / })
    .first()

const quickAdd: Pick<EarlyPress, 'act' | 'result'> = {
  act: async (page) => {
    await firstQuickAdd(page).click()
  },
  result: async (page) => {
    const stepper = page.getByRole('main').getByRole('status').filter({ hasText: 'in your basket' })
    await expect(stepper).toHaveCount(1)
    await expect(stepper).toHaveText(/^1 /)
    await expect(page.getByRole('button', { name: 'Open cart, 1 product' })).not.toHaveCount(0)
    await expectBasketOf(page, 1)
  },
}

/** the items in the basket the browser keeps, whatever the page shows */
async function expectBasketOf(page: Page, count: number) {
  const stored = await page.evaluate((key) => localStorage.getItem(key), BASKET_STORAGE_KEY)
  const lines = JSON.parse(stored ?? '[]') as { quantity: number }[]
  const items = lines.reduce((sum, line) => sum + line.quantity, 0)
  expect(items, 'items in the stored basket').toBe(count)
}

const zipCheck = (
  zip: string,
  title: string,
  text: string,
): Pick<EarlyPress, 'act' | 'result'> => ({
  act: async (page) => {
    const field = page.getByRole('textbox', { name: 'Please enter your zip to check delivery' })
    await field.fill(zip)
    await field.press('Enter')
  },
  result: async (page) => {
    const answer = page.getByRole('dialog')
    await expect(answer).toHaveCount(1)
    await expect(answer.getByRole('heading', { name: title })).toBeVisible()
    await expect(answer).toContainText(text)
  },
})

const openBasket: Pick<EarlyPress, 'act' | 'result'> = {
  act: async (page) => {
    await page.getByRole('button', { name: 'Open cart, empty' }).first().click()
  },
  result: async (page) => {
    await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible()
  },
}

const openMenu: Pick<EarlyPress, 'act' | 'result'> = {
  act: async (page) => {
    await page.getByLabel('Open menu').click()
  },
  result: async (page) => {
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
  },
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640

/** each kind of public page, and a press on it that needs the app (the header's ZIP check is a large screen's) */
const PAGES: [string, (phone: boolean) => EarlyPress][] = [
  [
    'landing',
    (phone) => ({
      path: () => '/',
      ...(phone ? openMenu : zipCheck('77006', 'Great News!', 'We deliver to 77006!')),
    }),
  ],
  ['shop', () => ({ path: () => '/shop', ...quickAdd })],
  ['category', () => ({ path: () => '/shop/produce', ...quickAdd })],
  [
    'product',
    () => ({
      path: ({ product }) => `/product/${product.id}`,
      act: async (page, { product }) => {
        await page.getByRole('button', { name: `ADD TO CART, ${product.name}` }).click()
      },
      result: async (page, { product }) => {
        // (behind the drawer, which hides the rest of the page from assistive technology)
        await expect(
          page.locator('main').getByRole('button', { name: /^ADD \(1\), /, includeHidden: true }),
        ).toBeVisible()
        // the first item into an empty basket opens the drawer, with one line
        const cart = page.getByRole('dialog', { name: 'Your Cart' })
        const lines = cart.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
        await expect(lines).toHaveCount(1)
        await expect(lines.first()).toContainText(product.name)
        await expectBasketOf(page, 1)
      },
    }),
  ],
  ['producer', () => ({ path: ({ producer }) => `/producer/${producer.slug}`, ...quickAdd })],
  [
    'information',
    (phone) => ({
      path: () => '/about',
      ...(phone ? openBasket : zipCheck('78701', 'Sorry!', "We don't currently deliver to 78701.")),
    }),
  ],
]

/** A new page whose console errors and uncaught exceptions are collected. */
async function watchedPage(context: BrowserContext) {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
  return { page, errors }
}

const appHasTakenOver = () => document.documentElement.hasAttribute('data-hydrating')

for (const [kind, pressOn] of PAGES) {
  test(
    `${kind} page: a press before the app has started ends as one after it, once`,
    { tag: '@phone' },
    async ({ context }) => {
      const { page, errors } = await watchedPage(context)
      const shop = await catalogue(page)
      const press = pressOn(isPhone(page))
      // each press tells whether the app had taken over the page when it came
      await page.addInitScript(() => {
        const w = window as unknown as { pressesBeforeApp: boolean[] }
        w.pressesBeforeApp = []
        for (const type of ['click', 'submit']) {
          document.addEventListener(
            type,
            () => w.pressesBeforeApp.push(!document.documentElement.hasAttribute('data-hydrating')),
            true,
          )
        }
      })
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK)

      // the app's scripts wait until the press is made: on a fast machine the app could
      // otherwise take over first, and the press would no longer be an early one
      let releaseScripts = () => {}
      const pressed = new Promise<void>((resolve) => (releaseScripts = resolve))
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await pressed
        await route.continue()
      })

      await page.goto(press.path(shop), { waitUntil: 'domcontentloaded' })
      await press.act(page, shop)
      releaseScripts()
      const pressesBeforeApp = await page.evaluate(
        () => (window as unknown as { pressesBeforeApp: boolean[] }).pressesBeforeApp,
      )
      expect(pressesBeforeApp, 'the press came before the app had taken over').toContain(true)

      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
      await press.result(page, shop)
      // and stays so: nothing is pressed a second time later
      await page.waitForTimeout(500)
      await press.result(page, shop)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      expect(errors, 'errors in the browser console').toEqual([])
      await expectAccessible(page)
    },
  )

  test(`${kind} page: the same press once the app runs`, { tag: '@phone' }, async ({ page }) => {
    const shop = await catalogue(page)
    const press = pressOn(isPhone(page))
    // the fixture's page waits for the app before it hands the page over
    await page.goto(press.path(shop))
    expect(await page.evaluate(appHasTakenOver)).toBe(true)
    await press.act(page, shop)
    await press.result(page, shop)
  })
}

test('a ZIP sent from the header without the app is answered by the server', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/about')
  const field = page.getByRole('textbox', { name: 'Please enter your zip to check delivery' })
  await field.fill('77006')
  await field.press('Enter')
  await expect(page).toHaveURL('/how-it-works?zip=77006#check-your-zip')
  const checker = page.getByRole('region', { name: 'Do we deliver to you?' })
  await expect(checker.getByText('Good news: we deliver to 77006!')).toBeVisible()
  await expect(checker.getByLabel('Your ZIP code')).toHaveValue('77006')

  await checker.getByLabel('Your ZIP code').fill('78701')
  await checker.getByRole('button', { name: 'Check ZIP' }).click()
  await expect(page).toHaveURL('/how-it-works?zip=78701#check-your-zip')
  await expect(checker.getByText("Sorry, we don't deliver to 78701 yet.")).toBeVisible()
  await context.close()
})
