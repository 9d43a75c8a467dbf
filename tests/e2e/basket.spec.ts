import type { Locator, Page } from '@playwright/test'
import {
  decimalToCents,
  displayedPriceToCents,
  formatCents,
  formatDecimalPrice,
} from '#shared/domain/money.ts'
import { MINIMUM_ORDER_CENTS } from '#shared/domain/pricing.ts'
import type { Product } from '#shared/schemas/product.ts'
import { openBoxBuilder } from './support/box-builder.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/** The basket drawer, pricing, promo codes and the custom box builder (docs/product.md#basket). */

async function firstInStock(page: Page, query = ''): Promise<Product> {
  const products = (await (await page.request.get(`/api/products${query}`)).json()) as Product[]
  const product = products.find(
    (candidate) => candidate.inStock && candidate.category !== 'farm-boxes',
  )
  if (!product) throw new Error('no product in stock')
  return product
}

/**
 * A basket of one line at the given price ("$12.99"), as the shop stores it (in cents): food,
 * exempt from sales tax (docs/product.md#tax).
 */
function storedBasket(product: Product, price: string, quantity = 1) {
  return JSON.stringify([
    {
      id: product.id,
      name: product.name,
      priceCents: displayedPriceToCents(price),
      quantity,
      image: product.imageUrl ?? '/illustrations/placeholder-product.svg',
      category: product.category,
      farmSource: product.farmSource,
      description: product.description,
      taxable: false,
    },
  ])
}

const drawer = (page: Page) => page.getByRole('dialog', { name: /^(Your Cart|My Orders)$/ })

test(
  'adding from the product page opens the basket; quantity, removal and a reload',
  { tag: '@phone' },
  async ({ page }) => {
    const product = await firstInStock(page, '?category=dairy-eggs')
    await page.goto(`/product/${product.id}`)
    await page.getByRole('button', { name: `ADD TO CART, ${product.name}` }).click()

    // the first item into an empty basket opens the drawer
    const cart = drawer(page)
    await expect(cart).toBeVisible()
    const lines = cart.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
    await expect(lines).toHaveCount(1)
    await expect(lines.first()).toContainText(product.name)
    await expect(lines.first()).toContainText(product.farmSource)
    await expect(cart).toContainText(/Orders start at \$60 of groceries|more for free delivery/)
    await expectAccessible(page)

    const quantity = cart.getByLabel(`Quantity of ${product.name}`)
    await expect(quantity.getByRole('option')).toHaveCount(20)
    await quantity.selectOption('3')
    // the tab and the header count products (lines), not units
    await expect(cart.getByRole('button', { name: 'Cart (1 product)' })).toBeVisible()
    await expect(lines.first()).toContainText(formatCents(decimalToCents(product.price) * 3))
    await expect(lines.first()).toContainText(`3 × ${formatCents(decimalToCents(product.price))}`)

    await page.reload()
    await page.getByRole('button', { name: 'Open cart, 1 product' }).click()
    await expect(drawer(page).getByLabel(`Quantity of ${product.name}`)).toHaveValue('3')

    await drawer(page)
      .getByRole('button', { name: `Remove ${product.name}` })
      .click()
    await expect(drawer(page).getByText('Your cart is empty')).toBeVisible()
    await expect(drawer(page).getByRole('button', { name: 'Checkout' })).toBeDisabled()
    expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull()
  },
)

/** Lines of these products, as the shop stores them; the first has the given quantity. */
function storedLines(products: readonly Product[], firstQuantity: number) {
  return JSON.stringify(
    products.map((product, index) => ({
      id: product.id,
      name: product.name,
      priceCents: decimalToCents(product.price),
      quantity: index === 0 ? firstQuantity : 1,
      image: product.imageUrl ?? '/illustrations/placeholder-product.svg',
      category: product.category,
      farmSource: product.farmSource,
      description: product.description,
    })),
  )
}

test(
  'five lines: line totals with unit prices, the lines scroll above a summary that stays, one note',
  { tag: '@phone' },
  async ({ page }) => {
    const products = ((await (await page.request.get('/api/products')).json()) as Product[])
      .filter((product) => product.inStock && product.category !== 'farm-boxes')
      .sort((a, b) => decimalToCents(a.price) - decimalToCents(b.price))
    const cheapest = products.slice(0, 6)
    const [first] = cheapest
    if (!first || cheapest.length < 6) throw new Error('too few products in stock')
    const unit = decimalToCents(first.price)
    const subtotal = cheapest.reduce((sum, product) => sum + decimalToCents(product.price), unit)
    expect(subtotal, 'the six cheapest products stay below the minimum').toBeLessThan(
      MINIMUM_ORDER_CENTS,
    )
    await page.goto('/about')
    await page.evaluate((cart) => localStorage.setItem('cart', cart), storedLines(cheapest, 2))
    await page.goto('/about')

    // the header counts products, and its name says so
    const basketButton = page.getByRole('button', { name: 'Open cart, 6 products' })
    await expect(basketButton).toHaveText('6')
    await basketButton.click()
    const cart = drawer(page)
    await expect(cart.getByRole('button', { name: 'Cart (6 products)' })).toBeVisible()

    // a line of 2: its total, and how it is made
    const lines = cart.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
    await expect(lines).toHaveCount(6)
    await expect(lines.first()).toContainText(formatCents(unit * 2))
    await expect(lines.first()).toContainText(`2 × ${formatCents(unit)}`)

    // below the minimum: what is missing, counted before tax and delivery; nothing else
    const summary = cart.getByRole('region', { name: 'Cart summary' })
    await expect(summary).toContainText(
      `Orders start at $60 of groceries (before tax and delivery): add ${formatCents(MINIMUM_ORDER_CENTS - subtotal)} more`,
    )
    await expect(cart.getByText(/free delivery/i)).toHaveCount(0)

    // at least four whole lines show above the summary, whose total is on screen too
    const total = summary.getByText('Total', { exact: true })
    await expect(total).toBeInViewport({ ratio: 1 })
    const summaryBox = await summary.boundingBox()
    if (!summaryBox) throw new Error('the summary has no box')
    for (let index = 0; index < 4; index += 1) {
      await expect(lines.nth(index)).toBeInViewport({ ratio: 1 })
      const box = await lines.nth(index).boundingBox()
      expect(
        box && box.y + box.height,
        `line ${index + 1} ends above the summary`,
      ).toBeLessThanOrEqual(summaryBox.y)
    }
    await expectAccessible(page)

    // the items scroll; the summary stays where it was
    await lines.last().scrollIntoViewIfNeeded()
    await expect(lines.last()).toBeInViewport({ ratio: 1 })
    await expect(total).toBeInViewport({ ratio: 1 })
    expect((await summary.boundingBox())?.y).toBe(summaryBox.y)

    // over the minimum: one note, about free delivery
    const enough = Math.ceil((MINIMUM_ORDER_CENTS - subtotal + unit * 2) / unit)
    expect(enough).toBeLessThanOrEqual(20)
    await cart.getByLabel(`Quantity of ${first.name}`).selectOption(String(enough))
    await expect(summary).not.toContainText('Orders start at')
    await expect(cart.getByText(/free delivery/i)).toHaveCount(1)
    await expect(cart.getByText(/free delivery/i)).toHaveText(
      /^Add \$[\d.]+ more for free delivery$/,
    )
    await expect(cart.getByRole('link', { name: /^Checkout · \$/ })).toBeVisible()
    await expectAccessible(page)
    // more units of a product are still one product to the header
    await page.keyboard.press('Escape')
    await expect(basketButton).toHaveText('6')
  },
)

test('a corrupt basket in storage is discarded without an error', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem(
        'cart',
        JSON.stringify([{ id: 'not-a-uuid', name: 'x', priceCents: 100, quantity: 1 }]),
      )
    }
  })
  await page.goto('/?cart=open')
  await expect(drawer(page).getByText('Your cart is empty')).toBeVisible()
  // ?cart=open is removed once the drawer is open
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull()
})

test('the checkout button at 0, 59.99 and 60.00', async ({ page }) => {
  const product = await firstInStock(page)
  await page.goto('/?cart=open')
  await expect(drawer(page).getByRole('button', { name: 'Checkout' })).toBeDisabled()

  await page.evaluate(
    (basket) => localStorage.setItem('cart', basket),
    storedBasket(product, '$59.99'),
  )
  await page.goto('/?cart=open')
  const below = drawer(page)
  await expect(below.getByRole('button', { name: /^Checkout/ })).toBeDisabled()
  await expect(below.getByRole('button', { name: /^Checkout/ })).toHaveAccessibleDescription(
    'Orders start at $60 of groceries (before tax and delivery): add $0.01 more',
  )
  // below the minimum, the minimum is the one note
  await expect(below.getByText(/free delivery/i)).toHaveCount(0)

  await page.evaluate(
    (basket) => localStorage.setItem('cart', basket),
    storedBasket(product, '$60.00'),
  )
  await page.goto('/?cart=open')
  const enough = drawer(page)
  // 60.00 + 5.99 delivery; food pays no tax
  await expect(enough.getByRole('link', { name: 'Checkout · $65.99' })).toHaveAttribute(
    'href',
    '/checkout',
  )
  await expect(enough).not.toContainText('Orders start at')
  await expect(enough.getByText(/free delivery/i)).toHaveText(['Add $39.00 more for free delivery'])

  await page.evaluate(
    (basket) => localStorage.setItem('cart', basket),
    storedBasket(product, '$99.00'),
  )
  await page.goto('/?cart=open')
  await expect(drawer(page).getByText('Free', { exact: true })).toBeVisible()
  await expect(drawer(page).getByText(/free delivery/i)).toHaveText([
    "You've unlocked free delivery",
  ])
})

test(
  'promo codes: empty, unknown, WELCOME10 applied and removed',
  { tag: '@phone' },
  async ({ page }) => {
    const product = await firstInStock(page)
    await page.addInitScript(
      (basket) => {
        if (!localStorage.getItem('cart')) localStorage.setItem('cart', basket)
      },
      storedBasket(product, '$64.27'),
    )
    await page.goto('/?cart=open')
    const cart = drawer(page)
    const code = cart.getByLabel('Promo code')
    // a neutral hint: an example code would be a discount for every shopper
    await expect(code).toHaveAttribute('placeholder', 'Promo code')
    await cart.getByRole('button', { name: 'Apply' }).click()
    await expect(cart.getByRole('alert')).toHaveText('Please enter a coupon code')

    await code.fill('NOPE2026')
    await cart.getByRole('button', { name: 'Apply' }).click()
    await expect(cart.getByRole('alert')).toHaveText('Invalid coupon code')

    await code.fill('  welcome10 ')
    await cart.getByRole('button', { name: 'Apply' }).click()
    await expect(cart.getByText('WELCOME10', { exact: true })).toBeVisible()
    // 64.27 − 6.43 = 57.84; delivery 5.99; food pays no tax
    await expect(cart).toContainText('−$6.43')
    await expect(cart.getByRole('link', { name: 'Checkout · $63.83' })).toBeVisible()
    await expectAccessible(page)

    await cart.getByRole('button', { name: 'Remove code WELCOME10' }).click()
    await expect(cart).not.toContainText('−$6.43')
    await expect(cart.getByRole('link', { name: 'Checkout · $70.26' })).toBeVisible()
  },
)

test("'My Orders' asks a visitor to log in, with the next delivery and its deadline", async ({
  page,
}) => {
  // Tuesday Nov 24 2026, 10:00 in Houston
  await page.clock.setFixedTime(new Date('2026-11-24T16:00:00Z'))
  const product = await firstInStock(page)
  await page.addInitScript(
    (basket) => localStorage.setItem('cart', basket),
    storedBasket(product, '$12.00', 2),
  )
  await page.goto('/?cart=open')
  const cart = drawer(page)
  await expect(cart).toContainText('Order within 1 day 10 hours for Saturday, Nov 28')
  await cart.getByRole('button', { name: 'My Orders' }).click()
  await expect(cart).toHaveAccessibleName('My Orders')
  // the basket's own count is not an order: only the server's orders show here
  await expect(cart).toContainText(
    'Log in to see your orders. The next delivery is Saturday, Nov 28: order by Wednesday, Nov 25 at 8:00 PM.',
  )
  await expect(cart.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  await cart.getByRole('button', { name: 'Back to cart' }).click()
  await expect(cart.getByRole('list', { name: 'Items in your cart' })).toBeVisible()
})

test('another tab sees the basket change', async ({ page, context }) => {
  const product = await firstInStock(page)
  await page.goto('/shop')
  const other = await context.newPage()
  await other.goto('/shop')
  await page.evaluate(
    (basket) => localStorage.setItem('cart', basket),
    storedBasket(product, '$5.00', 4),
  )
  // storage events reach the other tab only
  await expect(other.getByRole('button', { name: 'Open cart, 1 product' })).toBeVisible()
})

/** The product a builder row offers, read from the row's own button ("Choose {name}"). */
async function offeredProduct(page: Page, row: Locator): Promise<Product> {
  const label = await row.getByRole('button', { name: /^(Choose|One more) / }).textContent()
  const name = (label ?? '').replace(/^(Choose|One more) /, '')
  const found = (await (
    await page.request.get(`/api/products?search=${encodeURIComponent(name)}`)
  ).json()) as Product[]
  const product = found.find((candidate) => candidate.name === name)
  if (!product) throw new Error(`no product named ${name}`)
  return product
}

/** A tap (a click at desktop width) on a row's price line: the row, away from its button's text. */
async function tapRow(row: Locator, isMobile: boolean) {
  const rowBox = await row.boundingBox()
  const textBox = await row.getByText(/ each$/).boundingBox()
  if (!rowBox || !textBox) throw new Error('the row is not on screen')
  const position = {
    x: textBox.x - rowBox.x + textBox.width / 2,
    y: textBox.y - rowBox.y + textBox.height / 2,
  }
  await (isMobile ? row.tap({ position }) : row.click({ position }))
}

test(
  'a custom farm box: a tap on a row chooses it, exactly seven items, then one line with the choices',
  { tag: '@phone' },
  async ({ page, isMobile }) => {
    const { builder } = await openBoxBuilder(page)
    await expect(builder.getByText('0 of 7 items selected')).toBeVisible()
    await expect(builder.getByText('Select 7 more items')).toBeVisible()
    const offered = builder
      .getByRole('list', { name: 'Products for your box' })
      .getByRole('listitem')
    await expect(offered).not.toHaveCount(0)
    expect(await offered.count()).toBeLessThanOrEqual(10)
    const addToCart = builder.getByRole('button', { name: 'Add to Cart' })
    await expect(addToCart).toBeDisabled()
    // nothing looks chosen: no tick, no count, no minus
    await expect(builder.locator('.lucide-check')).toHaveCount(0)
    await expect(builder.getByText(/^×\d$/)).toHaveCount(0)
    await expect(builder.getByRole('button', { name: /^One fewer / })).toHaveCount(0)
    await expectAccessible(page)

    // each row: the price bought singly, the unit and the farm
    const first = offered.first()
    const second = offered.nth(Math.min(1, (await offered.count()) - 1))
    const a = await offeredProduct(page, first)
    const b = await offeredProduct(page, second)
    for (const [row, product] of [
      [first, a],
      [second, b],
    ] as const) {
      await expect(row).toContainText(`${formatDecimalPrice(product.price)} each`)
      await expect(row).toContainText(product.stockCount)
      await expect(row).toContainText(product.farmSource)
    }
    // a phone's fingers: every target at least 44 px tall
    expect((await first.boundingBox())?.height).toBeGreaterThanOrEqual(44)

    // a tap anywhere on the row adds one; the row shows its count and minus
    await tapRow(first, isMobile)
    await expect(builder.getByText('1 of 7 items selected')).toBeVisible()
    await expect(first.getByText('×1')).toBeVisible()
    const fewer = builder.getByRole('button', { name: `One fewer ${a.name}` })
    await expect(fewer).toBeVisible()
    expect((await fewer.boundingBox())?.height).toBeGreaterThanOrEqual(44)
    // the count and the details are read out with the row's name
    await expect(
      builder.getByRole('button', { name: `One more ${a.name}` }),
    ).toHaveAccessibleDescription(/^1 chosen \$\d+\.\d{2} each/)
    await tapRow(first, isMobile)
    await expect(first.getByText('×2')).toBeVisible()
    // minus takes one away, and the rest of the row is not touched
    await fewer.click()
    await expect(first.getByText('×1')).toBeVisible()
    await expect(builder.getByText('1 of 7 items selected')).toBeVisible()
    let chosen = 1
    if (b.id !== a.id) {
      await expect(second.getByText(/^×\d$/)).toHaveCount(0)
      // the keyboard chooses too
      await builder.getByRole('button', { name: `Choose ${b.name}` }).press('Enter')
      await expect(second.getByText('×1')).toBeVisible()
      chosen += 1
    }
    for (; chosen < 7; chosen += 1) {
      await tapRow(first, isMobile)
      await expect(builder.getByText(`${chosen + 1} of 7 items selected`)).toBeVisible()
    }
    await expect(builder.getByText('Ready to add!')).toBeVisible()
    // full: every row's add is inactive, the rows not chosen look it, and a tap does nothing
    for (const button of await builder.getByRole('button', { name: /^(Choose|One more) / }).all()) {
      await expect(button).toBeDisabled()
    }
    if ((await offered.count()) > 2) {
      await tapRow(offered.nth(2), isMobile)
      await expect(builder.getByText('7 of 7 items selected')).toBeVisible()
      await expect(offered.nth(2).getByText(/^×\d$/)).toHaveCount(0)
    }
    await expectAccessible(page)
    await addToCart.click()
    await expect(builder).toBeHidden()

    const cart = drawer(page)
    await expect(cart).toBeVisible()
    await expect(cart.getByText('Your choice of 7 items')).toBeVisible()
    const stored = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('cart') ?? '[]') as Array<{ customSelections?: string[] }>,
    )
    expect(stored).toHaveLength(1)
    expect(stored[0]?.customSelections).toHaveLength(7)
    expect(stored[0]?.customSelections?.filter((id) => id === b.id)).toHaveLength(
      b.id === a.id ? 7 : 1,
    )

    // the builder starts empty again
    await page.keyboard.press('Escape')
    await openBoxBuilder(page)
    await expect(builder.getByText('0 of 7 items selected')).toBeVisible()
  },
)
