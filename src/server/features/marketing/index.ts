import type { Database } from '../../db/client.ts'
import { createMarketingRepo } from './marketing.repo.ts'
import { marketingRoutes } from './marketing.routes.ts'
import { createMarketingService } from './marketing.service.ts'

export function createMarketingFeature({ db }: { db: Database }) {
  const service = createMarketingService({ repo: createMarketingRepo(db) })
  return { service, routes: marketingRoutes(service) }
}
