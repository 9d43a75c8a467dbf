// npm run bench:shopping: a new shopper on a phone (375 × 812) fills a basket from /shop with
// quick add (docs/product.md#quick-add): 6 different in-stock products worth at least the $60
// minimum, raising a quantity with the card's plus while under it. Prints the clicks and the full
// page loads (document requests: a client-side navigation is none) it took; then opens the basket
// drawer and prints how many of its lines are fully on screen, and whether the total is.
// Aim: at most 8 clicks and 1 page load. BENCH_DATABASE_URL runs the shop on a database of its
// own on that server instead of its embedded PostgreSQL.
/* global document, window, getComputedStyle -- the functions evaluated in the page */
import { spawnSync } from 'node:child_process'
import { chromium } from '@playwright/test'
import { benchDatabase, startBenchShop } from './bench-shop.mjs'

const VIEWPORT = { width: 375, height: 812 }
const PRODUCTS = 6
const MINIMUM_CENTS = 6000
const AIM = { clicks: 8, pageLoads: 1 }

if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

const database = process.env.BENCH_DATABASE_URL
  ? await benchDatabase(process.env.BENCH_DATABASE_URL, 'shopping')
  : undefined
const shop = await startBenchShop('shopping', database ? { DATABASE_URL: database.url } : {})
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
})
let failed = false
try {
  const context = await browser.newContext({ viewport: VIEWPORT, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  let pageLoads = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) pageLoads += 1
  })
  let clicks = 0
  const click = async (locator) => {
    clicks += 1
    await locator.click()
  }

  await page.goto(`${shop.base}/shop`)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))

  // the cards a shopper can add straight away, in the order the page shows them
  const cards = await page
    .getByRole('main')
    .getByRole('article')
    .evaluateAll((articles) =>
      articles.flatMap((article) => {
        const add = [...article.querySelectorAll('button')].find((button) =>
          button.getAttribute('aria-label')?.startsWith('ADD, '),
        )
        const price = [...article.querySelectorAll('span')]
          .map((span) => span.textContent ?? '')
          .find((text) => /^\$\d+\.\d{2}$/.test(text))
        if (!add || !price) return []
        const name = add.getAttribute('aria-label').slice('ADD, '.length)
        return [{ name, cents: Math.round(Number(price.slice(1)) * 100) }]
      }),
    )
  const chosen = cards.slice(0, PRODUCTS)
  if (chosen.length < PRODUCTS) throw new Error(`only ${chosen.length} cards to add on /shop`)
  for (const { name } of chosen) {
    await click(page.getByRole('button', { name: `ADD, ${name}`, exact: true }))
    await page.getByRole('button', { name: `Add one ${name}`, exact: true }).waitFor()
  }
  // under the minimum: more of the dearest, with its card's plus
  const dearest = chosen.reduce((best, card) => (card.cents > best.cents ? card : best))
  let subtotal = chosen.reduce((sum, card) => sum + card.cents, 0)
  while (subtotal < MINIMUM_CENTS) {
    await click(page.getByRole('button', { name: `Add one ${dearest.name}`, exact: true }))
    subtotal += dearest.cents
  }
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'))
  const storedCents = stored.reduce((sum, line) => sum + line.priceCents * line.quantity, 0)
  if (stored.length !== PRODUCTS || storedCents !== subtotal)
    throw new Error(`the basket holds ${stored.length} lines worth ${storedCents} cents`)

  console.log(`Filling a basket on a phone (${VIEWPORT.width} × ${VIEWPORT.height}) from /shop:`)
  console.log(
    `  ${PRODUCTS} products, $${(subtotal / 100).toFixed(2)}: ${clicks} clicks (aim ≤ ${AIM.clicks}), ${pageLoads} page load${pageLoads === 1 ? '' : 's'} (aim ${AIM.pageLoads})`,
  )

  await page.getByRole('button', { name: /^Open cart, / }).click()
  const drawer = page.getByRole('dialog', { name: 'Your Cart' })
  await drawer.waitFor()
  await page.waitForTimeout(500) // the drawer's slide-in
  await page.evaluate(`window.fullyVisible = ${fullyVisible.toString()}`)
  const lines = drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
  const visible = await lines.evaluateAll(
    (items) => items.filter((item) => window.fullyVisible(item)).length,
  )
  const totalShown = await drawer
    .getByText('Total', { exact: true })
    .evaluate((element) => window.fullyVisible(element))
  console.log(
    `The basket drawer at ${VIEWPORT.width} × ${VIEWPORT.height}: ${visible} of ${stored.length} lines fully visible, the total ${totalShown ? 'visible' : 'not visible'} without scrolling`,
  )
  if (clicks > AIM.clicks || pageLoads > AIM.pageLoads) failed = true
} finally {
  await browser.close()
  await shop.stop()
  await database?.drop()
}
process.exit(failed ? 1 : 0)

/** In the browser: the whole element is on screen, not clipped by a scrolling ancestor. */
function fullyVisible(element) {
  const rect = element.getBoundingClientRect()
  let top = 0
  let bottom = window.innerHeight
  let left = 0
  let right = window.innerWidth
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflow === 'visible') continue
    const clip = parent.getBoundingClientRect()
    top = Math.max(top, clip.top)
    bottom = Math.min(bottom, clip.bottom)
    left = Math.max(left, clip.left)
    right = Math.min(right, clip.right)
  }
  return (
    rect.height > 0 &&
    rect.top >= top - 1 &&
    rect.bottom <= bottom + 1 &&
    rect.left >= left - 1 &&
    rect.right <= right + 1
  )
}
