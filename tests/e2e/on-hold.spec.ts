import type { APIRequestContext, Page } from '@playwright/test'
import {
  chicagoDayOf,
  nextDeliveryDate,
  orderCutoffFor,
  payAgainDeadlineFor,
} from '#shared/domain/delivery.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'
import { setServerClock, signUp, TEST_CARDS } from './support/orders.ts'

/**
 * An order still unpaid at its deadline to pay (docs/product.md#order-payments): on hold, its
 * packing slip printed "UNPAID – DO NOT PACK", off the driver's stops, and marked paid by the
 * staff with a note.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }
const DAY_MS = 24 * 60 * 60_000

/** An order paid with a card that the cut-off's capture declines; the total the server's. */
async function placeDeclinedOrder(request: APIRequestContext): Promise<Order> {
  const catalogue = (await (await request.get('/api/products?limit=40')).json()) as Product[]
  const items = catalogue
    .filter((product) => product.inStock && product.category !== 'farm-boxes')
    .slice(0, 3)
    .map((product) => ({ id: product.id, name: product.name, price: product.price, quantity: 8 }))
  const quote = await request.post('/api/create-payment-intent', { data: { amount: 0, items } })
  expect(quote.status(), await quote.text()).toBe(409)
  const amount = ((await quote.json()) as { totals: { total: string } }).totals.total
  const intent = await request.post('/api/create-payment-intent', { data: { amount, items } })
  expect(intent.status(), await intent.text()).toBe(200)
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string }
  const confirm = await request.post(`/api/demo-payments/${paymentIntentId}/confirm`, {
    data: { cardNumber: TEST_CARDS.declinedAtCapture, expiry: '12/34', cvc: '123', zip: '77008' },
  })
  expect(confirm.ok(), await confirm.text()).toBe(true)
  const order = await request.post('/api/orders', { data: { paymentIntentId } })
  expect(order.status(), await order.text()).toBe(201)
  return (await order.json()) as Order
}

async function runDueJobs(page: Page) {
  const ran = await page.request.post('/api/test/run-due-jobs')
  expect(ran.status(), await ran.text()).toBe(200)
}

/**
 * A customer's order held at its deadline. It is placed in a week three and a half weeks back,
 * so that week's cut-off and hold touch no other journey's orders.
 */
async function heldOrder(page: Page, customer: Page): Promise<Order> {
  const placedAt = new Date(nextDeliveryDate(new Date()).getTime() - 26 * DAY_MS)
  try {
    await setServerClock(page, placedAt)
    const order = await placeDeclinedOrder(customer.request)
    const delivery = new Date(order.deliveryDate)
    await setServerClock(page, new Date(orderCutoffFor(delivery).getTime() + 60_000))
    await runDueJobs(page)
    await setServerClock(page, new Date(payAgainDeadlineFor(delivery).getTime() + 60_000))
    await runDueJobs(page)
    return order
  } finally {
    await setServerClock(page, null)
  }
}

test('an order on hold: "do not pack" on its slip, off the driver’s stops, marked paid by staff @phone', async ({
  page,
  browser,
}) => {
  const context = await browser.newContext()
  const customer = await context.newPage()
  await signUp(customer, 'on-hold')
  const order = await heldOrder(page, customer)
  const seen = (await (await customer.request.get(`/api/orders/${order.id}`)).json()) as Order
  expect(seen.status).toBe('on_hold')
  await context.close()
  const saturday = chicagoDayOf(new Date(order.deliveryDate))
  const number = orderNumber(order.id)

  const login = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(login.status(), await login.text()).toBe(200)

  // the packing slips keep it, under a band no packer can miss
  await page.goto(`/admin/week/${saturday}/packing-slips`)
  const slip = page.getByRole('article').filter({ hasText: `Order ${number}` })
  await expect(slip.getByText('Unpaid – do not pack')).toBeVisible()
  await expect(slip.getByRole('button', { name: /Mark packed/ })).toHaveCount(0)
  await slip.screenshot({ path: `test-results/on-hold-slip-${page.viewportSize()?.width}.png` })
  await expectAccessible(page)

  // the driver's view of that Saturday has no stop for it, and is read only on another day
  await page.goto(`/driver/${saturday}`)
  await expect(page.getByRole('heading', { name: 'Deliveries', level: 1 })).toBeVisible()
  await expect(page.getByText(`order ${number}`)).toHaveCount(0)
  await expect(page.getByText(/^Read only:/)).toBeVisible()
  await expectAccessible(page)

  // the Orders tab: on hold, and marked paid with a note
  await page.goto(`/admin?deliveryDate=${saturday}`)
  const card = page.getByRole('article').filter({ hasText: number })
  await expect(card.getByText('On hold — unpaid')).toBeVisible()
  await card.getByRole('button', { expanded: false }).click()
  await card.screenshot({ path: `test-results/on-hold-card-${page.viewportSize()?.width}.png` })
  await card.getByRole('button', { name: 'Mark paid…' }).click()
  const dialog = page.getByRole('dialog', { name: `Mark order ${number} paid` })
  await dialog.getByRole('button', { name: 'Mark Paid' }).click()
  await expect(
    dialog.getByText('Please say how it was paid (at most 500 characters)'),
  ).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel('How was it paid?').fill('Cash at the shop on Friday')
  await dialog.getByRole('button', { name: 'Mark Paid' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByText('On hold — unpaid')).toHaveCount(0)
  await expect(card).toContainText('Marked paid: Cash at the shop on Friday')
})
