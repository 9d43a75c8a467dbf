import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import type { HealthService } from './health.service.ts'

const HealthSchema = z.object({ status: z.literal('ok') })

export function healthRoutes(health: HealthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      { schema: { response: { 200: HealthSchema, 503: ErrorBodySchema } } },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store')
        if (await health.databaseReachable()) return { status: 'ok' as const }
        return reply.status(503).send({ message: 'The database is not reachable.' })
      },
    )
  }
}
