import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BuyAgainListSchema } from '#shared/schemas/product.ts'
import { signUp, type Shopper } from '#tests/factories/customer.ts'
import { makeOrder } from '#tests/factories/order.ts'
import { makeProduct, type ProductRow } from '#tests/factories/product.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/** GET /api/orders/buy-again: the shop's "Buy again" row (docs/product.md#buy-again). */

let shop: TestApp
let maria: Shopper
let other: Shopper
const made: Record<string, ProductRow> = {}

const delivery = new Date('2026-10-03T10:00:00Z')

async function order(
  shopper: Shopper,
  products: ProductRow[],
  values: { status?: 'cancelled'; paymentStatus?: 'voided' | 'captured' } = {},
) {
  await makeOrder(
    shop.database.db,
    { userId: shopper.userId, deliveryDate: delivery, ...values },
    {
      items: products.map((product) => ({
        productId: product.id,
        productName: product.name,
        productPrice: product.price,
        quantity: 1,
      })),
    },
  )
}

async function buyAgain(shopper: Shopper) {
  const response = await shopper.call('GET', '/api/orders/buy-again')
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['cache-control']).toBe('no-store')
  return BuyAgainListSchema.parse(response.json()).map((product) => product.name)
}

beforeAll(async () => {
  shop = await createTestApp()
  maria = await signUp(shop, 'buy-again')
  other = await signUp(shop, 'buy-again-other')
  for (const name of ['Eggs', 'Milk', 'Honey', 'Rice', 'Sold out', 'Cancelled only']) {
    made[name] = await makeProduct(shop.database.db, {
      name: `Buy again ${name}`,
      inStock: name !== 'Sold out',
    })
  }
  const p = (name: string) => made[name]!
  // Milk in 3 orders, Eggs in 2, Honey in 1; Sold out in 3 but out of stock
  await order(maria, [p('Milk'), p('Eggs'), p('Sold out')])
  await order(maria, [p('Milk'), p('Eggs'), p('Sold out')], { paymentStatus: 'captured' })
  await order(maria, [p('Milk'), p('Honey'), p('Sold out')])
  // a cancelled order and a voided one do not count
  await order(maria, [p('Cancelled only'), p('Honey')], { status: 'cancelled' })
  await order(maria, [p('Cancelled only'), p('Honey')], { paymentStatus: 'voided' })
  // someone else's order is theirs alone
  await order(other, [p('Rice'), p('Rice')])
})
afterAll(() => shop.close())

describe('GET /api/orders/buy-again', () => {
  test('lists the customer’s products by the number of orders, in stock only', async () => {
    expect(await buyAgain(maria)).toEqual(['Buy again Milk', 'Buy again Eggs', 'Buy again Honey'])
  })

  test('a customer sees only products from their own orders', async () => {
    expect(await buyAgain(other)).toEqual(['Buy again Rice'])
    const newcomer = await signUp(shop, 'buy-again-new')
    expect(await buyAgain(newcomer)).toEqual([])
  })

  test('shows at most 8, most ordered first', async () => {
    const many = await signUp(shop, 'buy-again-many')
    const products: ProductRow[] = []
    for (let index = 0; index < 10; index += 1) {
      products.push(await makeProduct(shop.database.db, { name: `Buy again many ${index}` }))
    }
    await order(many, products)
    await order(many, products.slice(9))
    const names = await buyAgain(many)
    expect(names).toHaveLength(8)
    expect(names[0]).toBe('Buy again many 9')
  })

  test('answers 401 when signed out', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/orders/buy-again' })
    expect(response.statusCode).toBe(401)
  })
})
