import type { Locator, Page } from '@playwright/test'
import { decimalToCents, formatCents } from '#shared/domain/money.ts'
import { priceBasket } from '#shared/domain/pricing.ts'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import {
  TEST_CARDS,
  placeOrder,
  pricingLinesOf,
  shopProducts,
  shownTotal,
  signUp,
  storeBasket,
  type Line,
} from './support/orders.ts'

/**
 * One order per Saturday (docs/product.md#one-order-per-saturday): a customer who checks out
 * again for a Saturday they already have an order for is offered to add the basket to it (the
 * default), which pays the order's new total (the saved card in the background, or the card
 * form, through the bank's check if need be) and leaves one order with one delivery fee; or to
 * make a separate order, which is the checkout as before. Registration is limited to 30 auth
 * calls a minute per IP, shared by both projects: one per test.
 */

// the checkout learns the order's new total from a join at $0, which the server answers 409
test.use({ expectedConsoleErrors: [/status of 409 .*\/api\/create-payment-intent\)$/] })

const CARDS = { ...TEST_CARDS, needsAuthentication: '4000 0025 0000 3155' } as const

const main = (page: Page) => page.getByRole('main')
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ })
const summary = (page: Page) => main(page).getByRole('region', { name: 'Order summary' })
const choice = (page: Page) =>
  main(page).getByRole('radiogroup', { name: /^You already have an order for Saturday, / })
const addOption = (page: Page) =>
  choice(page).getByRole('radio', { name: /^Add to your Saturday order #[0-9A-F]{8}$/ })
const storedCart = (page: Page) => page.evaluate(() => localStorage.getItem('cart'))

/** Two baskets of different products, each a little over the $60 minimum. */
async function twoBaskets(page: Page): Promise<{ first: Line[]; second: Line[] }> {
  const fitting = (await shopProducts(page)).filter(
    (product) => decimalToCents(product.price) >= 400 && decimalToCents(product.price) <= 1200,
  )
  const [a, b, c, d] = fitting
  if (!a || !b || !c || !d) throw new Error('the demo catalogue lacks products at these prices')
  const many = (cents: number) => Math.ceil(6500 / cents)
  return {
    first: [
      { product: a, quantity: many(decimalToCents(a.price)) },
      { product: b, quantity: 1 },
    ],
    second: [
      { product: c, quantity: many(decimalToCents(c.price)) },
      { product: d, quantity: 1 },
    ],
  }
}

async function fillCard(scope: Locator, cardNumber: string) {
  await scope.getByLabel('Card number', { exact: true }).fill(cardNumber)
  await scope.getByLabel('Expiry (MM / YY)', { exact: true }).fill('12 / 34')
  await scope.getByLabel('CVC', { exact: true }).fill('123')
}

/** "Free" or "$5.99": the delivery fee of these lines together, as the pages show it */
const deliveryOf = (lines: readonly Line[]) => {
  const fee = priceBasket(pricingLinesOf(lines)).deliveryFee
  return fee === 0 ? 'Free' : formatCents(fee)
}

/** The order history's orders; the first opened to its lines and figures. */
async function orderHistory(page: Page) {
  await page.goto('/order-history')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order History')
  return main(page).getByRole('list', { name: 'Your orders' }).locator(':scope > li')
}

/** One order with both baskets' lines, their total and one delivery fee. */
async function expectOneOrderOf(page: Page, lines: readonly Line[]) {
  const orders = await orderHistory(page)
  await expect(orders).toHaveCount(1)
  await orders
    .first()
    .getByRole('button', { name: /^Order #/ })
    .click()
  for (const { product, quantity } of lines) {
    await expect(
      orders.first().getByRole('listitem').filter({ hasText: product.name }),
    ).toContainText(`× ${quantity}`)
  }
  await expect(orders.first()).toContainText(shownTotal(lines))
  await expect(orders.first()).toContainText(`Delivery${deliveryOf(lines)}`)
}

test(
  'a second basket for the Saturday is added to the first order with the saved card: one order, one delivery fee',
  { tag: '@phone' },
  async ({ page }) => {
    await signUp(page, 'join-saved')
    const { first, second } = await twoBaskets(page)
    const both = [...first, ...second]
    const newTotal = shownTotal(both)

    // the first order, through the checkout, keeping the card for changes
    await storeBasket(page, first)
    await page.goto('/checkout')
    await expect(main(page).getByRole('button', { name: 'Complete Order' })).toBeEnabled()
    await expect(choice(page)).toHaveCount(0)
    await fillCard(main(page), CARDS.succeeds)
    await main(page).getByRole('button', { name: 'Complete Order' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')

    // the second basket: adding it to that order is offered, and chosen by default
    await storeBasket(page, second)
    await page.goto('/checkout')
    await expect(addOption(page)).toBeChecked()
    await expect(
      choice(page).getByRole('radio', { name: 'Make a separate order' }),
    ).not.toBeChecked()
    await expect(addOption(page)).toHaveAccessibleDescription(
      `One delivery, one fee: your order's new total would be ${newTotal} (delivery free from $99).`,
    )
    // the summary: the order's lines, the basket's, and the order's new figures
    for (const { product } of both) await expect(summary(page)).toContainText(product.name)
    await expect(summary(page)).toContainText(`Delivery${deliveryOf(both)}`)
    await expect(summary(page)).toContainText(`New total${newTotal}`)
    await expect(main(page)).toContainText(
      `Your saved Visa •••• 4242 will be authorized for the new total of ${newTotal}.`,
    )
    await expect(main(page).getByLabel('Card number', { exact: true })).toHaveCount(0)
    await expect(main(page).getByLabel('Street address', { exact: true })).toHaveCount(0)
    await expect(main(page)).toContainText(/Delivered with order #[0-9A-F]{8} to 2417 Bagby St/)
    await expectAccessible(page)

    await main(page)
      .getByRole('button', { name: `Authorize ${newTotal} instead` })
      .click()
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
    await expect(toasts(page).getByText('Added to your Saturday order')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order #[0-9A-F]{8}$/)
    expect(await storedCart(page)).toBeNull()

    await expectOneOrderOf(page, both)
  },
)

test(
  'without a saved card the card form pays the new total: a declined card changes nothing, the bank’s check brings it back to the order',
  { tag: '@phone' },
  async ({ page }) => {
    await signUp(page, 'join-card')
    const { first, second } = await twoBaskets(page)
    const both = [...first, ...second]
    const newTotal = shownTotal(both)
    await placeOrder(page, first)

    await storeBasket(page, second)
    const stored = await storedCart(page)
    await page.goto('/checkout')
    await expect(addOption(page)).toBeChecked()
    await expect(main(page)).toContainText(SAVED_CARD_MESSAGES.replacesHold(newTotal))
    const pay = main(page).getByRole('button', { name: `Authorize ${newTotal} instead` })
    await expect(pay).toBeEnabled()
    await expectAccessible(page)

    // a declined card: the order and the basket stay as they were
    await fillCard(main(page), CARDS.declined)
    await pay.click()
    await expect(main(page).getByRole('alert').filter({ hasText: 'Payment Failed' })).toContainText(
      'Your order has not changed.',
    )
    expect(await storedCart(page)).toBe(stored)

    // the bank's check, and back through the checkout to the order
    await fillCard(main(page), CARDS.needsAuthentication)
    await pay.click()
    await expect(page).toHaveURL(/\/checkout\/authenticate\?payment_intent=pi_/)
    await main(page).getByRole('button', { name: 'Complete authentication' }).click()
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
    await expect(toasts(page).getByText('Added to your Saturday order')).toBeVisible()
    expect(await storedCart(page)).toBeNull()

    await expectOneOrderOf(page, both)
  },
)

test(
  'Make a separate order is the checkout as before, and makes a second order',
  { tag: '@phone' },
  async ({ page }) => {
    const customer = await signUp(page, 'join-separate')
    const { first, second } = await twoBaskets(page)
    await placeOrder(page, first)

    await storeBasket(page, second)
    await page.goto('/checkout')
    await expect(addOption(page)).toBeChecked()
    await choice(page).getByRole('radio', { name: 'Make a separate order' }).check()
    await expect(addOption(page)).not.toBeChecked()
    // its own address, card and total
    await expect(main(page).getByLabel('Street address', { exact: true })).toHaveValue(
      customer.deliveryStreet,
    )
    await expect(summary(page)).toContainText(`Total${shownTotal(second)}`)
    await expect(main(page).getByRole('button', { name: 'Complete Order' })).toBeEnabled()
    await expectAccessible(page)
    await fillCard(main(page), CARDS.succeeds)
    await main(page).getByRole('button', { name: 'Complete Order' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')
    await expect(main(page)).toContainText(shownTotal(second))
    expect(await storedCart(page)).toBeNull()

    const orders = await orderHistory(page)
    await expect(orders).toHaveCount(2)
    await expect(orders.first()).toContainText(shownTotal(second))
    await expect(orders.last()).toContainText(shownTotal(first))
  },
)
