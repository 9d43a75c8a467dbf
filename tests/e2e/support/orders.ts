import type { Page } from '@playwright/test'
import { centsToDecimal, decimalToCents, formatCents } from '#shared/domain/money.ts'
import { MAX_LINE_QUANTITY, priceBasket } from '#shared/domain/pricing.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { Product } from '#shared/schemas/product.ts'
import { expect } from './fixtures.ts'

/**
 * Customers, baskets and orders for the journeys after checkout (docs/product.md#order-changes):
 * an account made in the page's own cookie jar, and an order placed through the API as the
 * checkout places it (payment, demo card, order), so a journey starts on the order's page.
 */

export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** authorises at checkout, declined when the cut-off captures it */
  declinedAtCapture: '4000 0000 0000 0341',
} as const

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

export async function signUp(page: Page, tag: string) {
  const customer = {
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
  const response = await page.request.post('/api/auth/register', { data: customer })
  expect(response.status(), await response.text()).toBe(201)
  return customer
}

/** Products in stock that are not farm boxes, cheapest first. */
export async function shopProducts(page: Page): Promise<Product[]> {
  const products = (await (await page.request.get('/api/products')).json()) as Product[]
  return products
    .filter((product) => product.inStock && product.category !== 'farm-boxes')
    .sort((a, b) => decimalToCents(a.price) - decimalToCents(b.price))
}

/**
 * Lines of these products in turn, each at most MAX_LINE_QUANTITY, until the subtotal reaches
 * `cents` (the minimum order, say), whatever the catalogue's prices.
 */
export function linesReaching(products: readonly Product[], cents: number): Line[] {
  const lines: Line[] = []
  let subtotal = 0
  for (const product of products) {
    if (subtotal >= cents) break
    const price = decimalToCents(product.price)
    const quantity = Math.min(MAX_LINE_QUANTITY, Math.ceil((cents - subtotal) / price))
    lines.push({ product, quantity })
    subtotal += quantity * price
  }
  if (subtotal < cents) throw new Error('the products in stock cannot reach that subtotal')
  return lines
}

export interface Line {
  product: Product
  quantity: number
  /** a custom box's seven chosen product ids */
  customSelections?: string[]
}

export const subtotalOf = (lines: readonly Line[]) =>
  lines.reduce((sum, line) => sum + decimalToCents(line.product.price) * line.quantity, 0)

/** The lines as the shop's pricing reads them (price, quantity, taxed or not). */
export const pricingLinesOf = (lines: readonly Line[]) =>
  lines.map(({ product, quantity }) => ({
    price: decimalToCents(product.price),
    quantity,
    taxable: product.taxable,
  }))

/** "$84.12": the checkout's total for these lines (no coupon), as the pages show it. */
export const shownTotal = (lines: readonly Line[]) =>
  formatCents(priceBasket(pricingLinesOf(lines)).total)

/** An order of these lines, paid with the demo card that succeeds, as the checkout makes it. */
export async function placeOrder(
  page: Page,
  lines: readonly Line[],
  specialInstructions?: string,
  cardNumber: string = TEST_CARDS.succeeds,
): Promise<Order> {
  const intent = await page.request.post('/api/create-payment-intent', {
    data: {
      amount: centsToDecimal(priceBasket(pricingLinesOf(lines)).total),
      items: lines.map(({ product, quantity, customSelections }) => ({
        id: product.id,
        name: product.name,
        price: product.price,
        quantity,
        ...(customSelections ? { customSelections } : {}),
      })),
      ...(specialInstructions ? { specialInstructions } : {}),
    },
  })
  expect(intent.status(), await intent.text()).toBe(200)
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string }
  const card = await page.request.post(`/api/demo-payments/${paymentIntentId}/confirm`, {
    data: { cardNumber, expiry: '12 / 34', cvc: '123', zip: '77006' },
  })
  expect(card.ok(), await card.text()).toBe(true)
  const order = await page.request.post('/api/orders', { data: { paymentIntentId } })
  expect(order.status(), await order.text()).toBe(201)
  return (await order.json()) as Order
}

/** Sets the server's clock (the e2e server runs with TEST_CLOCK_CONTROL=1); null is real time. */
export async function setServerClock(page: Page, now: Date | null) {
  const response = await page.request.put('/api/test/clock', {
    data: { now: now ? now.toISOString() : null },
  })
  expect(response.ok(), `PUT /api/test/clock: ${response.status()} ${await response.text()}`).toBe(
    true,
  )
}

/** Puts the lines in the basket as the shop keeps it (a page of the shop is opened first). */
export async function storeBasket(page: Page, lines: readonly Line[]) {
  await page.goto('/about')
  await page.evaluate(
    (cart) => localStorage.setItem('cart', cart),
    JSON.stringify(
      lines.map(({ product, quantity }) => ({
        id: product.id,
        name: product.name,
        priceCents: decimalToCents(product.price),
        quantity,
        image: product.imageUrl ?? '/illustrations/placeholder-product.svg',
        category: product.category,
        farmSource: product.farmSource,
        description: product.description,
        taxable: product.taxable,
      })),
    ),
  )
}

/** Two products for a basket a little over the $60 minimum: many of the first, one of the second. */
export async function startingLines(page: Page): Promise<{ lines: Line[]; products: Product[] }> {
  const products = await shopProducts(page)
  const first = products.find(
    (product) => decimalToCents(product.price) >= 400 && decimalToCents(product.price) <= 900,
  )
  const second = products.find(
    (product) => product !== first && decimalToCents(product.price) >= 300,
  )
  if (!first || !second) throw new Error('the demo catalogue lacks products at these prices')
  const quantity = Math.ceil(7000 / decimalToCents(first.price))
  return {
    lines: [
      { product: first, quantity },
      { product: second, quantity: 1 },
    ],
    products,
  }
}
