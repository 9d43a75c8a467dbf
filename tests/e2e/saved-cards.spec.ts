import type { Locator, Page } from '@playwright/test'
import { decimalToCents, formatCents } from '#shared/domain/money.ts'
import { priceBasket } from '#shared/domain/pricing.ts'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import {
  TEST_CARDS,
  placeOrder,
  pricingLinesOf,
  shownTotal,
  signUp,
  startingLines,
  storeBasket,
  type Line,
} from './support/orders.ts'

/**
 * Saved cards (docs/product.md#saved-cards): a card kept at checkout or added on the profile
 * authorises a change that raises an order's total without the card form; a card the bank
 * refuses brings the form back, saying why and that the new total replaces the hold; a card is
 * removed from the profile. Registration is limited to 30 auth calls a minute per IP, shared by
 * both projects: one per test.
 */

const CARDS = {
  ...TEST_CARDS,
  /** asks the customer to authenticate, also when charged later */
  alwaysAuthenticates: '4000 0027 6000 3184',
} as const

const main = (page: Page) => page.getByRole('main')
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ })
const summary = (page: Page) => main(page).getByRole('complementary', { name: 'Order summary' })
const changeForm = (page: Page) => main(page).getByRole('form', { name: 'Change this order' })
const cardForm = (page: Page) =>
  main(page).getByRole('region', { name: 'Confirm your card for the new total' })
const savedCards = (page: Page) => main(page).getByRole('region', { name: 'Saved cards' })
const cardList = (page: Page) => main(page).getByRole('list', { name: 'Saved cards' })

/**
 * On the order's page: adds a third product until the total is above what the card authorised,
 * saves, and gives the new total as the pages show it.
 */
async function raiseTotal(page: Page, lines: Line[], products: Product[]): Promise<string> {
  const added = products.find(
    (product) =>
      lines.every((line) => line.product.id !== product.id) && decimalToCents(product.price) >= 500,
  )
  if (!added) throw new Error('no third product to add')
  let count = 1
  const withAdded = () => [...lines, { product: added, quantity: count }]
  while (
    priceBasket(pricingLinesOf(withAdded())).total <= priceBasket(pricingLinesOf(lines)).total
  ) {
    count += 1
  }
  const form = changeForm(page)
  await form.getByLabel('Find a product to add').fill(added.name)
  await form.getByRole('button', { name: `Add ${added.name}` }).click()
  for (let more = 1; more < count; more += 1) {
    await form.getByRole('button', { name: `One more ${added.name}` }).click()
  }
  const newTotal = formatCents(priceBasket(pricingLinesOf(withAdded())).total)
  await expect(form.getByRole('region', { name: 'New total' })).toContainText(newTotal)
  await form.getByRole('button', { name: 'Save changes' }).click()
  return newTotal
}

async function fillCard(scope: Locator, cardNumber: string) {
  await scope.getByLabel('Card number', { exact: true }).fill(cardNumber)
  await scope.getByLabel('Expiry (MM / YY)', { exact: true }).fill('12 / 34')
  await scope.getByLabel('CVC', { exact: true }).fill('123')
}

/** "Add a card" on /profile, the demo card form filled and saved. */
async function addCard(page: Page, cardNumber: string) {
  await savedCards(page).getByRole('button', { name: 'Add a card' }).click()
  const form = savedCards(page).getByRole('form', { name: 'Add a card' })
  await expect(form).toContainText(SAVED_CARD_MESSAGES.consent)
  await fillCard(form, cardNumber)
  await form.getByRole('button', { name: 'Save card' }).click()
}

test(
  'a card saved at checkout is on the profile, and pays a raised total without the card form',
  { tag: '@phone' },
  async ({ page }) => {
    await signUp(page, 'saved-checkout')
    const { lines, products } = await startingLines(page)

    await storeBasket(page, lines)
    await page.goto('/checkout')
    await expect(main(page).getByRole('button', { name: 'Complete Order' })).toBeEnabled()
    const save = main(page).getByRole('checkbox', { name: SAVED_CARD_MESSAGES.saveCard })
    await expect(save).toBeChecked()
    await expect(save).toHaveAccessibleDescription(SAVED_CARD_MESSAGES.consent)
    await fillCard(main(page), CARDS.succeeds)
    await main(page).getByRole('button', { name: 'Complete Order' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')
    await main(page).getByRole('link', { name: 'View or change this order' }).click()
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
    const orderPath = new URL(page.url()).pathname

    // (a) the profile lists the card the checkout kept
    await page.goto('/profile')
    await expect(cardList(page).getByRole('listitem')).toHaveCount(1)
    await expect(cardList(page)).toContainText('Visa •••• 4242')
    await expect(cardList(page)).toContainText('Expires 12/34')
    await expectAccessible(page)

    // (b) a raised total is authorised on it: saved at once, no card form
    await page.goto(orderPath)
    await expect(changeForm(page)).toContainText('Pay any difference with Visa •••• 4242')
    const newTotal = await raiseTotal(page, lines, products)
    await expect(main(page).getByRole('status').filter({ hasText: 'Order updated' })).toContainText(
      newTotal,
    )
    await expect(cardForm(page)).toHaveCount(0)
    await expect(summary(page)).toContainText(newTotal)
    await expect(main(page).getByRole('list', { name: 'Order history' })).toContainText(
      `${shownTotal(lines)} → ${newTotal}`,
    )
  },
)

test(
  'a saved card the bank declines brings the card form back; another card applies the change, and Remove takes the card off',
  { tag: '@phone' },
  async ({ page }) => {
    await signUp(page, 'saved-declined')
    const { lines, products } = await startingLines(page)
    const order = await placeOrder(page, lines)

    // (c) a card that saves, and is declined when charged later
    await page.goto('/profile')
    await expect(savedCards(page)).toContainText(SAVED_CARD_MESSAGES.noCards)
    await expectAccessible(page)
    await addCard(page, CARDS.declinedAtCapture)
    await expect(toasts(page).getByText(SAVED_CARD_MESSAGES.added)).toBeVisible()
    await expect(cardList(page)).toContainText('Visa •••• 0341')
    await expect(savedCards(page).getByRole('form', { name: 'Add a card' })).toHaveCount(0)
    await expectAccessible(page)

    await page.goto(`/orders/${order.id}`)
    await expect(changeForm(page)).toContainText('Pay any difference with Visa •••• 0341')
    const newTotal = await raiseTotal(page, lines, products)
    await expect(cardForm(page).getByRole('alert')).toContainText(
      SAVED_CARD_MESSAGES.savedCardDeclined('Your card was declined.'),
    )
    await expect(cardForm(page)).toContainText(SAVED_CARD_MESSAGES.replacesHold(newTotal))
    await expect(summary(page)).toContainText(shownTotal(lines))
    await expectAccessible(page)
    await fillCard(cardForm(page), CARDS.succeeds)
    await cardForm(page)
      .getByRole('button', { name: `Authorize ${newTotal} instead` })
      .click()
    await expect(main(page).getByRole('status').filter({ hasText: 'Order updated' })).toContainText(
      newTotal,
    )
    await expect(summary(page)).toContainText(newTotal)
    await expect(cardForm(page)).toHaveCount(0)

    // (d) Remove takes the card off the list
    await page.goto('/profile')
    await savedCards(page).getByRole('button', { name: 'Remove Visa ending in 0341' }).click()
    await expect(toasts(page).getByText(SAVED_CARD_MESSAGES.removed)).toBeVisible()
    await expect(cardList(page)).toHaveCount(0)
    await expect(savedCards(page)).toContainText(SAVED_CARD_MESSAGES.noCards)
    await expectAccessible(page)
  },
)

test('a card whose bank asks for a check is saved through the demo bank page', async ({ page }) => {
  await signUp(page, 'saved-bank')

  await page.goto('/profile')
  await expect(savedCards(page)).toContainText(SAVED_CARD_MESSAGES.noCards)
  await addCard(page, CARDS.alwaysAuthenticates)
  await expect(page).toHaveURL(/\/checkout\/authenticate\?payment_intent=seti_/)
  await expect(main(page)).toContainText('confirm saving it')
  await expectAccessible(page)
  await main(page).getByRole('button', { name: 'Complete authentication' }).click()

  // back on the profile: the toast says so, the list shows it, the address is plain again
  await expect(page).toHaveURL(/\/profile$/)
  await expect(toasts(page).getByText(SAVED_CARD_MESSAGES.added)).toBeVisible()
  await expect(cardList(page)).toContainText('Visa •••• 3184')
})
