import type { Page } from '@playwright/test'
import type { Product } from '#shared/schemas/product.ts'
import { expect, test } from './support/fixtures.ts'

/**
 * The headings' font (Fraunces) comes after a page's main pictures, and until it is there the
 * headings are set in Times scaled to its width, so its arrival moves nothing
 * (docs/decisions/0011-heading-font-after-first-paint.md).
 */

const FONT = '**/assets/fraunces-*.woff2'
const hasHeadingFont = () => document.documentElement.hasAttribute('data-heading-font')

/** The top edge of every heading, paragraph, list item and button in <main>, in page order. */
const layout = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main :is(h1, h2, h3, p, li, button)')].map((element) =>
      Math.round(element.getBoundingClientRect().top + window.scrollY),
    ),
  )

async function firstProduct(page: Page) {
  const products = (await (await page.request.get('/api/products')).json()) as Product[]
  if (!products[0]) throw new Error('the demo catalogue is empty')
  return products[0]
}

/** a member of the page families whose headings differ most, and whether it has a main picture */
const PAGES = [
  ['product', (product: Product) => `/product/${product.id}`, true],
  ['landing', () => '/', true],
  ['producers', () => '/producers', true],
  // its quote is Fraunces at 400, the other weight the fallback is scaled for
  ['about', () => '/about', false],
] as const

for (const [family, path, hasMainPicture] of PAGES) {
  test(
    `on the ${family} page the headings' font arrives after the main picture and moves nothing`,
    { tag: '@phone' },
    async ({ page }) => {
      const address = path(await firstProduct(page))
      const events: string[] = []
      page.on('requestfinished', (request) => {
        if (request.url().includes('/illustrations/')) events.push('picture')
      })
      let releaseFont = () => {}
      const fontHeld = new Promise<void>((resolve) => (releaseFont = resolve))
      await page.route(FONT, async (route) => {
        events.push('font')
        await fontHeld
        await route.continue()
      })

      // not until "load": on a busy machine the frames after the pictures come before it, the font
      // is asked for then, and a load event waiting on the font held here would never fire
      await page.goto(address, { waitUntil: 'domcontentloaded' })
      await expect.poll(() => events.includes('font')).toBe(true)
      if (hasMainPicture) {
        // the page's main picture came first (low-priority ones may still be on their way)
        expect(events.indexOf('picture')).toBeGreaterThanOrEqual(0)
        expect(events.indexOf('picture')).toBeLessThan(events.indexOf('font'))
      }
      expect(await page.evaluate(hasHeadingFont)).toBe(false)
      const before = await layout(page)
      const headingFontBefore = await page.evaluate(
        () => getComputedStyle(document.querySelector('h1') as Element).fontFamily,
      )
      expect(headingFontBefore).not.toMatch(/^"?Fraunces Variable/)

      releaseFont()
      await page.waitForFunction(hasHeadingFont)
      await page.evaluate(() => document.fonts.ready)
      expect(
        await page.evaluate(
          () => getComputedStyle(document.querySelector('h1') as Element).fontFamily,
        ),
      ).toMatch(/^"?Fraunces Variable/)
      expect(await layout(page)).toEqual(before)
    },
  )
}

test('a page the app renders alone sets its headings in the font too', async ({ page }) => {
  await page.goto('/login')
  await expect(page.locator('script#server-render-state')).toHaveCount(0)
  await page.waitForFunction(hasHeadingFont)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS(
    'font-family',
    /^"?Fraunces Variable/,
  )
})
