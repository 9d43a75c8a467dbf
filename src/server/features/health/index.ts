import type { Database } from '../../db/client.ts'
import { healthRoutes } from './health.routes.ts'
import { createHealthService } from './health.service.ts'

/** /healthz (liveness) and /readyz (the database answers and its migrations are applied). */
export function createHealthFeature({ db }: { db: Database }) {
  return { routes: healthRoutes(createHealthService({ db })) }
}

export { NOT_READY_MESSAGES } from './health.routes.ts'
