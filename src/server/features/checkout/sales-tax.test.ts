import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders, products } from '#server/db/schema/index.ts'
import { ProductSchema } from '#shared/schemas/product.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { makeProduct } from '#tests/factories/product.ts'
import { createIntent, quote, type BasketLine } from '#tests/setup/shopper.ts'

/**
 * Texas sales tax only on what is taxable (docs/product.md#tax): every figure below is worked out
 * by hand from the rule, so a change of the rule fails here.
 */

const clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp
let shopper: Shopper
/** a kombucha at 4.50 (taxed), a bag of produce at 55.27 and a ham at 60.00 (food, exempt) */
let kombucha: BasketLine
let produce: BasketLine
let ham: BasketLine

const line = (row: { id: string; name: string; price: string }, quantity = 1): BasketLine => ({
  id: row.id,
  name: row.name,
  price: row.price,
  quantity,
})

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
  shopper = await signUp(shop, 'tax')
  const db = shop.database.db
  kombucha = line(await makeProduct(db, { name: 'Tax Kombucha', price: '4.50', taxable: true }))
  produce = line(await makeProduct(db, { name: 'Tax Produce', price: '55.27' }))
  ham = line(await makeProduct(db, { name: 'Tax Ham', price: '60.00' }))
})
afterAll(() => shop.close())

interface Totals {
  subtotal: string
  discountAmount: string
  deliveryFee: string
  tax: string
  total: string
}

async function totalsOf(items: BasketLine[], promoCode?: string): Promise<Totals> {
  const response = await shopper.call('POST', '/api/create-payment-intent', {
    amount: 0,
    items,
    ...(promoCode ? { promoCode } : {}),
  })
  expect(response.statusCode, response.body).toBe(409)
  return response.json<{ totals: Totals }>().totals
}

describe('the tax a basket is charged (docs/product.md#tax)', () => {
  test.each([
    {
      basket: 'all exempt food, under $99 (a delivery fee), no coupon',
      items: () => [ham],
      promo: undefined,
      // no taxable line: no tax, even on the delivery fee
      want: { subtotal: '60.00', discountAmount: '0.00', deliveryFee: '5.99', tax: '0.00' },
      wantTotal: '65.99',
    },
    {
      basket: 'all exempt food with WELCOME10',
      items: () => [{ ...ham, quantity: 2 }],
      promo: 'WELCOME10',
      want: { subtotal: '120.00', discountAmount: '12.00', deliveryFee: '0.00', tax: '0.00' },
      wantTotal: '108.00',
    },
    {
      basket: 'all taxable, a delivery fee, no coupon',
      items: () => [{ ...kombucha, quantity: 14 }],
      // 63.00 + 5.99 = 68.99 taxed: 5.6916… → 5.69
      promo: undefined,
      want: { subtotal: '63.00', discountAmount: '0.00', deliveryFee: '5.99', tax: '5.69' },
      wantTotal: '74.68',
    },
    {
      basket: 'all taxable, a delivery fee and WELCOME10',
      items: () => [{ ...kombucha, quantity: 14 }],
      // 6.30 off; (63.00 − 6.30 + 5.99) = 62.69 taxed: 5.1719… → 5.17
      promo: 'WELCOME10',
      want: { subtotal: '63.00', discountAmount: '6.30', deliveryFee: '5.99', tax: '5.17' },
      wantTotal: '67.86',
    },
    {
      basket: 'mixed, a delivery fee and WELCOME10',
      items: () => [{ ...kombucha, quantity: 2 }, produce],
      // 64.27, 6.43 off; kombucha's 9.00 of it carries 9.00 × 63.83 / 64.27 of the sales:
      // 8.25 % × 8.938… = 0.7374… → 0.74
      promo: 'WELCOME10',
      want: { subtotal: '64.27', discountAmount: '6.43', deliveryFee: '5.99', tax: '0.74' },
      wantTotal: '64.57',
    },
    {
      basket: 'mixed, a delivery fee, no coupon',
      items: () => [{ ...kombucha, quantity: 2 }, produce],
      // 9.00 × 70.26 / 64.27 = 9.8388…; 8.25 % of it: 0.8117… → 0.81
      promo: undefined,
      want: { subtotal: '64.27', discountAmount: '0.00', deliveryFee: '5.99', tax: '0.81' },
      wantTotal: '71.07',
    },
    {
      basket: 'mixed, free delivery and FARM5 ($5 off)',
      items: () => [{ ...kombucha, quantity: 2 }, ham, { ...produce, quantity: 1 }],
      // 124.27, 5.00 off, no fee; 9.00 × 119.27 / 124.27 = 8.6378…; 8.25 %: 0.7126… → 0.71
      promo: 'FARM5',
      want: { subtotal: '124.27', discountAmount: '5.00', deliveryFee: '0.00', tax: '0.71' },
      wantTotal: '119.98',
    },
  ])('$basket', async ({ items, promo, want, wantTotal }) => {
    const totals = await totalsOf(items(), promo)
    expect(totals).toMatchObject({ ...want, total: wantTotal })
  })
})

describe('taxable on the product and on the order', () => {
  test('every product answer says whether it is taxable', async () => {
    const one = await shop.app.inject({ method: 'GET', url: `/api/products/${kombucha.id}` })
    expect(ProductSchema.parse(one.json())).toMatchObject({ taxable: true })
    const list = await shop.app.inject({ method: 'GET', url: '/api/products' })
    const all = ProductSchema.array().parse(list.json())
    expect(all.length).toBeGreaterThan(10)
    expect(all.find((product) => product.name === 'Ginger Hibiscus Kombucha')?.taxable).toBe(true)
    expect(all.find((product) => product.name === 'Heirloom Tomatoes')?.taxable).toBe(false)
  })

  test('staff set it in the product form; anything but true or false is refused', async () => {
    const admin = await signUpAdmin(shop, 'tax-admin')
    const form = {
      name: 'Prickly Pear Lemonade',
      description: 'Sweetened with cane sugar.',
      price: '6.00',
      category: 'drinks',
      producerId: (await shop.database.db.select().from(products).limit(1))[0]?.producerId,
      taxable: true,
    }
    const made = await admin.call('POST', '/api/admin/products', form)
    expect(made.statusCode, made.body).toBe(201)
    const id = made.json<{ id: string; taxable: boolean }>().id
    expect(made.json()).toMatchObject({ taxable: true })
    const exempt = await admin.call('PATCH', `/api/admin/products/${id}`, { taxable: false })
    expect(exempt.json()).toMatchObject({ taxable: false })
    const bad = await admin.call('PATCH', `/api/admin/products/${id}`, { taxable: 'yes' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ errors: { taxable: 'Taxable must be true or false' } })
    const untouched = await shop.app.inject({ method: 'GET', url: `/api/products/${id}` })
    expect(untouched.json()).toMatchObject({ taxable: false })
  })

  test('an order keeps each line’s tax as sold, and its receipt splits taxable and exempt sales', async () => {
    const items = [{ ...kombucha, quantity: 2 }, produce]
    expect(await quote(shopper, items, 'WELCOME10')).toBe('64.57')
    const intent = await createIntent(shopper, items, 'WELCOME10')
    const paid = await shopper.call(
      'POST',
      `/api/demo-payments/${intent.paymentIntentId}/confirm`,
      {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 30',
        cvc: '123',
        zip: '77008',
      },
    )
    expect(paid.statusCode, paid.body).toBe(200)
    const placed = await shopper.call('POST', '/api/orders', {
      paymentIntentId: intent.paymentIntentId,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json<{ id: string }>()
    expect(placed.json()).toMatchObject({
      tax: '0.74',
      total: '64.57',
      // sales 63.83: the kombucha's share 8.938… → 8.94, the rest exempt
      taxableSales: '8.94',
      exemptSales: '54.89',
    })

    // the kombucha stops being taxed: the order placed keeps what it was sold with
    await shop.database.db
      .update(products)
      .set({ taxable: false })
      .where(eq(products.id, kombucha.id))
    const read = await shopper.call('GET', `/api/orders/${order.id}`)
    const body = read.json<{ tax: string; items: { productName: string; taxable: boolean }[] }>()
    expect(body.tax).toBe('0.74')
    expect(body.items.find((item) => item.productName === 'Tax Kombucha')?.taxable).toBe(true)
    expect(body.items.find((item) => item.productName === 'Tax Produce')?.taxable).toBe(false)
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ tax: '0.74', taxRateBasisPoints: 825 })
    expect(await quote(shopper, items, 'WELCOME10')).toBe('63.83')
    await shop.database.db
      .update(products)
      .set({ taxable: true })
      .where(eq(products.id, kombucha.id))
  })
})
