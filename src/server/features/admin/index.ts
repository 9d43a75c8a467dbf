import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/client.ts'
import { adminCouponsRoutes } from './coupons/admin-coupons.routes.ts'
import { adminMessagesRoutes } from './messages/admin-messages.routes.ts'
import { adminOrdersRoutes } from './orders/admin-orders.routes.ts'

export interface AdminDeps {
  readonly db: Database
  readonly now: () => Date
  readonly log: FastifyBaseLogger
}

/**
 * The admin area's API (/api/admin/*). Its guard is not here: plugins/admin-guard.ts checks
 * every route under the prefix, wherever it is registered.
 */
export function createAdminFeature(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(adminOrdersRoutes(deps))
    await app.register(adminMessagesRoutes(deps))
    await app.register(adminCouponsRoutes(deps))
  }
}
