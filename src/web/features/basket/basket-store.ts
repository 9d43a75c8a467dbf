import { BASKET_STORAGE_KEY } from '#shared/personal-state.ts'
import { localStorageStore } from '#web/lib/local-storage-store.ts'
import { parseStoredBasket, type BasketItem } from './basket-lines.ts'

/*
 * The basket kept in localStorage under BASKET_STORAGE_KEY (docs/product.md#basket): read on first
 * use (never at module load or during a server render), written on every change, removed when
 * empty, and refreshed when another tab changes it.
 */
const EMPTY: BasketItem[] = []

function read(): BasketItem[] {
  try {
    const raw = window.localStorage.getItem(BASKET_STORAGE_KEY)
    const stored = parseStoredBasket(raw)
    // a corrupt or empty basket is discarded, not kept to fail again (docs/product.md#basket)
    if (raw !== null && stored.length === 0) window.localStorage.removeItem(BASKET_STORAGE_KEY)
    return stored
  } catch {
    return [] // storage blocked (private mode, a sandboxed frame): the basket lives in memory
  }
}

function write(next: BasketItem[]) {
  try {
    if (next.length === 0) window.localStorage.removeItem(BASKET_STORAGE_KEY)
    else window.localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify(next))
  } catch {
    // full or blocked storage: keep going in memory
  }
}

const lines = localStorageStore(BASKET_STORAGE_KEY, read)

export const basketStore = {
  getSnapshot: lines.get,
  getServerSnapshot: (): BasketItem[] => EMPTY,
  subscribe: lines.subscribe,
  update: (change: (current: BasketItem[]) => BasketItem[]) => {
    const next = change(lines.get())
    write(next)
    lines.set(next)
  },
}
