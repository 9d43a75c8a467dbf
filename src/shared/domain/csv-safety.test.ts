import { describe, expect, test } from 'vitest'
import { neutralizeCsvFormula } from './csv-safety.ts'

describe('neutralizeCsvFormula', () => {
  test.each([
    ['=cmd@x.com', "'=cmd@x.com"],
    ['+1@x.com', "'+1@x.com"],
    ['-2+3@x.com', "'-2+3@x.com"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('prefixes %j with an apostrophe', (cell, expected) => {
    expect(neutralizeCsvFormula(cell)).toBe(expected)
  })

  test.each([['ana@example.com'], ['a=b@x.com'], [''], ["'quoted"], ['Newsletter']])(
    'leaves %j as it is',
    (cell) => {
      expect(neutralizeCsvFormula(cell)).toBe(cell)
    },
  )
})
