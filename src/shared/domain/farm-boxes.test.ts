import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  boxFillingCategory,
  boxLineProblem,
  CUSTOM_BOX_SIZE,
  isFarmersChoice,
  type BoxRuleProduct,
} from './farm-boxes.ts'

const product = (
  id: string,
  category: string,
  overrides: Partial<BoxRuleProduct> = {},
): BoxRuleProduct => ({ id, name: id, category, subcategory: null, inStock: true, ...overrides })

const veggieBox = product('veggie-box', 'farm-boxes', { subcategory: 'veggie-box' })
const butchersBox = product('butchers-box', 'farm-boxes', { subcategory: 'butchers-box' })
const produce = ['kale', 'okra', 'peaches'].map((id) => product(id, 'produce'))
const meat = ['brisket', 'shrimp'].map((id) => product(id, 'meat-seafood'))
const catalogue = new Map(
  [veggieBox, butchersBox, ...produce, ...meat, product('eggs', 'dairy-eggs')].map((p) => [
    p.id,
    p,
  ]),
)

describe('the farm-box rule', () => {
  test('a box is filled from meat and seafood when it is a butcher’s box, from produce otherwise', () => {
    expect(boxFillingCategory(butchersBox)).toBe('meat-seafood')
    expect(boxFillingCategory(veggieBox)).toBe('produce')
    expect(boxFillingCategory({ subcategory: 'fruit-box' })).toBe('produce')
    expect(boxFillingCategory({ subcategory: null })).toBe('produce')
  })

  test('no chosen items is always fine (the farmer’s choice, or a plain line)', () => {
    for (const line of catalogue.values()) {
      expect(boxLineProblem(line, undefined, catalogue)).toBeNull()
      expect(boxLineProblem(line, [], catalogue)).toBeNull()
    }
  })

  test('seven items of the filling category, any repeats, keep the rule', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...produce.map((p) => p.id)), {
          minLength: CUSTOM_BOX_SIZE,
          maxLength: CUSTOM_BOX_SIZE,
        }),
        (chosen) => {
          expect(boxLineProblem(veggieBox, chosen, catalogue)).toBeNull()
        },
      ),
    )
  })

  test('any other number of chosen items is refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }).filter((count) => count !== CUSTOM_BOX_SIZE),
        (count) => {
          const chosen = Array.from({ length: count }, () => 'kale')
          expect(boxLineProblem(veggieBox, chosen, catalogue)).toMatch(/exactly 7 chosen items/)
        },
      ),
    )
  })

  test('a single item of another category, a box, a sold-out or an unknown product is refused', () => {
    const six = Array.from({ length: 6 }, () => 'kale')
    expect(boxLineProblem(veggieBox, [...six, 'brisket'], catalogue)).toBe(
      'brisket cannot go in your veggie-box: choose from Produce.',
    )
    expect(boxLineProblem(butchersBox, [...six.map(() => 'shrimp'), 'kale'], catalogue)).toBe(
      'kale cannot go in your butchers-box: choose from Meat & Seafood.',
    )
    expect(boxLineProblem(veggieBox, [...six, 'butchers-box'], catalogue)).toMatch(/is a box/)
    const soldOut = new Map(catalogue).set('okra', product('okra', 'produce', { inStock: false }))
    expect(boxLineProblem(veggieBox, [...six, 'okra'], soldOut)).toMatch(/out of stock/)
    expect(boxLineProblem(veggieBox, [...six, 'gone'], catalogue)).toMatch(/no longer available/)
  })

  test('a line that is not a box carries no chosen items', () => {
    const chosen = Array.from({ length: 7 }, () => 'kale')
    expect(boxLineProblem(product('eggs', 'dairy-eggs'), chosen, catalogue)).toBe(
      'Only a farm box can hold chosen items, and eggs is not one.',
    )
  })

  test("the farmer's choice: a box line without chosen items, in a basket or on an order", () => {
    expect(isFarmersChoice({ category: 'farm-boxes' })).toBe(true)
    expect(isFarmersChoice({ category: 'farm-boxes', customSelections: ['kale'] })).toBe(false)
    expect(isFarmersChoice({ category: 'produce' })).toBe(false)
    expect(isFarmersChoice({ customSelections: [] })).toBe(true)
    expect(isFarmersChoice({ customSelections: null })).toBe(false)
  })
})
