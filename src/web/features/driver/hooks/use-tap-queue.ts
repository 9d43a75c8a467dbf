import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { ROUTE_MESSAGES } from '#shared/schemas/routes.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { undoDelivered } from '../api/driver-day.ts'
import { isFinalRefusal, sendTap, tapStore, type Tap } from './tap-queue.ts'

const RETRY_EVERY_MS = 5000

const isStored = (key: string) => tapStore.read().some((tap) => tap.key === key)

/**
 * The queue of taps not yet confirmed (docs/product.md#routes): each tap is stored first, then
 * sent; what fails for want of a connection is sent again every few seconds and as soon as the
 * phone is back online. A tap undone before it is sent is dropped; one undone while on its way
 * is undone on the server once it has arrived.
 */
export function useTapQueue(onSent: () => void) {
  const pending = useSyncExternalStore(tapStore.subscribe, tapStore.read, tapStore.readOnServer)
  const [refused, setRefused] = useState<string[]>([])
  const flushing = useRef(false)
  /** the key of the tap on its way to the server */
  const sending = useRef<string | null>(null)
  /** taps dropped while on their way: undone on the server once they have arrived */
  const undoOnArrival = useRef(new Set<string>())
  const sentCallback = useRef(onSent)
  useEffect(() => {
    sentCallback.current = onSent
  }, [onSent])

  const refuse = useCallback((line: string) => setRefused((current) => [...current, line]), [])

  /** The undo of a tap that may have reached the shop; one that never did has nothing to undo. */
  const undoArrived = useCallback(
    async (orderId: string, label: string) => {
      try {
        await undoDelivered(orderId)
      } catch (error) {
        if (error instanceof ApiError && error.serverMessage === ROUTE_MESSAGES.notDelivered) return
        refuse(`Undo ${label}: ${errorMessage(error, 'the shop could not be reached')}`)
      }
    },
    [refuse],
  )

  const flush = useCallback(async () => {
    if (flushing.current) return
    flushing.current = true
    try {
      for (const tap of tapStore.read()) {
        // dropped (undone) since this round began
        if (!isStored(tap.key)) continue
        sending.current = tap.key
        let failure: unknown = null
        try {
          await sendTap(tap)
        } catch (error) {
          failure = error
        } finally {
          sending.current = null
        }
        const undone = undoOnArrival.current.delete(tap.key)
        if (failure !== null && isFinalRefusal(failure)) {
          refuse(`${tap.label}: ${errorMessage(failure, 'the shop refused it')}`)
        } else if (undone && tap.kind === 'delivered') {
          // dropped while on its way: it may have arrived, whether its answer came back or not
          await undoArrived(tap.orderId, tap.label)
        } else if (failure !== null) {
          break
        }
        tapStore.write(tapStore.read().filter(({ key }) => key !== tap.key))
        sentCallback.current()
      }
    } finally {
      flushing.current = false
    }
  }, [refuse, undoArrived])

  useEffect(() => {
    void flush()
    const online = () => void flush()
    window.addEventListener('online', online)
    const timer = window.setInterval(() => {
      if (tapStore.read().length > 0) void flush()
    }, RETRY_EVERY_MS)
    return () => {
      window.removeEventListener('online', online)
      window.clearInterval(timer)
    }
  }, [flush])

  const enqueue = useCallback(
    (tap: Tap) => {
      // tapped again while the dropped one is on its way: that one may stand
      undoOnArrival.current.delete(tap.key)
      tapStore.write([...tapStore.read().filter(({ key }) => key !== tap.key), tap])
      void flush()
    },
    [flush],
  )

  /** Undoes a tap not yet confirmed: dropped from the phone, or undone once it has arrived. */
  const drop = useCallback((key: string) => {
    tapStore.write(tapStore.read().filter((tap) => tap.key !== key))
    if (sending.current === key) undoOnArrival.current.add(key)
  }, [])

  return { pending, refused, enqueue, drop, flush, dismissRefused: () => setRefused([]) }
}
