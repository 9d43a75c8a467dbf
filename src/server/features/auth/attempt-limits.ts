import { AppError } from '../../app-error.ts'

/**
 * Per-address limits (decisions §9): failed sign-ins and reset requests counted per lower-cased
 * address in a sliding window. Kept in this process's memory, like the per-IP limits: with
 * several processes each counts its own share (see plugins/rate-limit.ts).
 */
export function createAttemptLimiter({
  max,
  windowMs,
  now,
  what,
  per = 'address',
}: {
  max: number
  windowMs: number
  now: () => Date
  what: string
  /** what the key is, as the 429 message names it */
  per?: string
}) {
  const attempts = new Map<string, number[]>()

  function recent(key: string): number[] {
    const since = now().getTime() - windowMs
    const kept = (attempts.get(key) ?? []).filter((at) => at > since)
    if (kept.length === 0) attempts.delete(key)
    else attempts.set(key, kept)
    return kept
  }

  return {
    /** throws 429 once the address has used its attempts */
    check(address: string) {
      const key = address.toLowerCase()
      const kept = recent(key)
      if (kept.length >= max) {
        const retryMs = (kept[0] ?? 0) + windowMs - now().getTime()
        const minutes = Math.max(1, Math.ceil(retryMs / 60_000))
        throw new AppError('TOO_MANY_REQUESTS', {
          message: `Too many ${what} for this ${per}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        })
      }
    },
    record(address: string) {
      const key = address.toLowerCase()
      attempts.set(key, [...recent(key), now().getTime()])
      if (attempts.size > 50_000) attempts.delete(attempts.keys().next().value ?? '')
    },
    clear(address: string) {
      attempts.delete(address.toLowerCase())
    },
  }
}
