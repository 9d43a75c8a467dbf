import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders } from '#server/db/schema/index.ts'
import { transactionRunner } from '#server/db/transaction.ts'
import { AppError } from '#server/app-error.ts'
import { signUp } from '#tests/factories/customer.ts'
import { makeProduct } from '#tests/factories/product.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { createOrdersFeature, type NewOrder, type NewOrderLine } from './index.ts'

/**
 * Creating an order through the orders feature itself, as checkout (and, next, the order
 * changes) do: the order rules hold whoever calls (docs/product.md#farm-boxes).
 */

let shop: TestApp
let orderOf: (lines: NewOrderLine[]) => NewOrder
let feature: ReturnType<typeof createOrdersFeature>

beforeAll(async () => {
  shop = await createTestApp()
  const customer = await signUp(shop, 'orders-feature')
  feature = createOrdersFeature({
    db: shop.database.db,
    transaction: transactionRunner(shop.database.db),
    auth: shop.app.auth,
    catalog: shop.catalog,
    coupons: { giveBackWithin: () => Promise.resolve() },
    log: testLogger,
    now: () => new Date(),
    outbox: { enqueueWithin: () => Promise.resolve() },
    publicUrl: 'http://localhost:3000',
  })
  orderOf = (lines) => {
    const paymentIntentId = `pi_test_${crypto.randomUUID()}`
    return {
      userId: customer.userId,
      customerName: 'Maria Gonzalez',
      customerEmail: customer.email,
      customerPhone: '7135550199',
      deliveryAddress: '1200 Heights Blvd, Houston, TX 77008',
      deliveryDate: new Date('2026-11-28T11:00:00Z'),
      subtotal: 6300,
      discount: 0,
      promoCode: null,
      deliveryFee: 599,
      tax: 520,
      total: 7419,
      taxRateBasisPoints: 825,
      specialInstructions: null,
      paymentIntentId,
      paymentStatus: 'authorized',
      authorizedAmount: 7419,
      authorizedAt: new Date('2026-11-24T16:00:00Z'),
      currentPaymentId: paymentIntentId,
      lines,
    }
  }
})
afterAll(() => shop.close())

const boxLine = (selections: number[], category = 'farm-boxes'): NewOrderLine => ({
  productId: crypto.randomUUID(),
  productName: 'Garden Veggie Box',
  category,
  unitPrice: 4500,
  quantity: 1,
  farmSource: 'Atkinson Farms',
  imageUrl: null,
  taxable: false,
  customSelections: selections.map((count) => ({ id: crypto.randomUUID(), name: 'Okra', count })),
})

const create = (order: NewOrder, options?: { alreadyPaid?: boolean }) =>
  transactionRunner(shop.database.db)((tx) => feature.service.createWithin(tx, order, options))

describe('createWithin', () => {
  test.each([
    ['a box with 6 chosen items', [boxLine([3, 3])]],
    ['a box with 8 chosen items', [boxLine([4, 4])]],
    ['chosen items on a line that is not a box', [boxLine([4, 3], 'produce')]],
    ['a quantity of 21', [{ ...boxLine([]), quantity: 21 }]],
    ['no lines at all', []],
  ])('refuses %s with 400, and writes nothing', async (_case, lines) => {
    const order = orderOf(lines)
    const refused: unknown = await create(order).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).status).toBe(400)
    expect(
      await shop.database.db.$count(orders, eq(orders.paymentIntentId, order.paymentIntentId)),
    ).toBe(0)
  })

  test("makes a box of seven (repeats counted) and a farmer's choice box", async () => {
    const product = await makeProduct(shop.database.db, { category: 'farm-boxes' })
    const order = orderOf([
      { ...boxLine([5, 2]), productId: product.id },
      { ...boxLine([]), productId: product.id },
    ])
    const made = await create(order)
    expect(made?.items.map((item) => item.customSelections?.length)).toEqual([2, 0])
    // the same payment again: no second order
    expect(await create(order)).toBeNull()
  })

  test('an order already paid for is made even when its lines break the rules', async () => {
    const order = orderOf([boxLine([3, 3])])
    const made = await create(order, { alreadyPaid: true })
    expect(made?.paymentIntentId).toBe(order.paymentIntentId)
  })
})
