import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products } from '#server/db/schema/index.ts'
import { orderCutoffFor } from '#shared/domain/delivery.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { Product } from '#shared/schemas/product.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { makeProduct } from '#tests/factories/product.ts'
import { getOrder, pay, placeOrder } from '#tests/setup/order-week.ts'
import { basketOver, createIntent, quote, type BasketLine } from '#tests/setup/shopper.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

/**
 * Weekly quantities (docs/product.md#weekly-quantities): a limited product is never sold past
 * its quantity for a Saturday, whether the buyers come one at a time or all at once; what a
 * cancel, a lowered quantity or an abandoned checkout took comes back.
 */

// Tuesday 24 November 2026, 10:00 in Houston: orders go to Saturday 28 November
let clock = new Date('2026-11-24T16:00:00Z')
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ now: () => clock })
})
afterAll(() => shop.close())

/** A new product limited to `weeklyQuantity` a Saturday, through the admin's own call. */
async function limitedProduct(weeklyQuantity: number, name?: string): Promise<BasketLine> {
  const row = await makeProduct(shop.database.db, {
    price: '4.00',
    ...(name ? { name } : {}),
  })
  const admin = await signUpAdmin(shop)
  const set = await admin.call('PATCH', `/api/admin/products/${row.id}`, { weeklyQuantity })
  expect(set.statusCode, set.body).toBe(200)
  return { id: row.id, name: row.name, price: row.price, quantity: 1 }
}

/** A basket over the minimum with `line` in it. */
async function basketWith(line: BasketLine): Promise<BasketLine[]> {
  return [...(await basketOver(shop)), line]
}

async function productAsShown(id: string): Promise<Product> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/products/${id}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Product>()
}

const leftOf = async (id: string) => (await productAsShown(id)).leftThisWeek

async function checkout(shopper: Shopper, items: BasketLine[]) {
  const amount = await quote(shopper, items)
  return shopper.call('POST', '/api/create-payment-intent', { amount, items })
}

describe('a weekly quantity', () => {
  test('is set and cleared in the admin; bad values are refused with the form’s words', async () => {
    const row = await makeProduct(shop.database.db)
    const admin = await signUpAdmin(shop)
    const patch = (body: object) => admin.call('PATCH', `/api/admin/products/${row.id}`, body)

    expect(await productAsShown(row.id)).toMatchObject({ weeklyQuantity: null, leftThisWeek: null })
    for (const bad of [-1, 2.5, '12', 100_001]) {
      const refused = await patch({ weeklyQuantity: bad })
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400)
      expect(refused.json<{ errors: Record<string, string> }>().errors['weeklyQuantity']).toMatch(
        /^Weekly quantity must be/,
      )
    }
    const set = await patch({ weeklyQuantity: 12 })
    expect(set.json()).toMatchObject({ weeklyQuantity: 12, leftThisWeek: 12 })
    expect(await productAsShown(row.id)).toMatchObject({ weeklyQuantity: 12, leftThisWeek: 12 })
    // another field's change keeps it
    expect((await patch({ price: '5.00' })).json()).toMatchObject({ weeklyQuantity: 12 })
    const cleared = await patch({ weeklyQuantity: null })
    expect(cleared.json()).toMatchObject({ weeklyQuantity: null, leftThisWeek: null })
  })

  test('20 customers racing for the last 3: exactly 3 sold, 17 told it is sold out', async () => {
    const limited = await limitedProduct(3)
    const items = await basketWith(limited)
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signUp(shop)))
    const amount = await quote(shoppers[0] as Shopper, items)
    const answers = await Promise.all(
      shoppers.map((shopper) =>
        shopper.call('POST', '/api/create-payment-intent', { amount, items }),
      ),
    )
    const won = answers.flatMap((answer, index) =>
      answer.statusCode === 200 ? [{ shopper: shoppers[index] as Shopper, answer }] : [],
    )
    expect(won).toHaveLength(3)
    const refused = answers.filter((answer) => answer.statusCode !== 200)
    expect(refused).toHaveLength(17)
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(409)
      expect(answer.json()).toMatchObject({
        message: `Sorry, ${limited.name} is sold out for Saturday, Nov 28. Please remove it from your cart.`,
        productId: limited.id,
        left: 0,
      })
    }
    // the three pay and get their orders: three lines of it, and none left
    for (const { shopper, answer } of won) {
      const { paymentIntentId } = answer.json<{ paymentIntentId: string }>()
      await pay(shopper, paymentIntentId)
      const placed = await shopper.call('POST', '/api/orders', { paymentIntentId })
      expect(placed.statusCode, placed.body).toBe(201)
    }
    const sold = await shop.database.db.execute<{ quantity: number }>(
      sql`select coalesce(sum(quantity), 0)::int as quantity from order_items where product_id = ${limited.id}`,
    )
    expect(sold.rows[0]?.quantity).toBe(3)
    expect(await leftOf(limited.id)).toBe(0)
  })

  test('paid checkouts becoming orders while others count: never more than the quantity', async () => {
    const limited = await limitedProduct(10)
    const items = await basketWith(limited)
    const shoppers = await Promise.all(Array.from({ length: 40 }, () => signUp(shop)))
    const amount = await quote(shoppers[0] as Shopper, items)
    // each buys, pays and orders at once: counts and orders interleave (one checkout each: a
    // household paying two of its own at once is the documented exception)
    const buy = async (shopper: Shopper) => {
      const intent = await shopper.call('POST', '/api/create-payment-intent', { amount, items })
      if (intent.statusCode !== 200) return intent.statusCode
      const { paymentIntentId } = intent.json<{ paymentIntentId: string }>()
      await pay(shopper, paymentIntentId)
      return (await shopper.call('POST', '/api/orders', { paymentIntentId })).statusCode
    }
    const outcomes = await Promise.all(shoppers.map((shopper) => buy(shopper)))
    expect(outcomes.filter((status) => status === 201)).toHaveLength(10)
    expect(outcomes.filter((status) => status === 409)).toHaveLength(30)
    const sold = await shop.database.db.execute<{ quantity: number }>(
      sql`select coalesce(sum(quantity), 0)::int as quantity from order_items where product_id = ${limited.id}`,
    )
    expect(sold.rows[0]?.quantity).toBe(10)
  })

  test('a basket asking for more than is left is told how many are left; that many is sold', async () => {
    const limited = await limitedProduct(5)
    const first = await signUp(shop)
    await placeOrder(first, await basketWith({ ...limited, quantity: 2 }))
    expect(await leftOf(limited.id)).toBe(3)

    const second = await signUp(shop)
    const tooMany = await checkout(second, await basketWith({ ...limited, quantity: 4 }))
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json()).toMatchObject({
      message: `Sorry, only 3 of ${limited.name} are left for Saturday, Nov 28. Please lower the quantity.`,
      left: 3,
    })
    const exactly = await checkout(second, await basketWith({ ...limited, quantity: 3 }))
    expect(exactly.statusCode, exactly.body).toBe(200)
    expect(await leftOf(limited.id)).toBe(0)
  })

  test('a shopper going back to checkout is not refused for what their own checkout holds', async () => {
    const limited = await limitedProduct(2)
    const shopper = await signUp(shop)
    const items = await basketWith({ ...limited, quantity: 2 })
    const first = await checkout(shopper, items)
    expect(first.statusCode, first.body).toBe(200)
    // new delivery instructions, a reload: the checkout is made again; the first, still being
    // paid for, is not counted against its own customer
    const again = await checkout(shopper, items)
    expect(again.statusCode, again.body).toBe(200)
    expect(await leftOf(limited.id)).toBe(0)
    const other = await signUp(shop)
    expect((await checkout(other, await basketWith(limited))).statusCode).toBe(409)
    // the second is the one that is paid and becomes the order
    const { paymentIntentId } = again.json<{ paymentIntentId: string }>()
    await pay(shopper, paymentIntentId)
    const placed = await shopper.call('POST', '/api/orders', { paymentIntentId })
    expect(placed.statusCode, placed.body).toBe(201)
    expect(await leftOf(limited.id)).toBe(0)
  })

  test('a checkout being paid for holds its units; given up after an hour, they come back', async () => {
    const limited = await limitedProduct(2)
    const walkedAway = await signUp(shop)
    await createIntent(walkedAway, await basketWith({ ...limited, quantity: 2 }))
    expect(await leftOf(limited.id)).toBe(0)
    const next = await signUp(shop)
    expect((await checkout(next, await basketWith(limited))).statusCode).toBe(409)

    const start = clock
    try {
      clock = new Date(start.getTime() + 61 * 60_000)
      const swept = await shop.app.checkout.settleStaleCheckouts(500)
      expect(swept.abandoned).toBeGreaterThanOrEqual(1)
      expect(await leftOf(limited.id)).toBe(2)
      expect((await checkout(next, await basketWith(limited))).statusCode).toBe(200)
    } finally {
      clock = start
    }
  })

  test('a cancelled order gives its units back', async () => {
    const limited = await limitedProduct(2)
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketWith({ ...limited, quantity: 2 }))
    expect(await leftOf(limited.id)).toBe(0)
    const cancelled = await shopper.call('POST', `/api/orders/${order.id}/cancel`, {})
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await leftOf(limited.id)).toBe(2)
  })

  test('a change may lower or keep a quantity, but not raise it past what is left', async () => {
    const limited = await limitedProduct(3)
    const shopper = await signUp(shop)
    const order = await placeOrder(shopper, await basketWith({ ...limited, quantity: 2 }))
    const other = await signUp(shop)
    await placeOrder(other, await basketWith(limited))
    expect(await leftOf(limited.id)).toBe(0)

    const withQuantity = (quantity: number) =>
      order.items.map((item) => ({
        id: item.productId as string,
        quantity: item.productId === limited.id ? quantity : item.quantity,
      }))
    const raised = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: order.version,
      items: withQuantity(3),
    })
    // what is left for this order: the week's 3 less the other order's 1
    expect(raised.statusCode).toBe(409)
    expect(raised.json()).toMatchObject({
      message: `Sorry, only 2 of ${limited.name} are left for Saturday, Nov 28. Please lower the quantity.`,
      productId: limited.id,
      left: 2,
    })
    expect((await getOrder(shopper, order.id)).version).toBe(order.version)

    // the admin lowers the week's quantity below what is sold: the orders stand, and a change
    // that keeps this product's quantity is not refused for it
    await shop.database.db
      .update(products)
      .set({ weeklyQuantity: 1 })
      .where(eq(products.id, limited.id))
    const kept = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: order.version,
      items: withQuantity(2),
      specialInstructions: 'Leave it by the side gate',
    })
    expect(kept.statusCode, kept.body).toBe(200)
    const lowered = await shopper.call('PATCH', `/api/orders/${order.id}`, {
      version: (await getOrder(shopper, order.id)).version,
      items: withQuantity(1),
    })
    expect(lowered.statusCode, lowered.body).toBe(200)
    const after = lowered.json<Order>()
    expect(after.items.find((item) => item.productId === limited.id)?.quantity).toBe(1)
  })

  test('each Saturday has its own quantity: after the cut-off the next one starts full', async () => {
    const limited = await limitedProduct(2)
    const shopper = await signUp(shop)
    await placeOrder(shopper, await basketWith({ ...limited, quantity: 2 }))
    expect(await leftOf(limited.id)).toBe(0)
    const start = clock
    try {
      // past Wednesday's cut-off, orders go to Saturday 5 December
      clock = new Date(orderCutoffFor(new Date('2026-11-28T11:00:00Z')).getTime() + 60_000)
      expect(await leftOf(limited.id)).toBe(2)
      const later = await signUp(shop)
      expect(
        (await checkout(later, await basketWith({ ...limited, quantity: 2 }))).statusCode,
      ).toBe(200)
    } finally {
      clock = start
    }
  })
})
