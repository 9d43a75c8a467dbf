import type { Database } from '../../db/client.ts'
import { createCatalogRepo } from './catalog.repo.ts'
import { catalogRoutes } from './catalog.routes.ts'
import { createCatalogService } from './catalog.service.ts'

export function createCatalogFeature({ db }: { db: Database }) {
  const service = createCatalogService({ repo: createCatalogRepo(db) })
  return { service, routes: catalogRoutes(service) }
}
