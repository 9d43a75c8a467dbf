import type { JobRun } from '#shared/schemas/order-changes.ts'
import type { JobRuns } from '../../jobs/job-runs.ts'

/** The cut-off's runs as the admin reads them, newest first. */
export function createJobRunsView(runs: Pick<JobRuns, 'recent'>) {
  return {
    async recent(limit = 50): Promise<JobRun[]> {
      return (await runs.recent(limit)).map((run) => ({
        id: run.id,
        job: run.job,
        runKey: run.runKey,
        status: run.status,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
        succeeded: run.succeeded,
        failed: run.failed,
        detail: run.detail,
      }))
    },
  }
}

export type JobRunsView = ReturnType<typeof createJobRunsView>
