import { describe, expect, test } from 'vitest'
import { UNDO_DELIVERED_MINUTES, mayUndoDelivered, undoDeliveredUntil } from './delivered-undo.ts'

describe('undoing "Delivered" (docs/product.md#routes)', () => {
  const at = new Date('2026-12-05T15:00:00Z')
  const later = (ms: number) => new Date(at.getTime() + ms)

  test('a delivery can be undone for five minutes, not a moment more', () => {
    expect(UNDO_DELIVERED_MINUTES).toBe(5)
    expect(undoDeliveredUntil(at).toISOString()).toBe('2026-12-05T15:05:00.000Z')
    expect(mayUndoDelivered(at, at)).toBe(true)
    expect(mayUndoDelivered(at, later(5 * 60_000 - 1))).toBe(true)
    expect(mayUndoDelivered(at, later(5 * 60_000))).toBe(false)
  })

  test('a delivery without a time cannot be undone', () => {
    expect(mayUndoDelivered(null, at)).toBe(false)
  })
})
