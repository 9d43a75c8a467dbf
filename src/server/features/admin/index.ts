import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/client.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import { adminProductsRoutes } from './products/admin-products.routes.ts'

export interface AdminDeps {
  readonly db: Database
  /** product changes invalidate the shop's cached lists */
  readonly catalog: Pick<CatalogService, 'invalidate'>
  readonly now: () => Date
  readonly log: FastifyBaseLogger
}

/**
 * The admin area's API (/api/admin/*). Its guard is not here: plugins/admin-guard.ts checks
 * every route under the prefix, wherever it is registered.
 */
export function createAdminFeature(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(adminProductsRoutes(deps))
  }
}
