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
     * subject: an address or an account. `attempt` counts before the attempt is made, in one
     * statement, so attempts racing on any number of processes cannot pass the limit together;
     * a success may `clear` the subject's count. `check` and `record` count an outcome after
     * the fact, for attempts whose outcome alone counts (a declined card): one read on the way
     * in, a write only when it counts, and attempts sent at the very same moment may each pass.
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
      const tooMany = (resetsAt: Date, at: Date) => {
        const minutes = Math.max(1, Math.ceil((resetsAt.getTime() - at.getTime()) / 60_000))
        return new AppError('TOO_MANY_REQUESTS', {
          message: `Too many ${what} for this ${per}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        })
      }
      return {
        /** Counts an attempt; throws 429 once the subject has used its `max` in the window. */
        async attempt(subject: string): Promise<{ giveBack(): Promise<void> }> {
          const at = now()
          const key = keyOf(subject)
          const counted = await repo.hit(key, at, windowMs)
          if (counted.hits > max) throw tooMany(counted.resetsAt, at)
          return { giveBack: () => repo.giveBack(key, now()) }
        },
        /** Throws 429 once the subject has `max` outcomes recorded in the running window. */
        async check(subject: string): Promise<void> {
          const at = now()
          const counted = await repo.running(keyOf(subject), at)
          if (counted && counted.hits >= max) throw tooMany(counted.resetsAt, at)
        },
        async record(subject: string): Promise<void> {
          await repo.hit(keyOf(subject), now(), windowMs)
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
