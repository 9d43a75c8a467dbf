import { randomUUID } from 'node:crypto'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config/env.ts'
import type { Database } from './db/client.ts'
import { createCatalogFeature } from './features/catalog/index.ts'
import type { CatalogService } from './features/catalog/catalog.service.ts'
import { healthRoutes } from './features/health/health.routes.ts'
import { createHealthService } from './features/health/health.service.ts'
import { placeholderRoutes } from './features/placeholder/placeholder.routes.ts'
import { serviceAreaRoutes } from './features/service-area/service-area.routes.ts'
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerApiOnlyNotFound, registerWebApp } from './plugins/web-app.ts'

export interface AppDeps {
  readonly config: Pick<Config, 'nodeEnv'>
  readonly db: Database
  readonly log: FastifyBaseLogger
  /** the built web app (dist/web); without it only the API is served */
  readonly webRoot?: string | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService
    /** answer every request from now on with Connection: close (see main.ts shutdown) */
    startDraining(): void
  }
}

/**
 * Draining before a shutdown: from startDraining() (or close()) on, every answer says
 * `Connection: close`, so each keep-alive connection closes after its next answer instead of
 * making app.close() wait for the keep-alive timeout (72 s). main.ts drains for a moment before
 * closing, because close() drops connections it thinks idle, and one whose client has just sent
 * its next request would see a reset.
 */
function closeKeepAliveConnectionsWhenClosing(app: FastifyInstance) {
  let draining = false
  app.decorate('startDraining', () => {
    draining = true
  })
  app.addHook('preClose', async () => {
    draining = true
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) void reply.header('connection', 'close')
    return payload
  })
}

const REQUEST_ID = /^[\w-]{8,64}$/

/** Builds the whole app from its collaborators. It never listens: main.ts does, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const securityHeaderOptions = { hsts: deps.config.nodeEnv === 'production' }
  const app = Fastify({
    loggerInstance: deps.log,
    // a caller's (or load balancer's) request id is kept when it looks like one
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
    bodyLimit: 1024 * 1024,
    // a hung request cannot hold a connection (or a shutdown) forever
    requestTimeout: 30_000,
    frameworkErrors: frameworkErrorHandler(securityHeaderOptions),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    logController: new LogController({
      disableRequestLogging: (request) =>
        request.url.startsWith('/assets/') || request.url === '/healthz',
    }),
  })
  closeKeepAliveConnectionsWhenClosing(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerSecurityHeaders(app, securityHeaderOptions)
  registerErrorHandler(app)

  const catalog = createCatalogFeature({ db: deps.db })
  await app.register(healthRoutes(createHealthService({ db: deps.db })))
  await app.register(catalog.routes)
  await app.register(serviceAreaRoutes)
  await app.register(placeholderRoutes)

  if (deps.webRoot) await registerWebApp(app, { root: deps.webRoot })
  else registerApiOnlyNotFound(app)

  // the catalogue cache is invalidated by whatever changes the catalogue (admin, tests)
  app.decorate('catalog', catalog.service)

  return app
}
