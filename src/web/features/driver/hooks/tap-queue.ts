import { ApiError, apiRequest } from '#web/lib/api-client.ts'

/**
 * The driver's taps, kept in the phone's storage until the server confirms them
 * (docs/product.md#routes): a weak connection loses no tap, and the server's calls are
 * idempotent, so sending one twice changes nothing.
 */
export type Tap =
  | { key: string; kind: 'out-for-delivery'; routeId: string; saturday: string; label: string }
  | { key: string; kind: 'delivered'; orderId: string; note: string; label: string }

const STORAGE_KEY = 'driver-taps-v1'

export const outForDeliveryKey = (routeId: string, saturday: string) => `out:${routeId}:${saturday}`
export const deliveredKey = (orderId: string) => `delivered:${orderId}`

export const outForDeliveryTap = (routeId: string, saturday: string, label: string): Tap => ({
  key: outForDeliveryKey(routeId, saturday),
  kind: 'out-for-delivery',
  routeId,
  saturday,
  label,
})

export const deliveredTap = (orderId: string, note: string, label: string): Tap => ({
  key: deliveredKey(orderId),
  kind: 'delivered',
  orderId,
  note,
  label,
})

const isTap = (value: unknown): value is Tap => {
  const tap = value as Partial<Tap> | null
  return (
    typeof tap?.key === 'string' &&
    typeof tap.label === 'string' &&
    (tap.kind === 'out-for-delivery' || tap.kind === 'delivered')
  )
}

function parseTaps(raw: string | null): Tap[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isTap) : []
  } catch {
    return []
  }
}

const NO_TAPS: Tap[] = []
const listeners = new Set<() => void>()
let cachedRaw: string | null = null
let cachedTaps: Tap[] = NO_TAPS

/**
 * The stored taps as an external store for useSyncExternalStore: read from localStorage (another
 * tab's writes included), the same array while nothing changed.
 */
export const tapStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener)
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) listener()
    }
    window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  },
  read: (): Tap[] => {
    const raw = window.localStorage.getItem(STORAGE_KEY)
    if (raw !== cachedRaw) {
      cachedRaw = raw
      cachedTaps = raw === null ? NO_TAPS : parseTaps(raw)
    }
    return cachedTaps
  },
  /** nothing is stored on the server: pages render there without taps */
  readOnServer: (): Tap[] => NO_TAPS,
  write: (taps: Tap[]): void => {
    if (taps.length === 0) window.localStorage.removeItem(STORAGE_KEY)
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(taps))
    for (const listener of listeners) listener()
  },
}

export function sendTap(tap: Tap): Promise<unknown> {
  return tap.kind === 'out-for-delivery'
    ? apiRequest('POST', `/api/driver/routes/${tap.routeId}/out-for-delivery`, {
        body: { saturday: tap.saturday },
      })
    : apiRequest('POST', `/api/driver/stops/${tap.orderId}/delivered`, {
        body: tap.note ? { note: tap.note } : {},
      })
}

/**
 * What to do with a tap the server refused: a refusal that sending again cannot change (the stop
 * is another driver's, the note is too long) is dropped and shown; anything else (no network,
 * the server away, the session to renew) is kept and tried again.
 */
export function isFinalRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  )
}
