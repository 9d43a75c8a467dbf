import { AppError } from '../../app-error.ts'
import type { RateLimitsRepo } from './rate-limits.repo.ts'

/**
 * Rate limits counted in PostgreSQL (docs/product.md#rate-limits), so any number of app
 * processes behind a load balancer enforce the same limits as one. A window starts with its
 * first hit and lasts its full length; the clock is the injected one.
 */
export function createRateLimitsService({ repo, now }: { repo: RateLimitsRepo; now: () => Date }) {
  return {
    /** One request on `key` (the per-IP limits of plugins/rate-limit.ts). */
    async hit(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }> {
      const at = now()
      const counted = await repo.hit(key, at, windowMs)
      return { hits: counted.hits, msLeft: Math.max(0, counted.resetsAt.getTime() - at.getTime()) }
    },

    /**
     * Attempts of one kind (failed sign-ins, reset requests, declined cards) counted per
     * subject: an address or an account. An attempt is counted before it is made, in one
     * statement, so attempts racing on any number of processes cannot pass the limit together;
     * one that turns out not to count (a card that was not declined) is given back, and a
     * success may `clear` the subject's count.
     */
    attemptLimiter({
      name,
      max,
      windowMs,
      what,
      per = 'address',
    }: {
      /** the keys' namespace, e.g. `login-failed` */
      name: string
      max: number
      windowMs: number
      /** what is counted, as the 429 message names it: `failed sign-ins` */
      what: string
      /** what the subject is, as the 429 message names it */
      per?: string
    }) {
      const keyOf = (subject: string) => `${name}:${subject.toLowerCase()}`
      return {
        /** Counts an attempt; throws 429 once the subject has used its `max` in the window. */
        async attempt(subject: string): Promise<{ giveBack(): Promise<void> }> {
          const at = now()
          const key = keyOf(subject)
          const counted = await repo.hit(key, at, windowMs)
          if (counted.hits > max) {
            const minutes = Math.max(
              1,
              Math.ceil((counted.resetsAt.getTime() - at.getTime()) / 60_000),
            )
            throw new AppError('TOO_MANY_REQUESTS', {
              message: `Too many ${what} for this ${per}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            })
          }
          return { giveBack: () => repo.giveBack(key, now()) }
        },
        async clear(subject: string): Promise<void> {
          await repo.remove(keyOf(subject))
        },
      }
    },

    /** Ended windows; the limits never read them, this only keeps the table small. */
    purgeExpired(): Promise<number> {
      return repo.removeEnded(now())
    },
  }
}

export type RateLimitsService = ReturnType<typeof createRateLimitsService>
export type AttemptLimiter = ReturnType<RateLimitsService['attemptLimiter']>
