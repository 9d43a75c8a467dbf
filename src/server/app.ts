import { randomUUID } from 'node:crypto'
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifySchema,
} from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config/env.ts'
import type { Database } from './db/client.ts'
import fastifyCookie from '@fastify/cookie'
import { countFailedSends, type Mailer } from './adapters/mail/index.ts'
import {
  createAuthFeature,
  type AuthService,
  type Roles,
  type Sessions,
} from './features/auth/index.ts'
import { createCatalogFeature, type CatalogService } from './features/catalog/index.ts'
import { createHealthFeature } from './features/health/index.ts'
import { createObservabilityFeature } from './features/observability/index.ts'
import { runWithRequestId } from './logger.ts'
import { createCouponsFeature } from './features/coupons/index.ts'
import {
  createCheckoutFeature,
  createDemoPaymentStore,
  pendingCheckoutLines,
  type CheckoutService,
  type Payments,
} from './features/checkout/index.ts'
import { createOrdersFeature } from './features/orders/index.ts'
import { createDemoProvider } from './adapters/payments/index.ts'
import { transactionRunner, type RunInTransaction } from './db/transaction.ts'
import { createMarketingFeature } from './features/marketing/index.ts'
import { createRateLimitsFeature, type RateLimitsService } from './features/rate-limits/index.ts'
import { createPlaceholderFeature } from './features/placeholder/index.ts'
import { createSeoFeature } from './features/seo/index.ts'
import { createServiceAreaFeature } from './features/service-area/index.ts'
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.ts'
import { registerRateLimits } from './plugins/rate-limit.ts'
import { registerSameOrigin } from './plugins/same-origin.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerAdminGuard } from './plugins/admin-guard.ts'
import { registerApiDocument, registerApiReference } from './plugins/api-reference.ts'
import type { ImageStorage } from './adapters/storage/index.ts'
import { createUploadsFeature } from './features/uploads/index.ts'
import type { ServerRenderEntry } from './plugins/server-rendering.ts'
import { readBootScript, registerApiOnlyNotFound, registerWebApp } from './plugins/web-app.ts'
import type { ControllableClock } from './clock.ts'
import { addJobWithin, runDueJobs, type JobHandler } from './jobs/job-queue.ts'
import {
  createOrderChangesFeature,
  pendingChangeLines,
  refundsOfOrders,
} from './features/order-changes/index.ts'
import { createQuote } from './features/quote/index.ts'
import type { PaymentEvent } from './adapters/payments/index.ts'
import { registerTestClock } from './plugins/test-clock.ts'
import { createOutboxFeature } from './features/outbox/index.ts'
import { createStaffFeature } from './features/staff/index.ts'
import { createRoutesFeature } from './features/routes/index.ts'
import { createWeekFeature } from './features/week/index.ts'
import { createSavedCardsFeature } from './features/saved-cards/index.ts'
import { createSubscriptionsFeature } from './features/subscriptions/index.ts'
import { createWeeklyStock } from './features/weekly-stock/index.ts'

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
  /** the built server entry of the web app (dist/ssr): public pages rendered on the server */
  readonly serverRender?: ServerRenderEntry | undefined
  /** Stripe when configured (main.ts); without it, the built-in demo provider */
  readonly payments?: Payments | undefined
  /** product images: S3 when configured (main.ts), else files under DATA_DIR/uploads */
  readonly storage: ImageStorage
  /** METRICS_TOKEN: GET /metrics exists only with one, for callers presenting it */
  readonly metricsToken?: string | undefined
  /**
   * TEST_CLOCK_CONTROL: a clock that PUT /api/test/clock moves (browser and process tests);
   * never in production
   */
  readonly clockControl?: ControllableClock | undefined
}

/** The jobs this app's features run on the job queue (main.ts starts the runner). */
export interface AppJobs {
  readonly handlers: Readonly<Record<string, JobHandler>>
  readonly crontab: string
  /**
   * the minute's tick now: the cut-off, stale changes, harvest and "delivered" e-mails (main.ts
   * runs one at start-up)
   */
  tick(): Promise<void>
  /** what the minute's tick does, then every job that is due */
  runDue(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService
    auth: AuthService
    sessions: Sessions
    checkout: CheckoutService
    rateLimits: RateLimitsService
    jobs: AppJobs
    /** every route's method, pattern (HEAD included) and schema, in registration order */
    routeTable: readonly { method: string; url: string; schema?: FastifySchema }[]
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

/**
 * Every route's method, pattern and schema, for tests that walk the whole API (authorization,
 * fuzzing, the reference's examples).
 */
function collectRouteTable(app: FastifyInstance) {
  const routes: { method: string; url: string; schema?: FastifySchema }[] = []
  app.decorate('routeTable', routes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, schema: route.schema })
  })
}

const REQUEST_ID = /^[\w-]{8,64}$/

/** a hop count as the function Fastify's types take: the nearest `hops` addresses are proxies */
function trustedProxies(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting
  return (_address: string, hop: number) => hop < setting
}

type SecurityHeaderOptions = Parameters<typeof registerSecurityHeaders>[1]

/** the job the crontab adds every minute: the week's work that is due (see AppJobs.tick) */
export const ORDER_WEEK_TICK = 'order_week_tick'
/** a payment event the demo provider tells, as Stripe's webhook would (docs/product.md#payments) */
const DEMO_PAYMENT_EVENT = 'demo_payment_event'
/** Stripe's webhook arrives a moment after the card form's answer; so does the demo's event */
const DEMO_EVENT_DELAY_SECONDS = 3

/** The Fastify instance: limits, request ids, logging, and the hooks every request passes. */
function createServer(deps: AppDeps, securityHeaders: SecurityHeaderOptions): FastifyInstance {
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
    frameworkErrors: frameworkErrorHandler(securityHeaders),
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
  closeKeepAliveConnectionsWhenClosing(app)
  collectRouteTable(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerSecurityHeaders(app, securityHeaders)
  registerErrorHandler(app)
  registerSameOrigin(app, { publicUrl: deps.config.publicUrl })
  return app
}

/** What several features share: the clock, transactions, the mailer, the counters. */
interface Shared {
  readonly now: () => Date
  readonly transaction: RunInTransaction
  readonly mailer: Mailer
  readonly metrics: ReturnType<typeof createObservabilityFeature>['metrics']
  readonly rateLimits: RateLimitsService
}

/** Accounts and sessions, and the admin guard every /api/admin route passes. */
async function registerAccounts(app: FastifyInstance, deps: AppDeps, shared: Shared) {
  await app.register(fastifyCookie, { secret: deps.sessionSecret })
  const auth = createAuthFeature({
    db: deps.db,
    mailer: shared.mailer,
    rateLimits: shared.rateLimits,
    publicUrl: deps.config.publicUrl,
    secureCookie: deps.config.nodeEnv === 'production',
    now: shared.now,
    log: deps.log,
    passwordCost: deps.passwordCost,
  })
  // a session read that moved the expiry, or found none, updates the browser's cookies
  app.addHook('onSend', async (request, reply, payload) => {
    auth.sessions.sendCookieChanges(request, reply)
    return payload
  })
  registerAdminGuard(app, auth.service)
  await app.register(auth.routes)
  app.decorate('auth', auth.service)
  app.decorate('sessions', auth.sessions)
  return auth
}

/** The catalogue (with its cache kept in step across processes) and its admin. */
async function registerCatalogue(app: FastifyInstance, deps: AppDeps) {
  const catalog = createCatalogFeature({ db: deps.db, log: deps.log, now: deps.now })
  app.addHook('onClose', () => catalog.close())
  // serve once this process hears other processes' catalogue changes (the first LISTEN drops
  // what was cached before it); a database that is away only delays the start by 5 s
  app.addHook('onReady', () => catalog.listening(5_000))
  await app.register(catalog.routes)
  await app.register(catalog.adminRoutes)
  // the catalogue cache is invalidated by whatever changes the catalogue (admin, tests)
  app.decorate('catalog', catalog.service)
  return catalog
}

/** Coupons, orders and checkout: the features an order passes through. */
async function registerOrdering(
  app: FastifyInstance,
  deps: AppDeps,
  shared: Shared,
  { auth, roles, catalog }: { auth: AuthService; roles: Roles; catalog: CatalogService },
) {
  const outbox = createOutboxFeature({
    db: deps.db,
    mailer: shared.mailer,
    now: shared.now,
    log: deps.log,
  })
  await app.register(outbox.adminRoutes)
  const coupons = createCouponsFeature({ db: deps.db, now: shared.now })
  await app.register(coupons.routes)
  await app.register(coupons.adminRoutes)
  const orders = createOrdersFeature({
    db: deps.db,
    transaction: shared.transaction,
    auth,
    catalog,
    coupons: coupons.service,
    log: deps.log,
    now: shared.now,
    outbox: outbox.service,
    publicUrl: deps.config.publicUrl,
    refundsOf: refundsOfOrders,
    accountEmail: (userId, tx) => auth.accountEmail(userId, tx),
  })
  await app.register(orders.routes)
  await app.register(orders.adminRoutes)
  const staff = createStaffFeature({
    db: deps.db,
    transaction: shared.transaction,
    outbox: outbox.service,
    auth,
    roles,
    publicUrl: deps.config.publicUrl,
    now: shared.now,
  })
  await app.register(staff.routes)
  await app.register(staff.adminRoutes)
  const payments: Payments = deps.payments ?? {
    kind: 'demo',
    provider: createDemoProvider({
      store: createDemoPaymentStore(deps.db),
      now: shared.now,
      onPaymentFailed: shared.metrics.paymentFailed,
      onEvent: (event) =>
        addJobWithin(deps.db, DEMO_PAYMENT_EVENT, event, {
          delaySeconds: DEMO_EVENT_DELAY_SECONDS,
        }),
    }),
  }
  // saved cards: the provider keeps them on a customer of its own (docs/product.md#saved-cards)
  const savedCards = createSavedCardsFeature({ db: deps.db, provider: payments.provider, auth })
  await app.register(savedCards.routes)
  const quote = createQuote({ catalog, coupons: coupons.service })
  // standing orders the customer runs themselves (docs/product.md#subscriptions)
  const subscriptions = createSubscriptionsFeature({
    db: deps.db,
    auth,
    cards: savedCards.service,
    catalog,
    customers: roles,
    quote,
    now: shared.now,
  })
  await app.register(subscriptions.routes)
  await app.register(subscriptions.adminRoutes)
  // weekly quantities: counted from the orders, the checkouts and the changes being paid for
  const stock = createWeeklyStock({
    catalog,
    orders: orders.service,
    pendingCheckoutLinesOn: pendingCheckoutLines(deps.db),
    pendingChangeLines: pendingChangeLines(deps.db),
    onChange: () => catalog.weeklySaleMade(),
  })
  catalog.countLeftWith((saturday, ids) => stock.leftOn(saturday, ids))
  const orderChanges = createOrderChangesFeature({
    db: deps.db,
    transaction: shared.transaction,
    auth,
    orders: orders.service,
    quote,
    coupons: coupons.service,
    stock,
    provider: payments.provider,
    cards: savedCards.service,
    log: deps.log,
    now: shared.now,
  })
  const checkout = createCheckoutFeature({
    db: deps.db,
    transaction: shared.transaction,
    payments,
    auth,
    quote,
    coupons: coupons.service,
    orders: orders.service,
    rateLimits: shared.rateLimits,
    log: deps.log,
    now: shared.now,
    counters: shared.metrics,
    orderPayments: orderChanges.orderPayments,
    stock,
    customerFor: (user) => savedCards.service.customerFor(user),
    joinOrder: (orderId, userId, input) => orderChanges.service.join(orderId, userId, input),
    cardSetupOwner: async (setupId) => {
      if (payments.kind !== 'demo') return null
      const customer = await payments.provider.setupCustomer(setupId)
      return customer ? savedCards.service.ownerOfCustomer(customer) : null
    },
  })
  await app.register(checkout.routes)
  app.decorate('checkout', checkout.service)

  await app.register(orderChanges.routes)
  await app.register(orderChanges.adminRoutes)
  const week = createWeekFeature({
    db: deps.db,
    transaction: shared.transaction,
    orders: orders.service,
    catalog,
    outbox: outbox.service,
    stock,
    now: shared.now,
  })
  await app.register(week.adminRoutes)
  const routes = createRoutesFeature({
    db: deps.db,
    transaction: shared.transaction,
    auth,
    staff: roles,
    orders: orders.service,
    bags: week.service,
    now: shared.now,
  })
  await app.register(routes.adminRoutes)
  await app.register(routes.driverRoutes)
  // the minute's tick, its one handler: the cut-off captures first, then the orders' and
  // checkouts' stale payments, the unpaid orders put on hold at their deadline, the producers' harvest e-mails and the customers' "delivered"
  // e-mails whose undo window has passed
  const tick = async () => {
    try {
      await orderChanges.tick()
    } finally {
      // a cut-off that keeps failing (one bad order) must hold back neither the payments left
      // waiting nor the e-mails
      try {
        // orders still unpaid at their deadline to pay go on hold before anything is packed
        await orders.service.holdDue()
      } finally {
        try {
          await checkout.service.settleStaleCheckouts()
        } finally {
          try {
            await week.tick()
          } finally {
            try {
              await orders.service.sendDeliveredEmails()
            } finally {
              await orders.service.sendShortfallEmails()
            }
          }
        }
      }
    }
  }
  const handlers: Record<string, JobHandler> = {
    ...orderChanges.handlers,
    [ORDER_WEEK_TICK]: tick,
    [DEMO_PAYMENT_EVENT]: (payload) => checkout.service.handlePaymentEvent(payload as PaymentEvent),
    ...outbox.handlers,
  }
  app.decorate('jobs', {
    handlers,
    // every minute; a tick finds what is due by the shop's clock, so none is ever missed
    crontab: `* * * * * ${ORDER_WEEK_TICK}`,
    tick,
    async runDue() {
      await tick()
      await runDueJobs({ pool: deps.db.$client, handlers, log: deps.log })
    },
  } satisfies AppJobs)
}

/** Builds the whole app from its collaborators. It never listens: main.ts does, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // public pages carry the boot script inline: the policy names its hash
  const bootScript =
    deps.webRoot && deps.serverRender ? await readBootScript(deps.webRoot) : undefined
  const app = createServer(deps, {
    hsts: deps.config.nodeEnv === 'production',
    stripe: deps.payments?.kind === 'stripe',
    uploadOrigin: deps.storage.browserOrigin,
    inlineScriptHashes: bootScript ? [bootScript.hash] : [],
  })
  // before any route, so that it sees them all
  await registerApiDocument(app)
  const observability = createObservabilityFeature({ token: deps.metricsToken })
  observability.measure(app)
  if (deps.clockControl && deps.config.nodeEnv === 'production') {
    throw new Error('TEST_CLOCK_CONTROL is for tests: it cannot be used in production')
  }
  const clock = deps.clockControl
  const now = clock ? () => clock.now() : (deps.now ?? (() => new Date()))
  // counted in PostgreSQL: every process behind a load balancer enforces the same limits
  const rateLimits = createRateLimitsFeature({ db: deps.db, now })
  await registerRateLimits(app, { store: rateLimits })
  app.decorate('rateLimits', rateLimits)
  const shared: Shared = {
    now,
    transaction: transactionRunner(deps.db),
    mailer: countFailedSends(deps.mailer, observability.metrics.emailFailed),
    metrics: observability.metrics,
    rateLimits,
  }

  const auth = await registerAccounts(app, deps, shared)
  await registerApiReference(app, {
    auth: auth.service,
    open: deps.config.nodeEnv !== 'production',
  })
  await app.register(createHealthFeature({ db: deps.db }).routes)
  if (observability.routes) await app.register(observability.routes)
  const catalog = await registerCatalogue(app, deps)
  await app.register(createServiceAreaFeature().routes)
  await app.register(createPlaceholderFeature().routes)
  const marketing = createMarketingFeature({ db: deps.db, now })
  await app.register(marketing.routes)
  await app.register(marketing.adminRoutes)
  await registerOrdering(app, deps, shared, {
    auth: auth.service,
    roles: auth.roles,
    catalog: catalog.service,
  })
  await app.register(
    createUploadsFeature({
      db: deps.db,
      storage: deps.storage,
      sessionSecret: deps.sessionSecret,
      now,
      log: deps.log,
    }).routes,
  )
  // the sitemap is rebuilt from the catalogue's lists, so it follows catalog.invalidate()
  await app.register(
    createSeoFeature({ catalog: catalog.service, publicUrl: deps.config.publicUrl }).routes,
  )

  if (deps.clockControl) registerTestClock(app, deps.clockControl)

  if (deps.webRoot) {
    await registerWebApp(app, {
      root: deps.webRoot,
      serverRendering:
        deps.serverRender && bootScript
          ? {
              entry: deps.serverRender,
              bootScript,
              origin: new URL(deps.config.publicUrl).origin,
              now,
              log: deps.log,
              onCatalogChange: (listener) => catalog.service.onChange(listener),
            }
          : undefined,
    })
  } else registerApiOnlyNotFound(app)
  return app
}
