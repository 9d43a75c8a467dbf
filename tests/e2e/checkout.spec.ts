import type { Page } from '@playwright/test'
import {
  orderCutoffFor,
  formatDeliveryDate,
  formatDeliveryDateLong,
  formatEditDeadline,
  nextDeliveryDate,
} from '#shared/domain/delivery.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * Checkout, payment and orders with the demo payment provider (docs/product.md#payments,
 * #orders): a purchase through to the order history and the deliveries page, a declined card, a
 * card that needs the bank's check, and a visitor who is not signed in. Registration is
 * limited to 30 auth calls a minute per IP, shared by both projects: one per test.
 */

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

function makeCustomer(tag: string) {
  return {
    firstName: 'Marisol',
    lastName: 'Okafor',
    email: uniqueEmail(tag),
    password: 'okra-and-peaches-7',
    phone: '(713) 555-0148',
    deliveryStreet: '2417 Bagby St',
    deliveryApt: 'Apt 3',
    deliveryCity: 'Houston',
    deliveryState: 'TX',
    deliveryZip: '77006',
  }
}
type Customer = ReturnType<typeof makeCustomer>

const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  needsAuthentication: '4000 0025 0000 3155',
} as const

/** An account made in the page's own cookie jar, so the page is signed in. */
async function signUp(page: Page, tag: string): Promise<Customer> {
  const customer = makeCustomer(tag)
  const response = await page.request.post('/api/auth/register', { data: customer })
  expect(response.status(), await response.text()).toBe(201)
  return customer
}

interface StoredLine {
  id: string
  name: string
  priceCents: number
  quantity: number
  image: string
  category: string
  farmSource: string
  description: string
  customSelections?: string[]
  taxable: boolean
}

const storedLine = (product: Product, quantity: number, customSelections?: string[]) => ({
  id: product.id,
  name: product.name,
  priceCents: decimalToCents(product.price),
  quantity,
  image: product.imageUrl ?? '/illustrations/placeholder-product.svg',
  category: product.category,
  farmSource: product.farmSource,
  description: product.description,
  taxable: product.taxable,
  ...(customSelections ? { customSelections } : {}),
})

/**
 * A basket over the $60 minimum, as the shop stores it: two products in stock and, when
 * `withBox`, a custom farm box of seven picks (two products chosen more than once).
 */
async function makeBasket(page: Page, { withBox = false } = {}) {
  const products = (await (await page.request.get('/api/products')).json()) as Product[]
  const inStock = products.filter((product) => product.inStock)
  const regular = inStock.filter((product) => product.category !== 'farm-boxes').slice(0, 2)
  const [first, second] = regular
  if (!first || !second) throw new Error('the demo catalogue has too few products in stock')
  const firstQuantity = Math.min(20, Math.ceil(7000 / decimalToCents(first.price)))
  const lines: StoredLine[] = [storedLine(first, firstQuantity), storedLine(second, 1)]
  const picks: Product[] = []
  if (withBox) {
    const box = inStock.find(
      (product) => product.category === 'farm-boxes' && product.subcategory !== 'butchers-box',
    )
    if (!box) throw new Error('no farm box')
    // the items the box offers (its own list, docs/product.md#farm-boxes)
    const offered = (
      (await (await page.request.get(`/api/products/${box.id}/box-choices`)).json()) as Product[]
    ).slice(0, 3)
    if (offered.length < 3) throw new Error(`${box.name} offers too few items`)
    picks.push(...offered)
    const [a, b, c] = offered as [Product, Product, Product]
    lines.push(storedLine(box, 1, [a.id, a.id, a.id, b.id, b.id, c.id, c.id]))
  }
  const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0)
  return { lines, picks, subtotal, expectedTotal: formatTotal(lines) }
}

/** a × b / c rounded half-up, in whole cents */
const halfUp = (a: number, b: number, c: number) => Math.floor((a * b * 2 + c) / (c * 2))

/** "$1,234.50" */
const dollars = (amount: number) =>
  `$${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`

/**
 * The total (docs/product.md#pricing, #tax): (subtotal − discount) + $5.99 when the subtotal before
 * the discount is below $99 + 8.25 % (half-up, once) of the taxable lines' share of the two.
 */
function formatTotal(lines: readonly StoredLine[], percentOff = 0): string {
  const value = (of: readonly StoredLine[]) =>
    of.reduce((sum, line) => sum + line.priceCents * line.quantity, 0)
  const subtotal = value(lines)
  const discounted = subtotal - halfUp(subtotal, percentOff, 100)
  const sales = discounted + (subtotal >= 9900 ? 0 : 599)
  const taxable = value(lines.filter((line) => line.taxable))
  const tax = halfUp(taxable * sales, 825, subtotal * 10_000)
  return dollars(sales + tax)
}

/** Puts the basket in storage as the shop keeps it (the session comes from its cookies). */
async function storeBasket(page: Page, lines: StoredLine[]) {
  await page.goto('/about')
  await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify(lines))
}

const main = (page: Page) => page.getByRole('main')
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true })
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ })
const storedCart = (page: Page) => page.evaluate(() => localStorage.getItem('cart'))

async function payWith(page: Page, cardNumber: string) {
  await field(page, 'Card number').fill(cardNumber)
  await field(page, 'Expiry (MM / YY)').fill('12 / 34')
  await field(page, 'CVC').fill('123')
  await main(page).getByRole('button', { name: 'Complete Order' }).click()
}

/** The checkout once the server has priced the basket and the payment form can be used. */
async function openCheckout(page: Page) {
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout')
  await expect(main(page).getByRole('button', { name: 'Complete Order' })).toBeEnabled()
}

test(
  'buys with a card that succeeds, then finds the order in the history and the deliveries',
  { tag: '@phone' },
  async ({ page }) => {
    const customer = await signUp(page, 'buy')
    const basket = await makeBasket(page, { withBox: true })
    await storeBasket(page, basket.lines)
    const expectedTotal = formatTotal(basket.lines, 10)
    const discount = dollars(halfUp(basket.subtotal, 10, 100))

    // a promo code applied in the basket drawer goes to the checkout with it
    await page.goto('/about?cart=open')
    const drawer = page.getByRole('dialog', { name: 'Your Cart' })
    // My Orders before the purchase: nothing coming yet
    await drawer.getByRole('button', { name: 'My Orders' }).click()
    const myOrders = page.getByRole('dialog', { name: 'My Orders' })
    await expect(myOrders).toContainText('You have no coming orders.')
    await myOrders.getByRole('button', { name: 'Back to cart' }).click()
    await drawer.getByLabel('Promo code').fill('WELCOME10')
    await drawer.getByRole('button', { name: 'Apply' }).click()
    await expect(drawer).toContainText(`−${discount}`)
    await drawer.getByRole('link', { name: /^Checkout/ }).click()
    await expect(page).toHaveURL(/\/checkout$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout')
    await expect(main(page).getByRole('button', { name: 'Complete Order' })).toBeEnabled()
    await expect(page).toHaveTitle('Checkout | Houston Farm to Door')

    // the summary: every line with its quantity, the box's picks with counts, the server's figures
    const summary = main(page).getByRole('region', { name: 'Order summary' })
    const items = summary.getByRole('list', { name: 'Items in your order' }).locator(':scope > li')
    await expect(items).toHaveCount(3)
    await expect(items.first()).toContainText(`Qty ${basket.lines[0]?.quantity}`)
    const [a, b, c] = basket.picks
    const box = basket.lines[2]
    const contents = summary.getByRole('list', { name: `${box?.name} contents` })
    await expect(contents.getByRole('listitem')).toHaveText([
      `3 × ${a?.name}`,
      `2 × ${b?.name}`,
      `2 × ${c?.name}`,
    ])
    await expect(summary).toContainText('Subtotal')
    await expect(summary).toContainText('Tax (8.25%)')
    await expect(summary).toContainText(`Promo (WELCOME10)−${discount}`)
    await expect(summary).toContainText(expectedTotal)

    // the address comes from the profile; the delivery date and window are shown
    await expect(field(page, 'Street address')).toHaveValue(customer.deliveryStreet)
    await expect(field(page, 'ZIP code')).toHaveValue(customer.deliveryZip)
    await expect(main(page)).toContainText(/Delivery: Saturday, \w{3} \d{1,2}, 5:00 AM – 5:00 PM/)
    await expect(main(page)).toContainText('Demo payments — no card is charged')
    await expectAccessible(page)

    // the card is checked in the browser first
    await main(page).getByRole('button', { name: 'Complete Order' }).click()
    await expect(field(page, 'Card number')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Card number')).toHaveAccessibleDescription(
      'Please enter a valid card number',
    )
    await expect(field(page, 'Card number')).toBeFocused()
    await expectAccessible(page)

    await field(page, 'Apartment, suite, gate code (optional)').fill('Apt 3, gate 1942')
    await payWith(page, TEST_CARDS.succeeds)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')
    await expect(page).toHaveURL(/\/order-success\?payment_intent=pi_/)
    await expect(toasts(page).getByText('Payment Successful')).toBeVisible()
    await expect(main(page)).toContainText(expectedTotal)
    await expect(main(page)).toContainText(/Order number\s*#[0-9A-F]{8}/)
    for (const step of ['Order Processing', 'Saturday Morning Delivery', 'Enjoy Fresh Food']) {
      await expect(main(page).getByRole('heading', { name: step })).toBeVisible()
    }
    await expect(main(page).getByRole('link', { name: 'View Order History' })).toHaveAttribute(
      'href',
      '/order-history',
    )
    await expect(main(page).getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/shop',
    )
    await expect(main(page).getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/',
    )
    expect(await storedCart(page)).toBeNull()
    // the promo code is spent with the order
    expect(await page.evaluate(() => sessionStorage.getItem('promo'))).toBeNull()
    await expectAccessible(page)

    // My Orders in the basket: the order as the server has it (its items, total, the way to
    // change it), though the basket is empty now
    await page.getByRole('button', { name: 'Open cart, empty' }).click()
    await page
      .getByRole('dialog', { name: 'Your Cart' })
      .getByRole('button', { name: 'My Orders' })
      .click()
    const coming = myOrders.getByRole('list', { name: 'Your coming orders' }).getByRole('article')
    await expect(coming).toHaveCount(1)
    const orderedItems = coming
      .getByRole('list', { name: /^Items in order #/ })
      .getByRole('listitem')
    await expect(orderedItems).toHaveCount(basket.lines.length)
    for (const line of basket.lines) {
      await expect(orderedItems.filter({ hasText: line.name })).toContainText(
        `${line.quantity} × ${line.name}`,
      )
    }
    await expect(coming).toContainText(`Total${expectedTotal}`)
    await expect(
      coming.getByRole('link', { name: /^Change until \w+, \w{3} \d{1,2} at 8:00 PM$/ }),
    ).toHaveAttribute('href', /^\/orders\/[0-9a-f-]{36}$/)
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect(myOrders).toBeHidden()

    // the order history: one order, opened to its items, figures and address
    await main(page).getByRole('link', { name: 'View Order History' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order History')
    const orders = main(page).getByRole('list', { name: 'Your orders' }).locator(':scope > li')
    await expect(orders).toHaveCount(1)
    const toggle = orders.first().getByRole('button', { name: /^Order #/ })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(orders.first()).toContainText(expectedTotal)
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const details = orders.first()
    await expect(details).toContainText(basket.lines[0]?.name ?? '')
    await expect(details).toContainText(basket.lines[0]?.farmSource ?? '')
    await expect(
      details.getByRole('list', { name: `${box?.name} contents` }).getByRole('listitem'),
    ).toHaveText([`3 × ${a?.name}`, `2 × ${b?.name}`, `2 × ${c?.name}`])
    await expect(details.getByText('Subtotal')).toBeVisible()
    await expect(details).toContainText(`Promo (WELCOME10)−${discount}`)
    await expect(details.locator('address')).toContainText('2417 Bagby St')
    await expect(details.locator('address')).toContainText('gate 1942')
    await expectAccessible(page)

    // the deliveries: upcoming, at its first step; past deliveries are folded away
    await page.goto('/delivery')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Deliveries')
    const upcoming = main(page).getByRole('list', { name: 'Upcoming deliveries' })
    await expect(upcoming.locator(':scope > li')).toHaveCount(1)
    const progress = upcoming.getByRole('progressbar', { name: 'Delivery progress' })
    await expect(progress).toHaveAttribute('aria-valuenow', '0')
    await expect(progress).toHaveAttribute('aria-valuetext', 'Order Confirmed')
    for (const step of ['Order Confirmed', 'Being Prepared', 'Out for Delivery', 'Delivered']) {
      await expect(upcoming.getByText(step, { exact: true }).first()).toBeVisible()
    }
    const past = main(page).getByRole('button', { name: /^Past Deliveries/ })
    await expect(past).toHaveAttribute('aria-expanded', 'false')
    await past.click()
    await expect(past).toHaveAttribute('aria-expanded', 'true')
    await expect(main(page)).toContainText('No past deliveries yet.')
    await expectAccessible(page)
  },
)

test("a farm box as the farm packs it reads Farmer's choice in the basket, the checkout and the order", async ({
  page,
}) => {
  await signUp(page, 'farmers-choice')
  const basket = await makeBasket(page)
  const products = (await (await page.request.get('/api/products')).json()) as Product[]
  const box = products.find((product) => product.category === 'farm-boxes' && product.inStock)
  if (!box) throw new Error('no farm box in stock')
  await storeBasket(page, [...basket.lines, storedLine(box, 1)])

  await page.goto('/about?cart=open')
  const drawer = page.getByRole('dialog', { name: 'Your Cart' })
  await expect(drawer.getByRole('listitem').filter({ hasText: box.name })).toContainText(
    "Farmer's choice",
  )

  await openCheckout(page)
  const summary = main(page).getByRole('region', { name: 'Order summary' })
  await expect(summary.getByRole('listitem').filter({ hasText: box.name })).toContainText(
    "Farmer's choice",
  )
  await payWith(page, TEST_CARDS.succeeds)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')

  await page.goto('/order-history')
  const order = main(page).getByRole('list', { name: 'Your orders' }).locator(':scope > li')
  await order
    .first()
    .getByRole('button', { name: /^Order #/ })
    .click()
  await expect(order.first().getByRole('listitem').filter({ hasText: box.name })).toContainText(
    "Farmer's choice",
  )
  await expectAccessible(page)
})

test('a declined card says Payment Failed and keeps the basket; another card then pays', async ({
  page,
}) => {
  await signUp(page, 'decline')
  const basket = await makeBasket(page)
  await storeBasket(page, basket.lines)
  const stored = await storedCart(page)
  const paymentsAskedFor: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/create-payment-intent')) paymentsAskedFor.push(request.url())
  })
  await openCheckout(page)

  await payWith(page, TEST_CARDS.declined)
  const alert = main(page).getByRole('alert').filter({ hasText: 'Payment Failed' })
  await expect(alert).toContainText('Your card was declined.')
  await expect(toasts(page).getByText('Payment Failed')).toBeVisible()
  await expect(page).toHaveURL(/\/checkout$/)
  expect(await storedCart(page)).toBe(stored)
  await expect(
    main(page).getByRole('list', { name: 'Items in your order' }).locator(':scope > li'),
  ).toHaveCount(2)
  await expectAccessible(page)

  // the same payment takes the good card (so a limited coupon's hold stays with it)
  await expect(main(page).getByRole('button', { name: 'Complete Order' })).toBeEnabled()
  await payWith(page, TEST_CARDS.succeeds)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')
  expect(paymentsAskedFor).toHaveLength(1)
  expect(await storedCart(page)).toBeNull()
})

test('a checkout opened before the cut-off and paid after it is for the next Saturday, and says so', async ({
  page,
}) => {
  await signUp(page, 'moved')
  const basket = await makeBasket(page)
  await storeBasket(page, basket.lines)
  const shown = nextDeliveryDate(new Date())
  const cutoff = orderCutoffFor(shown)
  const next = new Date(shown.getTime() + 7 * 24 * 60 * 60_000)
  await page.request.put('/api/test/clock', {
    data: { now: new Date(cutoff.getTime() - 60_000).toISOString() },
  })
  try {
    await openCheckout(page)
    await expect(main(page)).toContainText(`Delivery: ${formatDeliveryDate(shown)}`)
    // the customer takes ten minutes over the card form: the cut-off passes meanwhile
    await page.request.put('/api/test/clock', {
      data: { now: new Date(cutoff.getTime() + 10 * 60_000).toISOString() },
    })
    await payWith(page, TEST_CARDS.succeeds)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')
    const notice = main(page).getByRole('status').filter({ hasText: 'Your order is for' })
    await expect(notice).toContainText(`Your order is for ${formatDeliveryDateLong(next)}`)
    await expect(notice).toContainText('the payment came after the order deadline')
    await expect(notice).toContainText(
      `You can change or cancel it until ${formatEditDeadline(orderCutoffFor(next))}`,
    )
    await expect(main(page)).toContainText(formatDeliveryDateLong(next))
    await expectAccessible(page)
  } finally {
    await page.request.put('/api/test/clock', { data: { now: null } })
  }
})

test.describe('with an out-of-date price in the basket', () => {
  // the server answers the stale total with 409 and its own prices, on purpose
  test.use({ expectedConsoleErrors: [/status of 409 .*\/api\/create-payment-intent\)$/] })

  test("takes the server's prices, says the total changed, and pays the new total", async ({
    page,
  }) => {
    await signUp(page, 'reprice')
    const basket = await makeBasket(page)
    const [first] = basket.lines
    if (!first) throw new Error('empty basket')
    await storeBasket(page, [{ ...first, priceCents: 100 }, ...basket.lines.slice(1)])

    // a new customer has no orders yet
    await page.goto('/order-history')
    await expect(main(page).getByRole('heading', { name: 'No orders yet' })).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'Start Shopping' })).toHaveAttribute(
      'href',
      '/shop',
    )
    await expectAccessible(page)

    await openCheckout(page)
    await expect(main(page).getByRole('status').filter({ hasText: 'has changed' })).toContainText(
      `Your new total is ${basket.expectedTotal}`,
    )
    const summary = main(page).getByRole('region', { name: 'Order summary' })
    await expect(summary).toContainText(`Qty ${first.quantity} × ${dollars(first.priceCents)}`)
    await expect(summary).toContainText(basket.expectedTotal)
    // the basket itself now shows the server's price
    const cart = JSON.parse((await storedCart(page)) ?? '[]') as StoredLine[]
    expect(cart[0]?.priceCents).toBe(first.priceCents)

    await payWith(page, TEST_CARDS.succeeds)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')
    await expect(main(page)).toContainText(basket.expectedTotal)
  })
})

test("a card that needs the bank's check goes to the demo bank and back, and makes one order", async ({
  page,
}) => {
  await signUp(page, 'authenticate')
  const basket = await makeBasket(page)
  await storeBasket(page, basket.lines)
  const stored = await storedCart(page)
  await openCheckout(page)

  // failing the check comes back to the checkout with the basket as it was
  await payWith(page, TEST_CARDS.needsAuthentication)
  await expect(page).toHaveURL(/\/checkout\/authenticate\?payment_intent=pi_/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo bank verification')
  await expectAccessible(page)
  await main(page).getByRole('button', { name: 'Fail authentication' }).click()
  await expect(main(page).getByRole('alert').filter({ hasText: 'Payment Failed' })).toBeVisible()
  await expect(page).toHaveURL(/\/checkout$/)
  expect(await storedCart(page)).toBe(stored)

  // completing it comes back through /checkout?payment_intent=…&redirect_status=succeeded,
  // and the order goes to the address typed before leaving
  await expect(main(page).getByRole('button', { name: 'Complete Order' })).toBeEnabled()
  await field(page, 'Apartment, suite, gate code (optional)').fill('Gate code 4417')
  await payWith(page, TEST_CARDS.needsAuthentication)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo bank verification')
  const visited: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url())
  })
  await main(page).getByRole('button', { name: 'Complete authentication' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')
  await expect(page).toHaveURL(/\/order-success\?payment_intent=pi_/)
  await expect(main(page)).toContainText(basket.expectedTotal)
  expect(
    visited.some((url) => /\/checkout\?payment_intent=pi_\w+&redirect_status=succeeded$/.test(url)),
  ).toBe(true)
  expect(await storedCart(page)).toBeNull()

  // coming back to the return address again makes no second order
  const returnUrl = visited.find((url) => url.includes('redirect_status=succeeded')) ?? ''
  await page.goto(returnUrl)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')
  await page.goto('/order-history')
  const orders = main(page).getByRole('list', { name: 'Your orders' }).locator(':scope > li')
  await expect(orders).toHaveCount(1)
  await expect(orders.first()).toContainText(basket.expectedTotal)
  await orders
    .first()
    .getByRole('button', { name: /^Order #/ })
    .click()
  await expect(orders.first().locator('address')).toContainText('Gate code 4417')
})

test("a visitor who is not signed in gets 'Quick Stop!', logs in and is back at the checkout", async ({
  page,
  request,
}) => {
  // the account pages ask to log in, rather than show an empty list
  await page.goto('/order-history')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to see your orders')
  await expectAccessible(page)
  await page.goto('/delivery')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to see your deliveries')

  const basket = await makeBasket(page)
  await storeBasket(page, basket.lines)
  await page.goto('/checkout')
  await expect(toasts(page).getByText('Quick Stop!')).toBeVisible()
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in')
  expect(await storedCart(page)).not.toBeNull()

  // an account made elsewhere (its own request context); logging in here returns to /checkout
  const customer = makeCustomer('quick-stop')
  const registered = await request.post('/api/auth/register', { data: customer })
  expect(registered.status(), await registered.text()).toBe(201)
  await field(page, 'Email').fill(customer.email)
  await field(page, 'Password').fill(customer.password)
  await main(page).getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout')
  await expect(field(page, 'Street address')).toHaveValue(customer.deliveryStreet)
})

/** Fills /join's two steps for this customer and presses Create Account. */
async function createAccountOnJoin(page: Page, customer: Customer) {
  await field(page, 'First name').fill(customer.firstName)
  await field(page, 'Last name').fill(customer.lastName)
  await field(page, 'Email').fill(customer.email)
  await field(page, 'Password').fill(customer.password)
  await main(page).getByRole('button', { name: 'Continue' }).click()
  await field(page, 'Street address').fill(customer.deliveryStreet)
  await field(page, 'City').fill(customer.deliveryCity)
  await field(page, 'ZIP code').fill(customer.deliveryZip)
  await field(page, 'Phone').fill(customer.phone)
  await main(page).getByRole('button', { name: 'Create Account' }).click()
}

test('a new shopper sent to log in creates an account there and is back at the checkout with the basket', async ({
  page,
}) => {
  const basket = await makeBasket(page)
  await storeBasket(page, basket.lines)
  await page.goto('/checkout')
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout$/)
  await main(page).getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/join\?next=%2Fcheckout$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account')

  const customer = makeCustomer('join-at-checkout')
  await createAccountOnJoin(page, customer)

  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout')
  await expect(field(page, 'Street address')).toHaveValue(customer.deliveryStreet)
  for (const line of basket.lines) {
    await expect(main(page)).toContainText(line.name)
  }
})

test('a next that leads off the site is ignored: joining goes to the shop', async ({ page }) => {
  await page.goto('/join?next=https%3A%2F%2Fevil.example%2F')
  const customer = makeCustomer('join-next-elsewhere')
  await createAccountOnJoin(page, customer)
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/shop$/)
})

test('an empty basket goes back to the shop', async ({ page }) => {
  await page.goto('/checkout')
  await expect(page).toHaveURL(/\/shop$/)
})
