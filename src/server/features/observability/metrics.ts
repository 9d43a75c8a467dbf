import type { FastifyInstance } from 'fastify'
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** What the features count. Each is a plain callback, so a feature never sees prom-client. */
export interface ShopCounters {
  readonly orderCreated: () => void
  /** a declined card, a failed authentication, a payment_failed webhook */
  readonly paymentFailed: () => void
  readonly emailFailed: () => void
}

export interface ShopMetrics extends ShopCounters {
  /** this app's own registry: tests build many apps in one process */
  readonly registry: Registry
}

/** Methods the router knows; anything else is one label, so a client cannot add series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

let processRegistry: Registry | undefined

/**
 * Node's process metrics (CPU, memory, event-loop lag), collected once per process: their
 * observers are never released, so one per app would pile up where tests build many apps.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** The exposition of GET /metrics: this app's series and the process's. */
export function metricsScrape(registry: Registry): Registry {
  return Registry.merge([processMetrics(), registry])
}

export function createMetrics(): ShopMetrics {
  const registry = new Registry()
  const orders = new Counter({
    name: 'orders_created_total',
    help: 'Orders created from paid checkouts',
    registers: [registry],
  })
  const payments = new Counter({
    name: 'payments_failed_total',
    help: 'Payments declined or failed at the payment provider',
    registers: [registry],
  })
  const emails = new Counter({
    name: 'emails_failed_total',
    help: 'E-mails the mailer could not send',
    registers: [registry],
  })
  return {
    registry,
    orderCreated: () => orders.inc(),
    paymentFailed: () => payments.inc(),
    emailFailed: () => emails.inc(),
  }
}

/**
 * http_request_duration_seconds by route pattern, method and status. The route is the
 * pattern the router matched (`/api/products/:id`), or `unmatched`: never the raw URL.
 */
export function measureRequestDurations(app: FastifyInstance, registry: Registry) {
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  app.addHook('onResponse', async (request, reply) => {
    durations.observe(
      {
        route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    )
  })
}
