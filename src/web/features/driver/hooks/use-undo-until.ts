import { useEffect, useState } from 'react'
import { undoDeliveredUntil } from '#shared/domain/delivered-undo.ts'

/** a timer may fire a moment early: the window is looked at again just after its end */
const AFTER_END_MS = 200

/**
 * Until when a delivery can still be undone, by the phone's clock (docs/product.md#routes), or
 * null once that has passed; the component renders again when it passes. The server decides by
 * its own clock and says so when it is too late.
 */
export function useUndoUntil(deliveredAt: string | null): Date | null {
  const until = deliveredAt === null ? null : undoDeliveredUntil(new Date(deliveredAt)).getTime()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    // a delivery this component had not shown: looked at with the time now
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is an outside system
    setNow(Date.now())
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.max(0, until - Date.now()) + AFTER_END_MS,
    )
    return () => window.clearTimeout(timer)
  }, [until])
  return until !== null && now < until ? new Date(until) : null
}
