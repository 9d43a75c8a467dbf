import type { Page } from '@playwright/test'
import { decimalToCents, formatCents } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import { priceBasket } from '#shared/domain/pricing.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import {
  TEST_CARDS,
  placeOrder,
  setServerClock,
  shownTotal,
  signUp,
  pricingLinesOf,
  startingLines,
  storeBasket,
  type Line,
} from './support/orders.ts'

/**
 * An order's week after checkout (docs/product.md#order-changes): the customer changes it (a
 * quantity down saves at once; a total above the card's authorisation asks for the card),
 * cancels it, and finds it locked after the cut-off. Registration is limited to 30 auth calls a
 * minute per IP, shared by both projects: one per test.
 */

const main = (page: Page) => page.getByRole('main')
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true })
const summary = (page: Page) => main(page).getByRole('complementary', { name: 'Order summary' })
const changeForm = (page: Page) => main(page).getByRole('form', { name: 'Change this order' })

async function payWith(page: Page, cardNumber: string) {
  const payment = main(page).getByRole('region', { name: 'Confirm your card for the new total' })
  await payment.getByLabel('Card number', { exact: true }).fill(cardNumber)
  await payment.getByLabel('Expiry (MM / YY)', { exact: true }).fill('12 / 34')
  await payment.getByLabel('CVC', { exact: true }).fill('123')
  // the new total replaces the hold: the button must not read like a second charge
  await payment.getByRole('button', { name: /^Authorize \$.* instead$/ }).click()
}

test(
  'pays with delivery instructions, then changes the order: a quantity down saves at once, a higher total asks for the card',
  { tag: '@phone' },
  async ({ page }) => {
    await signUp(page, 'change')
    const { lines, products } = await startingLines(page)
    const [first, second] = lines as [Line, Line]

    // the checkout takes delivery instructions, with a counter, and keeps them on the order
    await storeBasket(page, lines)
    await page.goto('/checkout')
    await expect(main(page).getByRole('button', { name: 'Complete Order' })).toBeEnabled()
    const instructions = 'Gate code 4417; leave the box by the side door'
    await field(page, 'Delivery instructions (optional)').fill(instructions)
    await expect(main(page)).toContainText(`${instructions.length}/500`)
    // without a saved card a raised change asks for the card (saved cards: saved-cards.spec.ts)
    await main(page)
      .getByRole('checkbox', { name: 'Save this card for changes to my orders' })
      .uncheck()
    await field(page, 'Card number').fill(TEST_CARDS.succeeds)
    await field(page, 'Expiry (MM / YY)').fill('12 / 34')
    await field(page, 'CVC').fill('123')
    await main(page).getByRole('button', { name: 'Complete Order' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!')
    const authorised = shownTotal(lines)
    await expect(main(page)).toContainText(authorised)

    // the confirmation leads to the order's own page
    await main(page).getByRole('link', { name: 'View or change this order' }).click()
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order #[0-9A-F]{8}$/)
    await expect(main(page).getByRole('region', { name: 'Open for changes' })).toContainText(
      /You can change this order until Wednesday, \w{3} \d{1,2} at 8:00 PM/,
    )
    await expect(summary(page)).toContainText(instructions)
    await expect(summary(page)).toContainText('Card authorized')
    await expect(summary(page)).toContainText(authorised)
    await expectAccessible(page)

    // one fewer of the first product: the total goes down and the change saves at once
    const reduced: Line[] = [{ ...first, quantity: first.quantity - 1 }, second]
    const form = changeForm(page)
    await form.getByRole('button', { name: `One fewer ${first.product.name}` }).click()
    await expect(form.getByRole('region', { name: 'New total' })).toContainText(shownTotal(reduced))
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(main(page).getByRole('status').filter({ hasText: 'Order updated' })).toContainText(
      shownTotal(reduced),
    )
    await expect(summary(page)).toContainText(shownTotal(reduced))
    await expect(
      main(page).getByRole('region', { name: 'Confirm your card for the new total' }),
    ).toHaveCount(0)

    // a product added until the total is above what the card authorised
    const added = products.find(
      (product) =>
        product.id !== first.product.id &&
        product.id !== second.product.id &&
        decimalToCents(product.price) >= 500,
    )
    if (!added) throw new Error('no third product to add')
    let count = 1
    const withAdded = () => [...reduced, { product: added, quantity: count }]
    while (
      priceBasket(pricingLinesOf(withAdded())).total <= priceBasket(pricingLinesOf(lines)).total
    ) {
      count += 1
    }
    await changeForm(page).getByLabel('Find a product to add').fill(added.name)
    await changeForm(page)
      .getByRole('button', { name: `Add ${added.name}` })
      .click()
    for (let more = 1; more < count; more += 1) {
      await changeForm(page)
        .getByRole('button', { name: `One more ${added.name}` })
        .click()
    }
    const newTotal = formatCents(priceBasket(pricingLinesOf(withAdded())).total)
    await expect(changeForm(page).getByRole('region', { name: 'New total' })).toContainText(
      'more than your card authorized',
    )
    await changeForm(page).getByRole('button', { name: 'Save changes' }).click()

    // the card confirms the whole new total; a declined card changes nothing
    const payment = main(page).getByRole('region', { name: 'Confirm your card for the new total' })
    await expect(payment).toContainText(newTotal)
    await expectAccessible(page)
    await payWith(page, TEST_CARDS.declined)
    await expect(payment.getByRole('alert')).toContainText('Your card was declined.')
    await expect(summary(page)).toContainText(shownTotal(reduced))
    await payWith(page, TEST_CARDS.succeeds)
    await expect(main(page).getByRole('status').filter({ hasText: 'Order updated' })).toContainText(
      newTotal,
    )
    await expect(summary(page)).toContainText(newTotal)
    await expect(changeForm(page).getByRole('list', { name: 'Items in your order' })).toContainText(
      added.name,
    )

    // the history tells both changes, each with the totals before and after
    const history = main(page).getByRole('list', { name: 'Order history' })
    await expect(history).toContainText(`${authorised} → ${shownTotal(reduced)}`)
    await expect(history).toContainText(`${shownTotal(reduced)} → ${newTotal}`)
    await expectAccessible(page)

    // the order history links to it and says until when it may change
    await page.goto('/order-history')
    const card = main(page)
      .getByRole('list', { name: 'Your orders' })
      .locator(':scope > li')
      .first()
    await expect(card).toContainText(newTotal)
    await expect(card).toContainText(/You can change this order until Wednesday/)
    await expect(card.getByRole('link', { name: /^View \/ change \(order #/ })).toHaveAttribute(
      'href',
      /\/orders\/[0-9a-f-]{36}$/,
    )
  },
)

test('changes the seven items of a custom farm box; the same total saves at once', async ({
  page,
}) => {
  await signUp(page, 'box')
  const all = (await (await page.request.get('/api/products')).json()) as Product[]
  const box = all.find(
    (product) =>
      product.category === 'farm-boxes' &&
      product.subcategory !== 'butchers-box' &&
      product.inStock,
  )
  if (!box) throw new Error('no farm box')
  // the items the box offers (its own list, docs/product.md#farm-boxes)
  const offered = (await (
    await page.request.get(`/api/products/${box.id}/box-choices`)
  ).json()) as Product[]
  const [a, b, c] = offered
  if (!a || !b || !c) throw new Error(`${box.name} offers too few items`)
  const { lines } = await startingLines(page)
  const order = await placeOrder(page, [
    ...lines,
    { product: box, quantity: 1, customSelections: [a.id, a.id, a.id, b.id, b.id, c.id, c.id] },
  ])

  await page.goto(`/orders/${order.id}`)
  const contents = changeForm(page).getByRole('list', { name: `${box.name} contents` })
  await expect(contents.getByRole('listitem')).toHaveText([
    `3 × ${a.name}`,
    `2 × ${b.name}`,
    `2 × ${c.name}`,
  ])
  await changeForm(page)
    .getByRole('button', { name: `Choose the items in ${box.name}` })
    .click()
  const builder = page.getByRole('dialog', { name: `Build your ${box.name}` })
  await expect(builder.getByText('7 of 7 items selected')).toBeVisible()
  await builder.getByRole('button', { name: `One fewer ${a.name}` }).click()
  await builder.getByRole('button', { name: `One more ${c.name}` }).click()
  await builder.getByRole('button', { name: 'Use these items' }).click()
  await expect(builder).toBeHidden()
  // the builder keeps no order of its own: each kind with its count
  const chosen = [`2 × ${a.name}`, `2 × ${b.name}`, `3 × ${c.name}`]
  await expect(contents.getByRole('listitem')).toHaveCount(3)
  for (const line of chosen) await expect(contents).toContainText(line)
  await changeForm(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(main(page).getByRole('status').filter({ hasText: 'Order updated' })).toBeVisible()
  const saved = changeForm(page).getByRole('list', { name: `${box.name} contents` })
  await expect(saved.getByRole('listitem')).toHaveCount(3)
  for (const line of chosen) await expect(saved).toContainText(line)
  await expect(main(page).getByRole('list', { name: 'Order history' })).toContainText(
    `New choice of items in ${box.name}`,
  )
})

test('cancels an order: it reads Cancelled and is no longer an upcoming delivery', async ({
  page,
}) => {
  await signUp(page, 'cancel')
  const { lines } = await startingLines(page)
  const order = await placeOrder(page, lines)

  await page.goto('/delivery')
  const upcoming = main(page).getByRole('list', { name: 'Upcoming deliveries' })
  await expect(upcoming.locator(':scope > li')).toHaveCount(1)
  await upcoming.getByRole('link', { name: /^View \/ change \(order #/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber(order.id)}`)

  await summary(page).getByRole('button', { name: 'Cancel order' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' })
  await expect(dialog).toContainText(`the ${shownTotal(lines)} your card authorized is released`)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(dialog).toBeHidden()
  await expect(main(page).getByRole('status').filter({ hasText: 'Order cancelled' })).toBeVisible()
  await expect(main(page).getByRole('region', { name: 'Cancelled' })).toContainText(
    'Your card was not charged.',
  )
  await expect(summary(page)).toContainText('Authorization released')
  await expect(changeForm(page)).toHaveCount(0)
  await expect(main(page).getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
  await expectAccessible(page)

  // never under Upcoming Deliveries; among the past ones, marked Cancelled
  await page.goto('/delivery')
  await expect(main(page)).toContainText('No upcoming deliveries.')
  await main(page)
    .getByRole('button', { name: /^Past Deliveries/ })
    .click()
  const past = main(page).getByRole('list', { name: 'Past deliveries' }).locator(':scope > li')
  await expect(past).toHaveCount(1)
  await expect(past.first()).toContainText('Cancelled')
  await expect(past.first()).toContainText(orderNumber(order.id))

  await page.goto('/order-history')
  const card = main(page).getByRole('list', { name: 'Your orders' }).locator(':scope > li').first()
  await expect(card).toContainText('Cancelled')
  await expect(card).toContainText('This order was cancelled. Your card was not charged.')
  await expectAccessible(page)
})

test.describe('after the cut-off', () => {
  test.afterEach(async ({ page }) => {
    await setServerClock(page, null)
  })

  test('the order is locked: the page says so, says to contact the shop, and offers no change', async ({
    page,
  }) => {
    await signUp(page, 'locked')
    const { lines } = await startingLines(page)
    const order = await placeOrder(page, lines)

    // a minute past the order's cut-off on the server's clock
    await setServerClock(page, new Date(Date.parse(order.editableUntil) + 60_000))
    await page.goto(`/orders/${order.id}`)
    const locked = main(page).getByRole('region', { name: 'Locked' })
    await expect(locked).toContainText(
      /Changes closed Wednesday, \w{3} \d{1,2} at 8:00 PM — contact us/,
    )
    await expect(locked.getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      '/contact?subject=order',
    )
    await expect(changeForm(page)).toHaveCount(0)
    await expect(main(page).getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
    await expect(
      main(page)
        .getByText(lines[0]?.product.name ?? '')
        .first(),
    ).toBeVisible()
    await expectAccessible(page)

    // the API refuses a change too, with the order as it stands
    const refused = await page.request.patch(`/api/orders/${order.id}`, {
      data: { version: order.version, specialInstructions: 'Too late?' },
    })
    expect(refused.status()).toBe(409)
  })
})

test.describe('a card declined at the cut-off', () => {
  test.afterEach(async ({ page }) => {
    await setServerClock(page, null)
  })

  test('says so on the order and in the history, and another card pays before Friday noon', async ({
    page,
  }) => {
    await signUp(page, 'pay-again')
    const { lines } = await startingLines(page)
    // the demo card that authorises but is declined at capture
    const order = await placeOrder(page, lines, undefined, TEST_CARDS.declinedAtCapture)

    await setServerClock(page, new Date(Date.parse(order.editableUntil) + 60_000))
    expect((await page.request.post('/api/test/run-due-jobs')).ok()).toBe(true)
    await page.goto('/order-history')
    const card = main(page)
      .getByRole('list', { name: 'Your orders' })
      .locator(':scope > li')
      .first()
    await expect(card).toContainText('Payment failed')
    await expect(card).toContainText(
      /Your card was declined — pay with another card by Friday, \w{3} \d{1,2} at 12:00 PM/,
    )
    await card.getByRole('link', { name: /^View and pay \(order #/ }).click()

    const failed = main(page).getByRole('region', { name: 'Payment failed' })
    await expect(failed).toContainText(/pay with another card by Friday/)
    await expect(changeForm(page)).toHaveCount(0)
    await expectAccessible(page)
    await failed.getByRole('button', { name: 'Pay with another card' }).click()
    const payment = main(page).getByRole('region', { name: 'Pay with another card' })
    await payment.getByLabel('Card number', { exact: true }).fill(TEST_CARDS.succeeds)
    await payment.getByLabel('Expiry (MM / YY)', { exact: true }).fill('12 / 34')
    await payment.getByLabel('CVC', { exact: true }).fill('123')
    await payment.getByRole('button', { name: `Pay ${shownTotal(lines)}` }).click()
    await expect(
      main(page).getByRole('status').filter({ hasText: 'Payment received' }),
    ).toBeVisible()
    await expect(summary(page)).toContainText('Paid')
    await expect(main(page).getByRole('region', { name: 'Payment failed' })).toHaveCount(0)
  })
})
