import { afterEach, describe, expect, test, vi } from 'vitest'
import { DELIVERY_ZIP_STORAGE_KEY } from '#shared/personal-state.ts'
import { parseRememberedZip, readRememberedZip, rememberZip } from './remembered-zip.ts'

describe('the remembered ZIP (docs/product.md#service-area)', () => {
  afterEach(() => vi.unstubAllGlobals())

  test('a stored value is a ZIP only when it is five digits', () => {
    expect(parseRememberedZip('77006')).toBe('77006')
    expect(parseRememberedZip('78701')).toBe('78701')
    for (const raw of [null, '', '7700', '770066', '77OO6', ' 77006', '"77006"']) {
      expect(parseRememberedZip(raw), String(raw)).toBeNull()
    }
  })

  test('a checked ZIP is kept under its key; anything else is not kept', () => {
    const stored = new Map<string, string>()
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
      },
    })
    expect(readRememberedZip()).toBeNull()
    rememberZip('77006')
    expect(stored.get(DELIVERY_ZIP_STORAGE_KEY)).toBe('77006')
    expect(readRememberedZip()).toBe('77006')
    rememberZip('7700')
    expect(stored.get(DELIVERY_ZIP_STORAGE_KEY)).toBe('77006')
    expect(readRememberedZip()).toBe('77006')
  })

  test('with storage blocked the ZIP is remembered for the visit', () => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => {
          throw new Error('blocked')
        },
        setItem: () => {
          throw new Error('blocked')
        },
      },
    })
    rememberZip('78701')
    expect(readRememberedZip()).toBe('78701')
  })
})
