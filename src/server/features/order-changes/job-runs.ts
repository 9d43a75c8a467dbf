import type { JobRun } from '#shared/schemas/order-changes.ts'
import type { OrderMoneyRepo } from './order-money.repo.ts'

/** The cut-off's runs as the admin reads them, newest first. */
export function createJobRunsView(repo: OrderMoneyRepo) {
  return {
    async recent(limit = 50): Promise<JobRun[]> {
      return (await repo.recentRuns(limit)).map((run) => ({
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
