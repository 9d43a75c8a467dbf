import { useSyncExternalStore } from 'react'
import { FIVE_DIGIT_ZIP } from '#shared/domain/service-area.ts'
import { DELIVERY_ZIP_STORAGE_KEY } from '#shared/personal-state.ts'
import { localStorageStore } from './local-storage-store.ts'

/*
 * The ZIP the visitor last checked (docs/product.md#service-area), kept in localStorage under
 * DELIVERY_ZIP_STORAGE_KEY: written by every ZIP check, read by the basket drawer and the join
 * form, and refreshed when another tab checks one. Only the ZIP is kept; whether it is served is
 * asked of the service-area list each time it is shown. It is loaded with the header, on every
 * page, so it stays this small.
 */

/** A stored value as a ZIP: five digits, or none for anything else (edited by hand, say). */
export function parseRememberedZip(raw: string | null): string | null {
  return raw !== null && FIVE_DIGIT_ZIP.test(raw) ? raw : null
}

function read(): string | null {
  try {
    return parseRememberedZip(window.localStorage.getItem(DELIVERY_ZIP_STORAGE_KEY))
  } catch {
    return null // storage blocked: remembered for the visit only
  }
}

const zip = localStorageStore(DELIVERY_ZIP_STORAGE_KEY, read)

/** The remembered ZIP, read on first use (never during a server render). */
export const readRememberedZip = zip.get

/** Remembers a ZIP the visitor checked; anything but five digits is not kept. */
export function rememberZip(next: string) {
  if (parseRememberedZip(next) === null) return
  try {
    window.localStorage.setItem(DELIVERY_ZIP_STORAGE_KEY, next)
  } catch {
    // full or blocked storage: remembered in memory
  }
  zip.set(next)
}

/**
 * The remembered ZIP, or null in the server's render and while hydrating: the server knows none,
 * so it shows only after hydration, as the basket's count does.
 */
export function useRememberedZip(): string | null {
  return useSyncExternalStore(zip.subscribe, zip.get, () => null)
}
