import type { APIRequestContext, Browser, Page } from '@playwright/test'
import {
  chicagoDayOf,
  formatDeliveryDate,
  nextDeliveryDate,
  orderCutoffFor,
} from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents, formatCents } from '#shared/domain/money.ts'
import { orderNumber } from '#shared/domain/order-number.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect, expectAccessible, test } from './support/fixtures.ts'

/**
 * Staff and an order's money (docs/product.md#order-payments): cancelling an order whose card is
 * only authorised releases the authorisation; after the cut-off's capture, part of an order is
 * refunded with a reason. Staff and the customer read the same state. The capture is reached by
 * moving the server's clock past the order's cut-off (PUT /api/test/clock) and running the
 * jobs then due; the clock goes back to real time after.
 */

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/login', { data: ADMIN })
  expect(response.status(), await response.text()).toBe(200)
}

/** A customer in a browser context of their own, signed in, beside the admin's page. */
async function customerPage(browser: Browser, tag: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const response = await page.request.post('/api/auth/register', {
    data: {
      firstName: 'Odalys',
      lastName: 'Brennan',
      email: uniqueEmail(tag),
      password: 'fig-preserves-and-toast-4',
      phone: '(713) 555-0173',
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

const CARDS = {
  good: '4242424242424242',
  /** authorises, then is declined at the cut-off's capture (docs/product.md#order-payments) */
  declinedAtCapture: '4000000000000341',
}

/** An order paid by card through the demo provider: the card is authorised, not yet charged. */
async function placeOrder(request: APIRequestContext, cardNumber = CARDS.good): Promise<Order> {
  const catalogue = (await (await request.get('/api/products?limit=40')).json()) as Product[]
  const items = catalogue
    .filter((product) => product.inStock && product.category !== 'farm-boxes')
    .slice(0, 3)
    .map((product) => ({ id: product.id, name: product.name, price: product.price, quantity: 8 }))
  const quote = await request.post('/api/create-payment-intent', { data: { amount: 0, items } })
  expect(quote.status(), await quote.text()).toBe(409)
  const amount = ((await quote.json()) as { totals: { total: string } }).totals.total
  const intent = await request.post('/api/create-payment-intent', {
    data: {
      amount,
      items,
      specialInstructions: 'Gate code 4471. Leave the box on the porch bench.',
    },
  })
  expect(intent.status(), await intent.text()).toBe(200)
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string }
  const confirm = await request.post(`/api/demo-payments/${paymentIntentId}/confirm`, {
    data: { cardNumber, expiry: '12/34', cvc: '123', zip: '77008' },
  })
  expect(((await confirm.json()) as { status: string }).status).toBe('requires_capture')
  const order = await request.post('/api/orders', { data: { paymentIntentId } })
  expect(order.status(), await order.text()).toBe(201)
  return (await order.json()) as Order
}

/** What the customer's own API says of the order: the truth the staff's page must match. */
async function customerSees(customer: Page, id: string): Promise<Order> {
  const response = await customer.request.get(`/api/orders/${id}`)
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as Order
}

/** The admin's card of an order, opened. */
async function openCard(page: Page, order: Order) {
  const card = page.getByRole('article').filter({ hasText: orderNumber(order.id) })
  await card.getByRole('button', { expanded: false }).click()
  await expect(card.getByRole('button', { name: 'Delete Order' })).toBeVisible()
  return card
}

const DAY_MS = 24 * 60 * 60_000

/** Moves the shop's clock (TEST_CLOCK_CONTROL); null returns it to the real time. */
async function setClock(page: Page, at: Date | null) {
  const response = await page.request.put('/api/test/clock', {
    data: { now: at ? at.toISOString() : null },
  })
  expect(response.status(), await response.text()).toBe(200)
}

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ })

test.describe('staff and an order’s money', () => {
  // on purpose: the refund over what is left is refused (400); after time away the money
  // actions ask for the password (403), and a wrong one is a 400. One pattern: a fixture option
  // given as a list of several is read as [value, options]
  test.use({
    expectedConsoleErrors: [
      /status of (400 .*\/api\/admin\/orders\/[0-9a-f-]+\/refunds|403 .*\/api\/admin\/orders\/[0-9a-f-]+\/cancel|400 .*\/api\/auth\/password-check)\)$/,
    ],
  })
  // one after the other: the second moves the server's clock, and an order placed meanwhile
  // would be dated in the week the clock is in
  test.describe.configure({ mode: 'serial' })

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test(
    'cancels an order whose card is only authorised: the authorisation is released',
    { tag: '@phone' },
    async ({ page, browser }) => {
      const customer = await customerPage(browser, 'cancel-by-staff')
      const order = await placeOrder(customer.request)

      await page.goto('/admin')
      const card = await openCard(page, order)
      const summary = card.getByRole('button', { expanded: true })
      // the customer was told the order is confirmed: staff no longer read "Pending"
      await expect(summary).toContainText('Status: New')
      await expect(summary).toContainText('Delivery: Order Confirmed')
      await expect(summary).toContainText('Payment: Card authorized')
      await expect(card).toContainText('Gate code 4471. Leave the box on the porch bench.')
      const payment = card.locator('dl').filter({ hasText: 'Authorized' })
      await expect(payment).toContainText(`Authorized$${order.total}`)
      await expect(payment).toContainText('Captured$0.00')
      // nothing was charged yet: nothing to refund
      await expect(card.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0)
      await expectAccessible(page)

      await card.getByRole('button', { name: 'Cancel Order' }).click()
      const confirm = page.getByRole('alertdialog', {
        name: `Cancel order ${orderNumber(order.id)}?`,
      })
      await expect(confirm).toContainText(
        `The card's authorization of $${order.total} is released: the customer is not charged.`,
      )
      await expectAccessible(page)
      // Keep Order leaves it as it was
      await confirm.getByRole('button', { name: 'Keep Order' }).click()
      await expect(confirm).toBeHidden()
      await expect(summary).toContainText('Payment: Card authorized')

      await card.getByRole('button', { name: 'Cancel Order' }).click()
      await confirm.getByRole('button', { name: 'Cancel Order' }).click()
      await expect(toasts(page).getByText('Order Cancelled', { exact: true })).toBeVisible()
      await expect(confirm).toBeHidden()
      await expect(summary).toContainText('Status: Cancelled')
      await expect(summary).toContainText('Payment: Authorization released')
      await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0)
      await expect(card.getByRole('list', { name: 'Order history' })).toContainText(ADMIN.email)

      // the customer's own answer says the same
      const seen = await customerSees(customer, order.id)
      expect(seen.status).toBe('cancelled')
      expect(seen.paymentStatus).toBe('voided')
      expect(seen.capturedAmount).toBe('0.00')

      // Delete still asks first
      await card.getByRole('button', { name: 'Delete Order' }).click()
      const remove = page.getByRole('alertdialog', { name: 'Delete Order' })
      await expect(remove).toContainText('This action cannot be undone.')
      await remove.getByRole('button', { name: 'Cancel' }).click()
      await expect(card).toBeVisible()
      await customer.context().close()
    },
  )

  test('after the cut-off: a failed payment is found from the Jobs tab, and part of a captured order is refunded', async ({
    page,
    browser,
  }) => {
    const customer = await customerPage(browser, 'refund-by-staff')
    // The orders are placed in a week two weeks back and captured at that week's cut-off, so the
    // run captures no other test's order: every later delivery's cut-off is still ahead then.
    const placedAt = new Date(nextDeliveryDate(new Date()).getTime() - 19 * DAY_MS)
    let order: Order
    let declined: Order
    try {
      await setClock(page, placedAt)
      order = await placeOrder(customer.request)
      declined = await placeOrder(customer.request, CARDS.declinedAtCapture)
      const cutoff = orderCutoffFor(new Date(order.deliveryDate))
      expect(cutoff.getTime()).toBeGreaterThan(placedAt.getTime())
      // the cut-off passes: the job captures the orders' totals
      await setClock(page, new Date(cutoff.getTime() + 60_000))
      const ran = await page.request.post('/api/test/run-due-jobs')
      expect(ran.status(), await ran.text()).toBe(200)
    } finally {
      await setClock(page, null)
    }
    // Today, that week's Friday-noon deadline to pay again is long past: the shop's minute tick
    // holds the unpaid order. Run now, so the card shows that whenever the tick comes.
    const tick = await page.request.post('/api/test/run-due-jobs')
    expect(tick.status(), await tick.text()).toBe(200)
    const total = decimalToCents(order.total)
    const deliveryDay = chicagoDayOf(new Date(order.deliveryDate))
    const delivery = formatDeliveryDate(new Date(order.deliveryDate))
    await expect
      .poll(async () => (await customerSees(customer, order.id)).paymentStatus)
      .toBe('captured')
    expect((await customerSees(customer, declined.id)).paymentStatus).toBe('payment_failed')

    // the Jobs tab shows the run for that Saturday, and where the unpaid order is
    await page.goto('/admin?tab=jobs')
    // (the day's harvest e-mails are a run of their own beside it)
    const run = page
      .getByRole('row')
      .filter({ hasText: delivery })
      .filter({ hasText: 'Cut-off capture' })
      .first()
    await expect(run).toContainText('Cut-off capture')
    await expect(run).toContainText('Finished')
    const failed = page.getByRole('region', { name: 'Failed payments' })
    await expect(failed).toContainText(`${delivery}: 1 order not paid.`)
    await expectAccessible(page)
    await failed.getByRole('link', { name: `Orders of ${delivery}` }).click()

    // that Saturday's orders (the list is newest first, and these were placed weeks ago)
    await expect(page.getByRole('tab', { name: 'Orders', selected: true })).toBeVisible()
    await expect(page.getByLabel('Delivery day')).toHaveValue(deliveryDay)
    const unpaid = await openCard(page, declined)
    await expect(unpaid.getByRole('button', { expanded: true })).toContainText(
      'Payment: Payment failed',
    )
    await expect(unpaid.getByRole('button', { expanded: true })).toContainText(
      'Status: On hold — unpaid',
    )
    await expect(unpaid).toContainText(
      'On hold: unpaid at the deadline, so not packed or delivered. Mark it paid or cancel it.',
    )
    await expect(unpaid.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0)

    const card = await openCard(page, order)
    const summary = card.getByRole('button', { expanded: true })
    await expect(summary).toContainText('Payment: Paid')
    await expect(card).toContainText(`Captured$${order.total}`)
    await expect(card).toContainText(`Left to refund$${order.total}`)

    await card.getByRole('button', { name: 'Refund', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: `Refund order ${orderNumber(order.id)}` })
    // empty: the amount is typed, never all of it at one Enter (docs/product.md#refunds)
    await expect(dialog.getByLabel('Amount ($)')).toHaveValue('')
    await expect(
      dialog.getByText(
        `Up to ${formatCents(total)} can be refunded of the $${order.total} charged.`,
      ),
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
    await expect(dialog.getByText('Please say why (at least 3 characters)')).toBeVisible()
    await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true')

    // more than was charged, and above $50: confirmed first, then the server's refusal shows
    await dialog.getByLabel('Amount ($)').fill(centsToDecimal(total + 100))
    await dialog.getByLabel('Reason').fill('Bruised peaches in the box')
    await dialog.getByRole('button', { name: `Refund ${formatCents(total + 100)}` }).click()
    await expect(
      dialog.getByText(`Tick the box to refund ${formatCents(total + 100)}`),
    ).toBeVisible()
    await dialog.getByLabel(`Refund ${formatCents(total + 100)} to the customer's card?`).check()
    await dialog.getByRole('button', { name: `Refund ${formatCents(total + 100)}` }).click()
    await expect(
      dialog.getByText(`At most ${formatCents(total)} is left to refund on this order.`),
    ).toBeVisible()
    await expect(dialog.getByLabel('Amount ($)')).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page)

    await dialog.getByLabel('Amount ($)').fill('5')
    await dialog.getByRole('button', { name: 'Refund $5.00' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page).getByText(/^Refund (Made|Requested)$/)).toBeVisible()
    await expect(summary).toContainText('Payment: Partly refunded')
    const refunds = card.getByRole('list', { name: 'Refunds' })
    await expect(refunds).toContainText('$5.00')
    await expect(refunds).toContainText('Bruised peaches in the box')
    await expect(card).toContainText(`Left to refund${formatCents(total - 500)}`)

    // the customer reads the same refund
    const seen = await customerSees(customer, order.id)
    expect(seen.paymentStatus).toBe('partially_refunded')
    expect(seen.refundedAmount).toBe('5.00')
    expect(seen.refunds.map(({ amount, reason }) => ({ amount, reason }))).toEqual([
      { amount: '5.00', reason: 'Bruised peaches in the box' },
    ])

    // the next refund says what is left; cancelling now refunds all of that
    await card.getByRole('button', { name: 'Refund', exact: true }).click()
    await expect(dialog.getByLabel('Amount ($)')).toHaveValue('')
    await expect(
      dialog.getByText(`Up to ${formatCents(total - 500)} can be refunded`, { exact: false }),
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await card.getByRole('button', { name: 'Cancel Order' }).click()
    await expect(page.getByRole('alertdialog')).toContainText(
      `Everything not yet refunded, ${formatCents(total - 500)} of the $${order.total} charged, is refunded to the customer's card.`,
    )
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keep Order' }).click()
    await customer.context().close()
  })

  test('after 31 minutes away, cancelling asks for the password first, then goes through', async ({
    page,
    browser,
  }) => {
    const customer = await customerPage(browser, 'password-again')
    const order = await placeOrder(customer.request)
    try {
      await setClock(page, new Date(Date.now() + 31 * 60_000))
      await page.goto('/admin')
      const card = await openCard(page, order)
      await card.getByRole('button', { name: 'Cancel Order' }).click()
      const confirm = page.getByRole('alertdialog', {
        name: `Cancel order ${orderNumber(order.id)}?`,
      })
      await confirm.getByRole('button', { name: 'Cancel Order' }).click()
      const again = confirm.getByRole('group', { name: /enter your password to go on/ })
      await expect(again).toBeVisible()
      // nothing moved yet
      expect((await customerSees(customer, order.id)).status).not.toBe('cancelled')
      await expectAccessible(page)

      await expect(again.getByLabel('Your password')).toBeFocused()
      await again.getByLabel('Your password').fill('not the password')
      await again.getByRole('button', { name: 'Confirm and go on' }).click()
      await expect(again.getByText('That is not your password.')).toBeVisible()
      await again.getByLabel('Your password').fill(ADMIN.password)
      await again.getByLabel('Your password').press('Enter')
      await expect(toasts(page).getByText('Order Cancelled', { exact: true })).toBeVisible()
      await expect(confirm).toBeHidden()
      expect((await customerSees(customer, order.id)).status).toBe('cancelled')
    } finally {
      await setClock(page, null)
      await customer.context().close()
    }
  })
})
