import { and, desc, eq, inArray } from 'drizzle-orm'
import { jobRuns } from '../db/schema/job-runs.ts'
import type { Executor } from '../db/transaction.ts'

/*
 * The runs of the scheduled jobs (the cut-off, the harvest e-mails), as the admin's Jobs tab
 * lists them (docs/product.md#cut-off, docs/product.md#the-week). This store is the only code
 * that touches job_runs (docs/decisions/0012-one-owner-per-table.md): features record their runs
 * through it, inside their own transaction when they pass one (`within(tx)`).
 */

export type JobRunRow = typeof jobRuns.$inferSelect

/** How a run ended, and its counts. */
export interface JobRunOutcome {
  readonly status: 'finished' | 'failed'
  readonly finishedAt: Date
  readonly succeeded: number
  readonly failed: number
  readonly detail: string | null
}

export function createJobRuns(db: Executor) {
  return {
    /** The store's statements inside the caller's transaction. */
    within: (tx: Executor) => createJobRuns(tx),

    /**
     * A run begins. A run of the same job and key still marked running belonged to a process
     * that stopped mid-way: it is marked interrupted.
     */
    async start(run: { job: string; runKey: string; startedAt: Date }): Promise<JobRunRow> {
      await db
        .update(jobRuns)
        .set({ status: 'interrupted' })
        .where(
          and(
            eq(jobRuns.job, run.job),
            eq(jobRuns.runKey, run.runKey),
            eq(jobRuns.status, 'running'),
          ),
        )
      const [row] = await db.insert(jobRuns).values(run).returning()
      if (!row) throw new Error('job run not stored')
      return row
    },

    async finish(id: string, outcome: JobRunOutcome): Promise<void> {
      await db.update(jobRuns).set(outcome).where(eq(jobRuns.id, id))
    },

    /** A run that was done in one step: started and finished at `at`. */
    async recordFinished(run: {
      job: string
      runKey: string
      at: Date
      succeeded: number
    }): Promise<void> {
      await db.insert(jobRuns).values({
        job: run.job,
        runKey: run.runKey,
        status: 'finished',
        startedAt: run.at,
        finishedAt: run.at,
        succeeded: run.succeeded,
      })
    },

    /** The latest runs of every job, newest first. */
    async recent(limit: number): Promise<JobRunRow[]> {
      return db.select().from(jobRuns).orderBy(desc(jobRuns.startedAt)).limit(limit)
    },

    /** Which of these run keys have a finished run of the job. */
    async finishedKeys(job: string, runKeys: readonly string[]): Promise<Set<string>> {
      if (runKeys.length === 0) return new Set()
      const rows = await db
        .selectDistinct({ runKey: jobRuns.runKey })
        .from(jobRuns)
        .where(
          and(
            eq(jobRuns.job, job),
            eq(jobRuns.status, 'finished'),
            inArray(jobRuns.runKey, [...new Set(runKeys)]),
          ),
        )
      return new Set(rows.map((row) => row.runKey))
    },
  }
}

export type JobRuns = ReturnType<typeof createJobRuns>
