import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { id, inList, timestamptz } from './columns.ts'

/** Owned by the job runs' store (src/server/jobs/job-runs.ts): features record runs through it. */

export const JOB_RUN_STATUSES = ['running', 'finished', 'failed', 'interrupted'] as const

/** A run of a scheduled job (the cut-off), as the admin reads it: started, finished, counts. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    job: text('job').notNull(),
    /** what the run is for, e.g. the delivery day "2026-11-28" */
    runKey: text('run_key').notNull(),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull().default('running'),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    detail: text('detail'),
  },
  (table) => [
    index('job_runs_job_started_idx').on(table.job, table.startedAt),
    check('job_runs_status_valid', sql`${table.status} in ${inList(JOB_RUN_STATUSES)}`),
  ],
)
