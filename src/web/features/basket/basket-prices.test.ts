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
