import { randomUUID } from 'node:crypto'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config/env.ts'
import type { Database } from './db/client.ts'
import fastifyCookie from '@fastify/cookie'
import { countFailedSends, type Mailer } from './adapters/mail/index.ts'
import { createAuthFeature } from './features/auth/index.ts'
import type { AuthService } from './features/auth/auth.service.ts'
import type { Sessions } from './features/auth/sessions.ts'
import { createCatalogFeature } from './features/catalog/index.ts'
import type { CatalogService } from './features/catalog/catalog.service.ts'
import { healthRoutes } from './features/health/health.routes.ts'
import { createHealthService } from './features/health/health.service.ts'
import { createMetrics, measureRequestDurations } from './features/observability/metrics.ts'
import { metricsRoutes } from './features/observability/metrics.routes.ts'
import { runWithRequestId } from './logger.ts'
import { createCouponsFeature } from './features/coupons/index.ts'
import { createCheckoutFeature, type Payments } from './features/checkout/index.ts'
import type { CheckoutService } from './features/checkout/checkout.service.ts'
import { createDemoProvider } from './adapters/payments/index.ts'
import { createMarketingFeature } from './features/marketing/index.ts'
import { placeholderRoutes } from './features/placeholder/placeholder.routes.ts'
import { createSeoFeature } from './features/seo/index.ts'
import { serviceAreaRoutes } from './features/service-area/service-area.routes.ts'
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.ts'
import { registerRateLimits } from './plugins/rate-limit.ts'
import { registerSameOrigin } from './plugins/same-origin.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerAdminGuard } from './plugins/admin-guard.ts'
import { createAdminFeature } from './features/admin/index.ts'
import type { ImageStorage } from './adapters/storage/index.ts'
import { createUploadsFeature } from './features/uploads/index.ts'
import { registerApiOnlyNotFound, registerWebApp } from './plugins/web-app.ts'

export interface AppDeps {
  /** publicUrl: the shop's own origin (same-origin rule) and the base of sitemap links */
  readonly config: Pick<Config, 'nodeEnv' | 'publicUrl'> & Partial<Pick<Config, 'trustProxy'>>
  readonly db: Database
  /** signs the session cookie (SESSION_SECRET, or one generated and kept in DATA_DIR) */
  readonly sessionSecret: string
  readonly mailer: Mailer
  /** scrypt's log2(N): only tests lower it (see features/auth/passwords.ts) */
  readonly passwordCost?: number | undefined
  /** the clock (tests set it); defaults to the real time */
  readonly now?: () => Date
  readonly log: FastifyBaseLogger
  /** the built web app (dist/web); without it only the API is served */
  readonly webRoot?: string | undefined
  /** Stripe when configured (main.ts); without it, the built-in demo provider */
  readonly payments?: Payments | undefined
  /** product images: S3 when configured (main.ts), else files under DATA_DIR/uploads */
  readonly storage: ImageStorage
  /** METRICS_TOKEN: GET /metrics exists only with one, for callers presenting it */
  readonly metricsToken?: string | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService
    auth: AuthService
    sessions: Sessions
    checkout: CheckoutService
    /** every route's method and pattern (HEAD included), in registration order */
    routeTable: readonly { method: string; url: string }[]
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

/** Every route's method and pattern, for tests that walk the whole API (authorization, fuzzing). */
function collectRouteTable(app: FastifyInstance) {
  const routes: { method: string; url: string }[] = []
  app.decorate('routeTable', routes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  })
}

const REQUEST_ID = /^[\w-]{8,64}$/

/** Builds the whole app from its collaborators. It never listens: main.ts does, tests inject. */
/** a hop count as the function Fastify's types take: the nearest `hops` addresses are proxies */
function trustedProxies(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting
  return (_address: string, hop: number) => hop < setting
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const securityHeaderOptions = {
    hsts: deps.config.nodeEnv === 'production',
    stripe: deps.payments?.kind === 'stripe',
    uploadOrigin: deps.storage.browserOrigin,
  }
  const app = Fastify({
    loggerInstance: deps.log,
    // behind a load balancer (TRUST_PROXY), request.ip is the visitor's from X-Forwarded-For
    trustProxy: trustedProxies(deps.config.trustProxy ?? false),
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
        request.url.startsWith('/assets/') ||
        request.url === '/healthz' ||
        request.url === '/readyz' ||
        request.url === '/metrics',
    }),
  })
  // first hook: every line logged while handling the request, by any logger, carries its id
  app.addHook('onRequest', (request, _reply, done) => runWithRequestId(request.id, done))
  const metrics = createMetrics()
  measureRequestDurations(app, metrics.registry)
  const mailer = countFailedSends(deps.mailer, metrics.emailFailed)
  closeKeepAliveConnectionsWhenClosing(app)
  collectRouteTable(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerSecurityHeaders(app, securityHeaderOptions)
  registerErrorHandler(app)
  registerSameOrigin(app, { publicUrl: deps.config.publicUrl })
  await registerRateLimits(app)

  await app.register(fastifyCookie, { secret: deps.sessionSecret })
  const auth = createAuthFeature({
    db: deps.db,
    mailer,
    publicUrl: deps.config.publicUrl,
    secureCookie: deps.config.nodeEnv === 'production',
    now: deps.now ?? (() => new Date()),
    log: deps.log,
    passwordCost: deps.passwordCost,
  })
  registerAdminGuard(app, auth.service)
  await app.register(auth.routes)
  app.decorate('auth', auth.service)
  app.decorate('sessions', auth.sessions)

  const catalog = createCatalogFeature({ db: deps.db, log: deps.log, now: deps.now })
  app.addHook('onClose', () => catalog.close())
  // serve once this process hears other processes' catalogue changes (the first LISTEN drops
  // what was cached before it); a database that is away only delays the start by 5 s
  app.addHook('onReady', () => catalog.listening(5_000))
  await app.register(healthRoutes(createHealthService({ db: deps.db })))
  if (deps.metricsToken) {
    await app.register(metricsRoutes({ registry: metrics.registry, token: deps.metricsToken }))
  }
  await app.register(catalog.routes)
  await app.register(catalog.adminRoutes)
  await app.register(serviceAreaRoutes)
  await app.register(placeholderRoutes)
  await app.register(createMarketingFeature({ db: deps.db }).routes)
  await app.register(
    createCouponsFeature({ db: deps.db, ...(deps.now ? { now: deps.now } : {}) }).routes,
  )
  const checkout = createCheckoutFeature({
    db: deps.db,
    payments: deps.payments ?? {
      kind: 'demo',
      provider: createDemoProvider({
        db: deps.db,
        ...(deps.now ? { now: deps.now } : {}),
        onPaymentFailed: metrics.paymentFailed,
      }),
    },
    auth: auth.service,
    mailer,
    log: deps.log,
    now: deps.now,
    counters: metrics,
  })
  await app.register(checkout.routes)
  if (checkout.webhookRoutes) await app.register(checkout.webhookRoutes)
  app.decorate('checkout', checkout.service)
  await app.register(
    createAdminFeature({
      db: deps.db,
      now: deps.now ?? (() => new Date()),
      log: deps.log,
    }),
  )
  await app.register(
    createUploadsFeature({
      db: deps.db,
      storage: deps.storage,
      sessionSecret: deps.sessionSecret,
      now: deps.now ?? (() => new Date()),
      log: deps.log,
    }).routes,
  )
  // the sitemap is rebuilt from the catalogue's lists, so it follows catalog.invalidate()
  await app.register(
    createSeoFeature({ catalog: catalog.service, publicUrl: deps.config.publicUrl }).routes,
  )

  if (deps.webRoot) await registerWebApp(app, { root: deps.webRoot })
  else registerApiOnlyNotFound(app)

  // the catalogue cache is invalidated by whatever changes the catalogue (admin, tests)
  app.decorate('catalog', catalog.service)

  return app
}
