import { describe, expect, test } from 'vitest'
import type { OrderItem } from '#shared/schemas/order.ts'
import type { Product } from '#shared/schemas/product.ts'
import { basketFromOrder, buyAgainMessage } from './buy-again.ts'

const ids = {
  eggs: '00000000-0000-4000-8000-000000000001',
  milk: '00000000-0000-4000-8000-000000000002',
  box: '00000000-0000-4000-8000-000000000003',
  gone: '00000000-0000-4000-8000-000000000004',
  herbs: '00000000-0000-4000-8000-000000000005',
}

const product = (id: string, name: string, values: Partial<Product> = {}): Product => ({
  id,
  name,
  description: '',
  price: '5.00',
  category: 'dairy-eggs',
  subcategory: null,
  subcategory2: null,
  farmSource: 'Frydek Heritage Farm',
  producerSlug: 'frydek-heritage-farm',
  producerDistance: '52 miles from Houston',
  imageUrl: null,
  inStock: true,
  stockCount: '12 ct',
  isNew: false,
  seasonal: false,
  taxable: false,
  weeklyQuantity: null,
  leftThisWeek: null,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...values,
})

const line = (
  productId: string | null,
  productName: string,
  values: Partial<OrderItem> = {},
): OrderItem => ({
  id: crypto.randomUUID(),
  orderId: '00000000-0000-4000-8000-0000000000aa',
  productId,
  productName,
  productPrice: '3.00',
  quantity: 2,
  farmSource: 'Frydek Heritage Farm',
  imageUrl: null,
  customSelections: null,
  taxable: false,
  shortQuantity: 0,
  shortAmount: '0.00',
  shortRefunded: false,
  ...values,
})

const shop = [
  product(ids.eggs, 'Eggs', { price: '6.50' }),
  product(ids.milk, 'Milk', { inStock: false }),
  product(ids.box, 'Garden Box', { category: 'farm-boxes', price: '45.00' }),
  product(ids.herbs, 'Herbs'),
]

describe('buy again from a past order', () => {
  test('adds each line at today’s price and its quantity, skipping and naming the rest', () => {
    const { added, skipped } = basketFromOrder(
      [line(ids.eggs, 'Eggs'), line(ids.milk, 'Milk'), line(ids.gone, 'Ham'), line(null, 'Old')],
      shop,
    )
    expect(added.map(({ product, quantity }) => [product.id, product.price, quantity])).toEqual([
      [ids.eggs, '6.50', 2],
    ])
    expect(skipped).toEqual([
      { name: 'Milk', reason: 'out-of-stock' },
      { name: 'Ham', reason: 'not-sold' },
      { name: 'Old', reason: 'not-sold' },
    ])
  })

  test('a box keeps its choices, and is skipped when one of them cannot be had', () => {
    const box = (choice: string) =>
      line(ids.box, 'Garden Box', {
        quantity: 1,
        customSelections: [{ id: choice, name: 'x', count: 2 }],
      })
    expect(basketFromOrder([box(ids.herbs)], shop).added[0]?.customSelections).toEqual([
      ids.herbs,
      ids.herbs,
    ])
    expect(basketFromOrder([box(ids.milk)], shop).skipped).toEqual([
      { name: 'Garden Box', reason: 'out-of-stock' },
    ])
    expect(basketFromOrder([box(ids.gone)], shop).skipped).toEqual([
      { name: 'Garden Box', reason: 'not-sold' },
    ])
    const farmersChoice = line(ids.box, 'Garden Box', { customSelections: [] })
    expect(basketFromOrder([farmersChoice], shop).added[0]?.customSelections).toBeUndefined()
  })

  test('says what was added and what was not', () => {
    expect(buyAgainMessage(2, [{ name: 'Eggs', reason: 'out-of-stock' }])).toBe(
      '2 items added; Eggs is out of stock',
    )
    expect(buyAgainMessage(1, [])).toBe('1 item added')
    expect(
      buyAgainMessage(0, [
        { name: 'Milk', reason: 'out-of-stock' },
        { name: 'Cream', reason: 'out-of-stock' },
        { name: 'Ham', reason: 'not-sold' },
        { name: 'Jam', reason: 'not-sold' },
        { name: 'Tea', reason: 'not-sold' },
      ]),
    ).toBe('Nothing added; Milk and Cream are out of stock; Ham, Jam and Tea are no longer sold')
  })
})
