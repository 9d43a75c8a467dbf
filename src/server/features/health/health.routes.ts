import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import type { HealthService, Readiness } from './health.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

const HealthSchema = z.object({ status: z.literal('ok') }).meta({ examples: [{ status: 'ok' }] })

export const NOT_READY_MESSAGES: Record<Exclude<Readiness, 'ready'>, string> = {
  'database-unreachable': 'The database is not reachable.',
  'migrations-pending': 'Database migrations are not applied.',
}

/**
 * /healthz is liveness: the process is up and answering (a restart would not help a database
 * outage). /readyz is readiness: the database answers and its schema is current, so a load
 * balancer or a start-up script sends traffic only then.
 */
export function healthRoutes(health: HealthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          summary: 'Liveness: the process answers, whatever the database does',
          tags: [API_TAG.operations],
          response: { 200: HealthSchema },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store')
        return { status: 'ok' as const }
      },
    )

    app.get(
      '/readyz',
      {
        schema: {
          summary: 'Readiness: the database answers and every migration is applied',
          tags: [API_TAG.operations],
          response: { 200: HealthSchema, 503: ErrorBodySchema },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store')
        const readiness = await health.readiness()
        if (readiness === 'ready') return { status: 'ok' as const }
        return reply.status(503).send({ message: NOT_READY_MESSAGES[readiness] })
      },
    )
  }
}
