import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rateLimitCounters } from '../../db/schema/rate-limits.ts'

export interface CountWindow {
  readonly hits: number
  readonly resetsAt: Date
}

/**
 * Counts shared by every app process. Times come from the caller's clock, not the database's,
 * so a window is as long as the service says (and tests can move time).
 */
export function createRateLimitsRepo(db: Database) {
  const { key, hits, resetsAt } = rateLimitCounters
  return {
    /**
     * One hit on `name`: added to the window that is running, or the first of a new one when
     * there is none or it has ended. One statement, so processes hitting the same key at once
     * each get their own count.
     */
    async hit(name: string, at: Date, windowMs: number): Promise<CountWindow> {
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key: name, hits: 1, resetsAt: new Date(at.getTime() + windowMs) })
        .onConflictDoUpdate({
          target: key,
          // both read the row as it was before this update
          set: {
            hits: sql`case when ${resetsAt} <= ${at} then 1 else ${hits} + 1 end`,
            resetsAt: sql`case when ${resetsAt} <= ${at} then excluded.resets_at else ${resetsAt} end`,
          },
        })
        .returning({ hits, resetsAt })
      if (!row) throw new Error('the rate limit counter was not written')
      return row
    },

    /** The window running for `name` at `at`, if any. */
    async running(name: string, at: Date): Promise<CountWindow | undefined> {
      const [row] = await db
        .select({ hits, resetsAt })
        .from(rateLimitCounters)
        .where(and(eq(key, name), gt(resetsAt, at)))
      return row
    },

    /** One hit taken back from the running window (an attempt that turned out not to count). */
    async giveBack(name: string, at: Date): Promise<void> {
      await db
        .update(rateLimitCounters)
        .set({ hits: sql`greatest(${hits} - 1, 0)` })
        .where(and(eq(key, name), gt(resetsAt, at)))
    },

    async remove(name: string): Promise<void> {
      await db.delete(rateLimitCounters).where(eq(key, name))
    },

    /** Rows whose window has ended count for nothing any more. */
    async removeEnded(at: Date): Promise<number> {
      const removed = await db.delete(rateLimitCounters).where(lte(resetsAt, at)).returning({ key })
      return removed.length
    },
  }
}

export type RateLimitsRepo = ReturnType<typeof createRateLimitsRepo>
