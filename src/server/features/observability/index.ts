import type { FastifyInstance } from 'fastify'
import { createMetrics, measureRequestDurations } from './metrics.ts'
import { metricsRoutes } from './metrics.routes.ts'

/**
 * The shop's counters and request durations, and GET /metrics for a scraper holding the token
 * (no token configured: the path does not exist).
 */
export function createObservabilityFeature({ token }: { token: string | undefined }) {
  const metrics = createMetrics()
  return {
    metrics,
    /** times every request of the app, by its route pattern */
    measure: (app: FastifyInstance) => measureRequestDurations(app, metrics.registry),
    routes: token ? metricsRoutes({ registry: metrics.registry, token }) : null,
  }
}

export type { ShopCounters } from './metrics.ts'
