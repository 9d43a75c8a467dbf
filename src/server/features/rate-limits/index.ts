import type { Database } from '../../db/client.ts'
import { createRateLimitsRepo } from './rate-limits.repo.ts'
import { createRateLimitsService } from './rate-limits.service.ts'

export type { AttemptLimiter, RateLimitsService } from './rate-limits.service.ts'

/**
 * Limits shared by every process: `hit` is the store plugins/rate-limit.ts counts requests in,
 * `attemptLimiter` counts failed sign-ins, reset requests and declined cards.
 */
export function createRateLimitsFeature({ db, now }: { db: Database; now: () => Date }) {
  return createRateLimitsService({ repo: createRateLimitsRepo(db), now })
}
