import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AdminDeps } from '../index.ts'

// to be built (issue 7)
export function adminProductsRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {}
}
