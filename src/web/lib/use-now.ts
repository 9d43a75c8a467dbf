import { createContext, use, useEffect, useState } from 'react'

/**
 * The clock of a server-rendered page (docs/decisions/0009-server-rendering.md). The server
 * renders with its own time and notes that the page shows it (its cached HTML is then kept
 * briefly); the browser's first render, which must match that HTML, starts from the same
 * instant and then moves to the browser's own clock.
 */
export interface RenderClock {
  /** the instant a component mounted now starts from */
  initialNow(): Date
  /** a component shows the time: the HTML holds a moment, not only data */
  markClockUsed(): void
}

export const RenderClockContext = createContext<RenderClock | undefined>(undefined)

/** The current time, refreshed every `everyMs` (a minute by default): for countdowns. */
export function useNow(everyMs = 60_000): Date {
  const clock = use(RenderClockContext)
  clock?.markClockUsed()
  const [now, setNow] = useState(() => clock?.initialNow() ?? new Date())
  useEffect(() => {
    // after a server render's time was shown (hydration), the browser's own
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is an outside system
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
