import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { chicagoDayOf, nextDeliveryDate, orderCutoffFor } from '#shared/domain/delivery.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Order, OrderItem } from '#shared/schemas/order.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * Items short at packing (docs/product.md#refunds): staff mark a line short on the admin's order
 * and on the packing slip's screen, read what it takes off before confirming, and the line then
 * says what was short and refunded, to them and to the customer. The card is charged first by
 * moving the server's clock past the order's cut-off (PUT /api/test/clock), weeks back, so the
 * run captures no other test's order.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }
const DAY_MS = 24 * 60 * 60_000

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

async function customerPage(browser: Browser, tag: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const response = await page.request.post('/api/auth/register', {
    data: {
      firstName: 'Marisol',
      lastName: 'Okafor',
      email: uniqueEmail(tag),
      password: 'pecan-pie-and-okra-7',
      phone: '(713) 555-0188',
      deliveryStreet: '1519 Heights Blvd',
      deliveryApt: '',
      deliveryCity: 'Houston',
      deliveryState: 'TX',
      deliveryZip: '77008',
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return page
}

/** An order of two of its first product and eight of two others, its card authorised. */
async function placeOrder(request: APIRequestContext): Promise<Order> {
  const catalogue = (await (await request.get('/api/products?limit=40')).json()) as Product[]
  const items = catalogue
    .filter((product) => product.inStock && product.category !== 'farm-boxes')
    .slice(0, 3)
    .map((product, index) => ({
      id: product.id,
      name: product.name,
      price: product.price,
      quantity: index === 0 ? 2 : 8,
    }))
  const quote = await request.post('/api/create-payment-intent', { data: { amount: 0, items } })
  expect(quote.status(), await quote.text()).toBe(409)
  const amount = ((await quote.json()) as { totals: { total: string } }).totals.total
  const intent = await request.post('/api/create-payment-intent', { data: { amount, items } })
  expect(intent.status(), await intent.text()).toBe(200)
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string }
  const confirm = await request.post(`/api/demo-payments/${paymentIntentId}/confirm`, {
    data: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', zip: '77008' },
  })
  expect(((await confirm.json()) as { status: string }).status).toBe('requires_capture')
  const order = await request.post('/api/orders', { data: { paymentIntentId } })
  expect(order.status(), await order.text()).toBe(201)
  return (await order.json()) as Order
}

async function setClock(page: Page, at: Date | null) {
  const response = await page.request.put('/api/test/clock', {
    data: { now: at ? at.toISOString() : null },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** An order placed `weeksBack` weeks ago and charged at its cut-off. */
async function capturedOrder(page: Page, customer: Page, weeksBack: number): Promise<Order> {
  const placedAt = new Date(nextDeliveryDate(new Date()).getTime() - (weeksBack * 7 + 5) * DAY_MS)
  let order: Order
  try {
    await setClock(page, placedAt)
    order = await placeOrder(customer.request)
    const cutoff = orderCutoffFor(new Date(order.deliveryDate))
    await setClock(page, new Date(cutoff.getTime() + 60_000))
    const ran = await page.request.post('/api/test/run-due-jobs')
    expect(ran.status(), await ran.text()).toBe(200)
  } finally {
    await setClock(page, null)
  }
  await expect
    .poll(async () => (await customerSees(customer, order.id)).paymentStatus)
    .toBe('captured')
  return order
}

async function customerSees(customer: Page, id: string): Promise<Order> {
  const response = await customer.request.get(`/api/orders/${id}`)
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as Order
}

/**
 * Marks `item` short in the dialog, from its button in `within` (the order's card or slip: other
 * orders of the day may hold the same product), for `reason`; the amount it showed.
 */
async function markShort(
  page: Page,
  within: Locator,
  item: OrderItem | { productName: string },
  reason: string,
) {
  await within.getByRole('button', { name: `Item short: ${item.productName}` }).click()
  const dialog = page.getByRole('dialog', { name: `Item short: ${item.productName}` })
  await dialog.getByLabel('Reason').selectOption({ label: reason })
  const status = dialog.getByRole('status')
  await expect(status).toContainText(/Takes \$\d+\.\d\d off the order/)
  const amount = /(\$\d+\.\d\d)/.exec((await status.textContent()) ?? '')?.[1] ?? ''
  await expectAccessible(page)
  await dialog.getByRole('button', { name: `Take ${amount} off` }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByText(`${amount} refunded`),
  ).toBeVisible()
  return amount
}

test.describe('items short at packing', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeEach(async ({ page }) => {
    const response = await page.request.post('/api/auth/login', { data: ADMIN })
    expect(response.status(), await response.text()).toBe(200)
  })

  test(
    'on the admin’s order: the amount shown first, then "short: 1 of 2, refunded" to staff and customer',
    { tag: '@phone' },
    async ({ page, browser }) => {
      const customer = await customerPage(browser, 'short-order')
      const order = await capturedOrder(page, customer, 4)
      const two = order.items.find((item) => item.quantity === 2) as OrderItem

      await page.goto(`/admin?deliveryDate=${chicagoDayOf(new Date(order.deliveryDate))}`)
      const card = page.getByRole('article').filter({ hasText: orderNumber(order.id) })
      await card.getByRole('button', { expanded: false }).click()
      const amount = await markShort(page, card, two, 'Damaged')

      const note = `short: 1 of 2, refunded ${amount}`
      await expect(card).toContainText(note)
      await expect(card.getByRole('list', { name: 'Order history' })).toContainText(
        `${amount} refunded`,
      )
      await expectAccessible(page)

      const seen = await customerSees(customer, order.id)
      expect(seen.items.find((item) => item.id === two.id)).toMatchObject({
        shortQuantity: 1,
        shortAmount: amount.slice(1),
        shortRefunded: true,
      })
      expect(seen.paymentStatus).toBe('partially_refunded')
      await customer.goto(`/orders/${order.id}`)
      await expect(customer.getByText(note)).toBeVisible()
      await expectAccessible(customer)
      await customer.context().close()
    },
  )

  test(
    'on the packing slip’s screen: a line all short leaves the slip, a part short shows what is left',
    { tag: '@phone' },
    async ({ page, browser }) => {
      const customer = await customerPage(browser, 'short-slip')
      const order = await capturedOrder(page, customer, 3)
      const two = order.items.find((item) => item.quantity === 2) as OrderItem
      const saturday = chicagoDayOf(new Date(order.deliveryDate))

      await page.goto(`/admin/week/${saturday}/packing-slips`)
      const slip = page.getByRole('article', { name: `Order ${orderNumber(order.id)}` })
      await expect(slip.getByText(`2 × ${two.productName}`)).toBeVisible()
      await expectAccessible(page)

      // one of the two is short: one is left to pack
      await slip.getByRole('button', { name: `Item short: ${two.productName}` }).click()
      const dialog = page.getByRole('dialog', { name: `Item short: ${two.productName}` })
      await expect(dialog.getByLabel('How many are short')).toHaveValue('1')
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      const amount = await markShort(page, slip, two, 'Out of stock')
      await expect(slip.getByText(`1 × ${two.productName}`)).toBeVisible()

      // the other one too: the line leaves the slip
      await markShort(page, slip, two, 'Quality')
      await expect(slip.getByText(two.productName)).toHaveCount(0)

      const seen = await customerSees(customer, order.id)
      const line = seen.items.find((item) => item.id === two.id)
      expect(line?.shortQuantity).toBe(2)
      await customer.goto(`/orders/${order.id}`)
      await expect(customer.getByText(/short: 2 of 2, refunded \$\d+\.\d\d/)).toBeVisible()
      expect(amount).toMatch(/^\$\d+\.\d\d$/)
      await customer.context().close()
    },
  )
})
