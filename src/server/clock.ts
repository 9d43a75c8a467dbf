/**
 * The shop's clock. Production reads the real time; a browser test or a process test may start
 * the shop with a clock it can move (TEST_CLOCK_CONTROL, refused in production), so a whole
 * week (changes, the cut-off, the capture) runs in seconds. Moved, it keeps running from there.
 */
export interface ControllableClock {
  now(): Date
  /** from this instant on (null: back to the real time) */
  set(at: Date | null): void
}

export function controllableClock(realNow: () => number = Date.now): ControllableClock {
  let offset = 0
  return {
    now: () => new Date(realNow() + offset),
    set(at) {
      offset = at ? at.getTime() - realNow() : 0
    },
  }
}
