import { expect } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { products } from '#server/db/schema/index.ts'
import { decimalToCents } from '#shared/domain/money.ts'
import type { Shopper } from '#tests/factories/customer.ts'
import type { TestApp } from './test-app.ts'

/** The calls a checkout makes, for a signed-in customer of a test app. */

export interface BasketLine {
  id: string
  name: string
  /** the unit price as the shop lists it: "12.99" */
  price: string
  quantity: number
  customSelections?: string[]
}

/** In-stock products of the demo catalogue, cheapest last, as basket lines. */
export async function inStockLines(shop: TestApp, count: number): Promise<BasketLine[]> {
  const rows = await shop.database.db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(eq(products.inStock, true))
    .orderBy(asc(products.name))
    .limit(count)
  return rows.map((row) => ({ id: row.id, name: row.name, price: row.price, quantity: 1 }))
}

/** A basket over the $60 minimum: enough of the first lines to pass it. */
export async function basketOver(shop: TestApp, minimumCents = 6000): Promise<BasketLine[]> {
  const lines = await inStockLines(shop, 4)
  const first = lines[0]
  if (!first) throw new Error('no products in the demo catalogue')
  let total = lines.reduce((sum, line) => sum + decimalToCents(line.price) * line.quantity, 0)
  while (total < minimumCents) {
    first.quantity += 1
    total += decimalToCents(first.price)
  }
  return lines
}

/** The basket total the drawer would show (docs/product.md#pricing), as the API writes it: "88.80". */
export async function quote(shopper: Shopper, items: BasketLine[], promoCode?: string) {
  const response = await shopper.call('POST', '/api/create-payment-intent', {
    amount: 0,
    items,
    ...(promoCode ? { promoCode } : {}),
  })
  expect(response.statusCode, response.body).toBe(409)
  return response.json<{ totals: { total: string } }>().totals.total
}

export async function createIntent(shopper: Shopper, items: BasketLine[], promoCode?: string) {
  const amount = await quote(shopper, items, promoCode)
  const response = await shopper.call('POST', '/api/create-payment-intent', {
    amount,
    items,
    ...(promoCode ? { promoCode } : {}),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ paymentIntentId: string; clientSecret: string; amount: string }>()
}
