import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { errorMessage } from '#web/lib/api-client.ts'
import { isFinalRefusal, sendTap, tapStore, type Tap } from './tap-queue.ts'

const RETRY_EVERY_MS = 5000

/**
 * The queue of taps not yet confirmed (docs/product.md#routes): each tap is stored first, then
 * sent; what fails for want of a connection is sent again every few seconds and as soon as the
 * phone is back online.
 */
export function useTapQueue(onSent: () => void) {
  const pending = useSyncExternalStore(tapStore.subscribe, tapStore.read, tapStore.readOnServer)
  const [refused, setRefused] = useState<string[]>([])
  const flushing = useRef(false)
  const sentCallback = useRef(onSent)
  useEffect(() => {
    sentCallback.current = onSent
  }, [onSent])

  const flush = useCallback(async () => {
    if (flushing.current) return
    flushing.current = true
    try {
      for (const tap of tapStore.read()) {
        try {
          await sendTap(tap)
        } catch (error) {
          if (!isFinalRefusal(error)) break
          setRefused((current) => [
            ...current,
            `${tap.label}: ${errorMessage(error, 'the shop refused it')}`,
          ])
        }
        tapStore.write(tapStore.read().filter(({ key }) => key !== tap.key))
        sentCallback.current()
      }
    } finally {
      flushing.current = false
    }
  }, [])

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
      tapStore.write([...tapStore.read().filter(({ key }) => key !== tap.key), tap])
      void flush()
    },
    [flush],
  )

  return { pending, refused, enqueue, flush, dismissRefused: () => setRefused([]) }
}
