import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { Registry } from 'prom-client'
import { ErrorBodySchema } from '#shared/errors.ts'
import { API_TAG, textAnswer } from '../../plugins/api-reference.ts'
import { metricsScrape } from './metrics.ts'

export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required.'

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN. buildApp
 * registers it only when a token is configured: otherwise the path does not exist.
 */
export function metricsRoutes({
  registry,
  token,
}: {
  registry: Registry
  token: string
}): FastifyPluginAsync {
  const expected = digest(token)
  return async (app) => {
    const schema = {
      summary: 'Prometheus metrics, for a scraper holding METRICS_TOKEN',
      tags: [API_TAG.operations],
      security: [{ metricsToken: [] }],
      response: { 200: textAnswer('text/plain', 'Prometheus’ text format'), 401: ErrorBodySchema },
    }
    app.get('/metrics', { schema }, async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
      // digests of equal length, so the comparison takes the same time whatever was sent
      if (!given || !timingSafeEqual(digest(given), expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .type('application/json; charset=utf-8')
          .send({ message: METRICS_TOKEN_REQUIRED })
      }
      const scrape = metricsScrape(registry)
      return reply.type(scrape.contentType).send(await scrape.metrics())
    })
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}
