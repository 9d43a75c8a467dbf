import { describe, expect, test } from 'vitest'
import type { Order, OrderItem } from '#shared/schemas/order.ts'
import {
  deliveryInfoFromOrder,
  discountOf,
  draftFromOrder,
  estimateTotals,
  linesChanged,
  toChangeItems,
} from './order-change-draft.ts'

const BOX = '00000000-0000-4000-8000-00000000000b'
const A = '00000000-0000-4000-8000-00000000000a'
const C = '00000000-0000-4000-8000-00000000000c'
const TOMATO = '00000000-0000-4000-8000-000000000001'

const item = (overrides: Partial<OrderItem>): OrderItem => ({
  id: '10000000-0000-4000-8000-000000000001',
  orderId: '20000000-0000-4000-8000-000000000001',
  productId: TOMATO,
  productName: 'Heirloom Tomatoes',
  productPrice: '6.50',
  quantity: 4,
  farmSource: 'Pearland Produce',
  imageUrl: null,
  customSelections: null,
  taxable: false,
  shortQuantity: 0,
  shortAmount: '0.00',
  shortRefunded: false,
  ...overrides,
})

const order: Pick<Order, 'items'> = {
  items: [
    item({}),
    item({
      id: '10000000-0000-4000-8000-000000000002',
      productId: BOX,
      productName: 'Custom Produce Box',
      productPrice: '45.00',
      quantity: 1,
      customSelections: [
        { id: A, name: 'Okra', count: 4 },
        { id: C, name: 'Carrots', count: 3 },
      ],
    }),
  ],
}

describe('the change form’s lines', () => {
  test('start as the order’s, with a box’s contents as repeated ids', () => {
    const draft = draftFromOrder(order)
    expect(draft.map((line) => [line.productId, line.quantity, line.unitPrice])).toEqual([
      [TOMATO, 4, 650],
      [BOX, 1, 4500],
    ])
    expect(draft[1]?.customSelections).toEqual([A, A, A, A, C, C, C])
    expect(linesChanged(order, draft)).toBe(false)
  })

  test('a new quantity, a removed line or new box contents is a change', () => {
    const draft = draftFromOrder(order)
    const [tomatoes, box] = draft as [(typeof draft)[0], (typeof draft)[0]]
    expect(linesChanged(order, [{ ...tomatoes, quantity: 3 }, box])).toBe(true)
    expect(linesChanged(order, [box])).toBe(true)
    expect(
      linesChanged(order, [tomatoes, { ...box, customSelections: [A, A, A, C, C, C, C] }]),
    ).toBe(true)
    // the same contents in another order are the same box
    expect(
      linesChanged(order, [tomatoes, { ...box, customSelections: [C, A, C, A, C, A, A] }]),
    ).toBe(false)
  })

  test('are sent as product, quantity and a full box’s seven picks', () => {
    expect(toChangeItems(draftFromOrder(order))).toEqual([
      { id: TOMATO, quantity: 4 },
      { id: BOX, quantity: 1, customSelections: [A, A, A, A, C, C, C] },
    ])
  })

  test('leave out a line whose product the shop no longer sells', () => {
    expect(draftFromOrder({ items: [item({ productId: null })] })).toEqual([])
  })
})

describe('the estimate of the new total', () => {
  test('follows the checkout’s rules: tax, the delivery fee under $99, the coupon', () => {
    const draft = draftFromOrder(order) // 4 × 6.50 + 45.00 = 71.00
    const plain = estimateTotals(draft, null)
    expect(plain.subtotal).toBe(7100)
    expect(plain.deliveryFee).toBe(599)
    expect(plain.tax).toBe(0) // tomatoes and a produce box are food: exempt
    expect(plain.total).toBe(7100 + 599)
    // the tomatoes taxed: 26.00 of 71.00 with its share of the fee, 26.00 × 76.99 / 71.00 = 28.19…;
    // 8.25 % of that, rounded once: 2.326… → 2.33
    const taxed = draftFromOrder(order).map((line) =>
      line.productId === TOMATO ? { ...line, taxable: true } : line,
    )
    expect(estimateTotals(taxed, null)).toMatchObject({ tax: 233, taxableSales: 2819 })
    const tenOff = estimateTotals(draft, discountOf({ percentOff: 10, amountOff: null }))
    expect(tenOff.discount).toBe(710)
    expect(discountOf({ percentOff: null, amountOff: '5.00' })).toEqual({ amountOff: 500 })
    expect(discountOf(undefined)).toBeNull()
  })
})

test('the order’s one-line address is read back into the delivery form’s fields', () => {
  expect(
    deliveryInfoFromOrder({
      customerName: 'Marisol Okafor',
      customerEmail: 'marisol@example.com',
      customerPhone: '(713) 555-0148',
      deliveryAddress: '2417 Bagby St, Apt 3, gate 1942, Houston, TX 77006',
    }),
  ).toEqual({
    firstName: 'Marisol',
    lastName: 'Okafor',
    email: 'marisol@example.com',
    phone: '(713) 555-0148',
    address: '2417 Bagby St',
    apt: 'Apt 3, gate 1942',
    city: 'Houston',
    zipCode: '77006',
  })
  expect(
    deliveryInfoFromOrder({
      customerName: 'Ana María de la Cruz',
      customerEmail: 'ana@example.com',
      customerPhone: null,
      deliveryAddress: '9 Main St, Katy, TX 77494',
    }),
  ).toMatchObject({
    firstName: 'Ana',
    lastName: 'María de la Cruz',
    address: '9 Main St',
    apt: '',
    phone: '',
  })
})
