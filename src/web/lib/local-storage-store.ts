/**
 * A value the browser keeps in localStorage under one key, for useSyncExternalStore: read with
 * `read` on first use (never at module load or during a server render), then kept in memory, and
 * read again when another tab changes that key. Writing to storage is the caller's; `set` tells
 * this page's subscribers.
 */
export function localStorageStore<T>(key: string, read: () => T) {
  let loaded = false
  let value: T
  const listeners = new Set<() => void>()

  function emit() {
    for (const listener of listeners) listener()
  }

  function onStorage(event: StorageEvent) {
    if (event.key !== key && event.key !== null) return
    value = read()
    loaded = true
    emit()
  }

  return {
    get: (): T => {
      if (!loaded) {
        value = read()
        loaded = true
      }
      return value
    },
    set: (next: T) => {
      value = next
      loaded = true
      emit()
    },
    subscribe: (listener: () => void) => {
      if (listeners.size === 0) window.addEventListener('storage', onStorage)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) window.removeEventListener('storage', onStorage)
      }
    },
  }
}
