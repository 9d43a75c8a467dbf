import { afterEach, describe, expect, test, vi } from 'vitest'
import { localStorageStore } from './local-storage-store.ts'

describe('a value kept in localStorage', () => {
  afterEach(() => vi.unstubAllGlobals())

  test('read once, told on set, and read again when another tab changes its key', () => {
    const page = new EventTarget()
    vi.stubGlobal('window', page)
    let stored = 'first'
    const read = vi.fn(() => stored)
    const store = localStorageStore('key', read)
    expect(store.get()).toBe('first')
    expect(store.get()).toBe('first')
    expect(read).toHaveBeenCalledTimes(1)

    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.set('second')
    expect(store.get()).toBe('second')
    expect(listener).toHaveBeenCalledTimes(1)

    // another tab: its key, or storage cleared (no key), but not another key
    stored = 'third'
    page.dispatchEvent(Object.assign(new Event('storage'), { key: 'other' }))
    expect(store.get()).toBe('second')
    page.dispatchEvent(Object.assign(new Event('storage'), { key: 'key' }))
    expect(store.get()).toBe('third')
    page.dispatchEvent(Object.assign(new Event('storage'), { key: null }))
    expect(listener).toHaveBeenCalledTimes(3)

    unsubscribe()
    page.dispatchEvent(Object.assign(new Event('storage'), { key: 'key' }))
    expect(listener).toHaveBeenCalledTimes(3)
  })
})
