import type { Database } from '../../db/client.ts'
import { createChangeFeed } from '../../db/change-feed.ts'
import type { FastifyBaseLogger } from 'fastify'
import { createCatalogRepo } from './catalog.repo.ts'
import { catalogRoutes } from './catalog.routes.ts'
import { createCatalogService } from './catalog.service.ts'

/** the NOTIFY channel that tells every process the catalogue changed */
export const CATALOG_CHANGED = 'catalog_changed'

export function createCatalogFeature({ db, log }: { db: Database; log: FastifyBaseLogger }) {
  const service = createCatalogService({
    repo: createCatalogRepo(db),
    announceChange: () => changes.publish(),
  })
  const changes = createChangeFeed({
    pool: db.$client,
    channel: CATALOG_CHANGED,
    log,
    onChange: () => service.dropCachedLists(),
  })
  return {
    service,
    routes: catalogRoutes(service),
    /** until the listener is up, a change made by another process could be missed */
    listening: (timeoutMs: number) => changes.listening(timeoutMs),
    close: () => changes.close(),
  }
}

export type { CatalogService } from './catalog.service.ts'
export type { ProductForOrder } from './catalog.repo.ts'
