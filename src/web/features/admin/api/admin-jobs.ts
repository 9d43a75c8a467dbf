import { queryOptions } from '@tanstack/react-query'
import type { JobRun } from '#shared/schemas/order-changes.ts'
import { apiGet } from '#web/lib/api-client.ts'

/** The scheduled jobs' runs (the cut-off's captures), newest first (docs/product.md#cut-off). */
export const adminJobQueries = {
  runs: () =>
    queryOptions({
      queryKey: ['admin', 'jobs'] as const,
      queryFn: ({ signal }) => apiGet<{ runs: JobRun[] }>('/api/admin/jobs', signal),
      staleTime: 0,
      // a run in progress finishes on its own: look again while one is running
      refetchInterval: (query) =>
        query.state.data?.runs.some((run) => run.status === 'running') ? 5_000 : false,
    }),
}
