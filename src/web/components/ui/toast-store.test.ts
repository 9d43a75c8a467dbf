import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { dismissToast, toast, toastStore } from './toast-store.ts'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  for (const item of toastStore.getSnapshot()) dismissToast(item.id)
  vi.runAllTimers()
  vi.useRealTimers()
})

describe('toasts', () => {
  test('one toast is visible at a time: a new one replaces the last', () => {
    toast({ title: 'Status Updated' })
    toast({ title: 'Order Deleted', variant: 'destructive' })
    expect(toastStore.getSnapshot().map((item) => item.title)).toEqual(['Order Deleted'])
  })

  test('dismissing closes the toast, then removes it', () => {
    const listener = vi.fn()
    const unsubscribe = toastStore.subscribe(listener)
    const { dismiss } = toast({ title: 'Logged out successfully' })
    dismiss()
    expect(toastStore.getSnapshot()[0]?.open).toBe(false)
    vi.runAllTimers()
    expect(toastStore.getSnapshot()).toEqual([])
    expect(listener).toHaveBeenCalledTimes(3)
    unsubscribe()
  })
})
