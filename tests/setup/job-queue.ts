import type pg from 'pg'

/**
 * graphile-worker's table of jobs (0.17: graphile_worker._private_jobs), read and nudged by tests
 * that run jobs themselves with runDueJobs.
 */

export interface QueuedJob {
  readonly key: string | null
  readonly payload: Record<string, unknown>
  readonly attempts: number
  readonly maxAttempts: number
  readonly lastError: string | null
  /** true while the job waits for a later run (a retry's backoff) */
  readonly scheduledLater: boolean
}

/** The jobs of a task still in the queue: waiting, to be retried, or failed for good. */
export async function queuedJobs(pool: pg.Pool, task: string): Promise<QueuedJob[]> {
  const { rows } = await pool.query<QueuedJob>(
    `select jobs.key, jobs.payload, jobs.attempts, jobs.max_attempts as "maxAttempts",
            jobs.last_error as "lastError", jobs.run_at > now() as "scheduledLater"
       from graphile_worker._private_jobs as jobs
       join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
      where tasks.identifier = $1
      order by jobs.id`,
    [task],
  )
  return rows
}

/**
 * Makes every retry waiting for its backoff due now, as if that time had passed (the queue
 * schedules a retry exp(attempts) seconds ahead by the database's clock).
 */
export async function makeRetriesDue(pool: pg.Pool): Promise<void> {
  await pool.query(
    `update graphile_worker._private_jobs set run_at = now()
      where locked_at is null and attempts < max_attempts and run_at > now()`,
  )
}
