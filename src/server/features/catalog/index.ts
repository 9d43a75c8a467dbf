import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/client.ts'
import { createChangeFeed } from '../../db/change-feed.ts'
import { createAdminProducersRepo } from './admin-producers.repo.ts'
import { adminProducersRoutes } from './admin-producers.routes.ts'
import { createAdminProducersService } from './admin-producers.service.ts'
import { createAdminProductsRepo } from './admin-products.repo.ts'
import { adminProductsRoutes } from './admin-products.routes.ts'
import { createAdminProductsService } from './admin-products.service.ts'
import { createCatalogRepo } from './catalog.repo.ts'
import { catalogRoutes } from './catalog.routes.ts'
import { createCatalogService } from './catalog.service.ts'

/** the NOTIFY channel that tells every process the catalogue changed */
export const CATALOG_CHANGED = 'catalog_changed'

/**
 * The catalogue: the shop's reads (routes) and the admin's changes to it (adminRoutes, under
 * /api/admin, where the admin guard covers them). Every admin change invalidates the cached
 * reads here and, through NOTIFY, in every other process.
 */
export function createCatalogFeature({
  db,
  log,
  now = () => new Date(),
}: {
  db: Database
  log: FastifyBaseLogger
  now?: () => Date
}) {
  const service = createCatalogService({
    repo: createCatalogRepo(db),
    announceChange: () => changes.publish(),
    now,
  })
  const changes = createChangeFeed({
    pool: db.$client,
    channel: CATALOG_CHANGED,
    log,
    onChange: () => service.dropCachedLists(),
  })
  const adminProducts = createAdminProductsService({
    repo: createAdminProductsRepo(db),
    catalog: service,
    now,
  })
  const adminProducers = createAdminProducersService({
    repo: createAdminProducersRepo(db),
    catalog: service,
    now,
  })
  const adminRoutes: FastifyPluginAsyncZod = async (app) => {
    await app.register(adminProductsRoutes(adminProducts))
    await app.register(adminProducersRoutes(adminProducers))
  }
  return {
    service,
    routes: catalogRoutes(service),
    adminRoutes,
    /** until the listener is up, a change made by another process could be missed */
    listening: (timeoutMs: number) => changes.listening(timeoutMs),
    close: () => changes.close(),
  }
}

export type { CatalogService } from './catalog.service.ts'
export type {
  LimitedProduct,
  ProducerContact,
  ProductFacts,
  ProductForOrder,
  RankedProduct,
} from './catalog.repo.ts'
