import { describe, expect, it } from 'vitest'
import {
  boxProgressHint,
  choose,
  selectedCount,
  toCustomSelections,
  unchoose,
  type BoxSelection,
} from './box-selection.ts'

describe('the custom box selection', () => {
  it('counts repeats and stops at seven', () => {
    let selection: BoxSelection = {}
    for (let i = 0; i < 5; i += 1) selection = choose(selection, 'b')
    selection = choose(selection, 'a')
    selection = choose(selection, 'a')
    expect(selectedCount(selection)).toBe(7)
    expect(choose(selection, 'c')).toBe(selection)
    expect(toCustomSelections(selection)).toEqual(['a', 'a', 'b', 'b', 'b', 'b', 'b'])
  })

  it('removes a product when its last one is taken out', () => {
    const selection = unchoose(choose({}, 'a'), 'a')
    expect(selection).toEqual({})
    expect(unchoose({ a: 2 }, 'a')).toEqual({ a: 1 })
  })

  it('says how many are missing, then that the box is ready', () => {
    expect(boxProgressHint({})).toBe('Select 7 more items')
    expect(boxProgressHint({ a: 6 })).toBe('Select 1 more item')
    expect(boxProgressHint({ a: 4, b: 3 })).toBe('Ready to add!')
  })
})
