import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  addItem,
  itemQuantity,
  lineKey,
  parseStoredBasket,
  removeLine,
  updateQuantity,
  type NewBasketItem,
} from './basket-lines.ts'

const EGGS = '11111111-1111-4111-8111-111111111111'
const BOX = '22222222-2222-4222-8222-222222222222'
const item = (id: string, customSelections?: string[]): NewBasketItem => ({
  id,
  name: id === EGGS ? 'Eggs' : 'Box',
  priceCents: 750,
  image: '/x.svg',
  category: 'dairy-eggs',
  farmSource: 'Frydek Heritage Farm',
  description: '',
  ...(customSelections ? { customSelections } : {}),
})

describe('basket lines', () => {
  test('adding the same product again raises its quantity', () => {
    const lines = addItem(addItem([], item(EGGS)), item(EGGS))
    expect(lines).toHaveLength(1)
    expect(lines[0]?.quantity).toBe(2)
  })

  test('adds several at once, still stopping at 20', () => {
    let lines = addItem([], item(EGGS), 3)
    expect(lines[0]?.quantity).toBe(3)
    lines = addItem(lines, item(EGGS), 5)
    expect(lines[0]?.quantity).toBe(8)
    lines = addItem(lines, item(EGGS), 15)
    expect(lines[0]?.quantity).toBe(20)
    expect(addItem([], item(EGGS), 0)[0]?.quantity).toBe(1)
  })

  test('the same box with other choices is another line; the same choices in another order is not', () => {
    let lines = addItem([], item(BOX, [EGGS, EGGS, BOX]))
    lines = addItem(lines, item(BOX, [BOX, EGGS, EGGS]))
    expect(lines).toHaveLength(1)
    lines = addItem(lines, item(BOX, [EGGS]))
    expect(lines).toHaveLength(2)
    expect(itemQuantity(lines, BOX)).toBe(3)
  })

  test('a line stops at 20, the most the quantity list offers', () => {
    let lines = addItem([], item(EGGS))
    for (let add = 0; add < 25; add += 1) lines = addItem(lines, item(EGGS))
    expect(lines[0]?.quantity).toBe(20)
    expect(updateQuantity(lines, lineKey(item(EGGS)), 35)[0]?.quantity).toBe(20)
  })

  test('a quantity of 0 or less removes the line', () => {
    const lines = addItem([], item(EGGS))
    expect(updateQuantity(lines, lineKey(item(EGGS)), 0)).toEqual([])
    expect(updateQuantity(lines, lineKey(item(EGGS)), -3)).toEqual([])
    expect(updateQuantity(lines, lineKey(item(EGGS)), 5)[0]?.quantity).toBe(5)
    expect(removeLine(lines, lineKey(item(EGGS)))).toEqual([])
  })

  test('a stored basket that is not a list, or has an entry without a UUID id, is discarded', () => {
    const good = JSON.stringify(addItem([], item(EGGS)))
    expect(parseStoredBasket(good)).toHaveLength(1)
    expect(parseStoredBasket(null)).toEqual([])
    expect(parseStoredBasket('not json')).toEqual([])
    expect(parseStoredBasket('{"id":"x"}')).toEqual([])
    expect(
      parseStoredBasket(
        JSON.stringify([
          { ...item(EGGS), quantity: 1 },
          { ...item('42'), quantity: 1 },
        ]),
      ),
    ).toEqual([])
    expect(parseStoredBasket(JSON.stringify([{ ...item(EGGS), quantity: 0 }]))).toEqual([])
    expect(
      parseStoredBasket(JSON.stringify([{ ...item(EGGS), priceCents: 7.5, quantity: 1 }])),
    ).toEqual([])
  })

  test('a basket stored with the price as shown ("$1,207.50") keeps its lines, in cents', () => {
    const { priceCents: _cents, ...legacy } = { ...item(EGGS), quantity: 2 }
    const stored = JSON.stringify([{ ...legacy, price: '$1,207.50' }])
    expect(parseStoredBasket(stored)).toEqual([{ ...item(EGGS), priceCents: 120750, quantity: 2 }])
    expect(parseStoredBasket(JSON.stringify([{ ...legacy, price: '$7.505' }]))).toEqual([])
  })

  test('after any sequence of adds, the count equals the adds and no line is below 1', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            box: fc.boolean(),
            picks: fc.array(fc.constantFrom(EGGS, BOX), { maxLength: 3 }),
          }),
        ),
        (adds) => {
          let lines = addItem([], item(EGGS))
          for (const add of adds)
            lines = addItem(lines, add.box ? item(BOX, add.picks) : item(EGGS))
          expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(adds.length + 1)
          expect(lines.every((line) => line.quantity >= 1)).toBe(true)
          expect(new Set(lines.map(lineKey)).size).toBe(lines.length)
          expect(parseStoredBasket(JSON.stringify(lines))).toEqual(lines)
        },
      ),
    )
  })
})
