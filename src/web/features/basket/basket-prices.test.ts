import { expect, test } from 'vitest'
import type { BasketItem } from './basket-lines.ts'
import { withPrices } from './basket-prices.ts'

const line = (id: string, priceCents: number, customSelections?: string[]): BasketItem => ({
  id,
  name: id,
  priceCents,
  quantity: 2,
  image: '',
  category: 'produce',
  farmSource: 'Farm',
  description: '',
  ...(customSelections ? { customSelections } : {}),
})

test("takes the server's prices for every line of a product and leaves the others alone", () => {
  const lines = [line('a', 450), line('b', 300), line('a', 450, ['x'])]
  const updated = withPrices(lines, [{ id: 'a', price: '5.25' }])
  expect(updated.map((item) => item.priceCents)).toEqual([525, 300, 525])
  expect(updated[1]).toBe(lines[1])
  expect(updated[2]?.customSelections).toEqual(['x'])
})

test('takes whether a line is taxed too, so the basket prices it as the checkout does', () => {
  const lines = [line('soda', 600), line('kale', 300)]
  const updated = withPrices(lines, [
    { id: 'soda', price: '6.00', taxable: true },
    { id: 'kale', price: '3.00', taxable: false },
  ])
  expect(updated.map((item) => item.taxable)).toEqual([true, false])
  expect(updated[0]?.priceCents).toBe(600)
})
