import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { producers, products } from '#server/db/schema/index.ts'
import { ErrorBodySchema } from '#shared/errors.ts'
import { signUp, signUpAdmin } from '#tests/factories/customer.ts'
import { basketOver, createIntent } from '#tests/setup/shopper.ts'
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '#tests/setup/test-app.ts'
import { createStripeProvider } from '#server/adapters/payments/index.ts'
import { signStripePayload, startFakeStripe } from '#tests/setup/fake-stripe.ts'
import {
  edgeCases,
  fuzzCase,
  webhookCase,
  type Caller,
  type FuzzCase,
  type RouteShape,
} from '#tests/fuzz/api-fuzz.arbitraries.ts'

/**
 * Bad input on every route (docs/product.md#api-errors): whatever a client sends, the answer is
 * never a 5xx, every 4xx is `{ message, errors? }` as JSON, and no answer carries a stack trace or
 * SQL. fast-check picks a new seed each run (printed on failure, to replay it with `seed`).
 */

/**
 * Cases per route, the fixed edge cases included: 7,600 requests, 12-15 s for the file on the
 * 2-core machine (about 40 s when it is very busy). FUZZ_RUNS_PER_ROUTE=1000 digs deeper by hand.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 100)

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

let shop: TestApp
type SignedInCaller = Exclude<Caller, 'anonymous'>
let callers: Record<SignedInCaller, string>
/**
 * Signing in, registering and logging out end the session they are sent with (a new session id
 * at sign-in), so those routes get sessions of their own, replaced whenever an answer sets one.
 */
const SESSION_ROUTES = new Set(['/api/auth/register', '/api/auth/login', '/api/auth/logout'])
let sessionRouteCallers: Record<SignedInCaller, string>
let productIds: string[]
let producerIds: string[]
let knownIds: string[]

const FORGED_COOKIE = 'sid=s%3Aforged.c2lnbmF0dXJl'

async function freshSession(caller: SignedInCaller): Promise<string> {
  if (caller === 'forged-cookie') return FORGED_COOKIE
  const shopper = caller === 'admin' ? await signUpAdmin(shop, 'fuzz-admin') : await signUp(shop)
  return shopper.cookie
}

async function freshCallers(): Promise<Record<SignedInCaller, string>> {
  const [customer, admin] = await Promise.all([freshSession('customer'), freshSession('admin')])
  return { customer, admin, 'forged-cookie': FORGED_COOKIE }
}

beforeAll(async () => {
  shop = await createTestApp()
  const customer = await signUp(shop, 'fuzz-customer')
  callers = {
    customer: customer.cookie,
    admin: await freshSession('admin'),
    'forged-cookie': FORGED_COOKIE,
  }
  sessionRouteCallers = await freshCallers()
  const rows = await shop.database.db.select({ id: products.id }).from(products).limit(3)
  productIds = rows.map((row) => row.id)
  const producerRows = await shop.database.db.select({ id: producers.id }).from(producers).limit(2)
  producerIds = producerRows.map((row) => row.id)
  // the customer's own payment, so the demo card routes get past "not found"
  const payment = await createIntent(customer, await basketOver(shop))
  knownIds = [...productIds, ...producerIds, payment.paymentIntentId]
}, 60_000)
afterAll(() => shop.close())

/**
 * The body fields a route asks for, read from its own answer to an empty object as an admin
 * (the 400's `errors` names each missing field), so the fuzz writes the names it validates.
 */
async function fieldsOf(method: Method, pattern: string): Promise<string[]> {
  if (!STATE_CHANGING.has(method)) return []
  const response = await shop.app.inject({
    method,
    url: pattern.replace(/:(\w+)/g, (_, name: string) =>
      name === 'paymentIntentId' ? (knownIds.at(-1) ?? '') : '00000000-0000-4000-8000-000000000000',
    ),
    // no session on the routes that would end it
    headers: {
      origin: TEST_PUBLIC_URL,
      ...(SESSION_ROUTES.has(pattern) ? {} : { cookie: callers.admin }),
    },
    payload: {},
    remoteAddress: '10.201.0.1',
  })
  if (response.statusCode !== 400) return []
  const errors = response.json<{ errors?: Record<string, string> }>().errors ?? {}
  return Object.keys(errors).filter((field) => field !== 'request')
}

function requestOf(method: Method, pattern: string, fuzz: FuzzCase) {
  let index = 0
  const path = pattern.replace(/:\w+/g, () => fuzz.pathParams[index++] ?? 'x')
  const headers: Record<string, string> = {}
  const cookieJar = SESSION_ROUTES.has(pattern) ? sessionRouteCallers : callers
  if (fuzz.caller !== 'anonymous') headers.cookie = cookieJar[fuzz.caller]
  if (fuzz.origin === 'own') headers.origin = TEST_PUBLIC_URL
  if (fuzz.origin === 'foreign') headers.origin = 'https://evil.example'
  if (fuzz.origin === 'null') headers.origin = 'null'
  if (fuzz.contentType !== undefined) headers['content-type'] = fuzz.contentType
  return {
    method,
    url: fuzz.query === '' ? path : `${path}?${fuzz.query}`,
    headers,
    ...(fuzz.body === undefined ? {} : { payload: fuzz.body }),
    remoteAddress: fuzz.remoteAddress,
  }
}

/** a stack frame: `at fn (/path/file.ts:1:2)`, `at /path:1:2`, or a frame on a line of its own */
const STACK_TRACE = [
  /\bat (?:\S+ \()?(?:\/|node:|file:)[^\s)]*:\d+:\d+/,
  /\n\s+at \S/,
  /\.[cm]?[jt]s:\d+:\d+/,
]
/** what the database or Drizzle says, never what a client should read */
const SQL_TEXT = [
  /\bselect\s+("|\*|count\()/i,
  /\binsert into\s/i,
  /\bupdate\s+"/i,
  /\bdelete from\s/i,
  /relation "/i,
  /syntax error at/i,
  /violates .* constraint/i,
  /duplicate key value/i,
  /invalid input syntax/i,
  /Failed query/i,
  /\bparams:\s/i,
]

/** a short description of the request for failure messages (bodies can be 1 MB) */
const describeRequest = (request: ReturnType<typeof requestOf>) =>
  JSON.stringify({ ...request, payload: request.payload?.slice(0, 300) }).slice(0, 1200)

function checkAnswer(
  request: ReturnType<typeof requestOf>,
  response: Awaited<ReturnType<TestApp['app']['inject']>>,
) {
  const where = `${describeRequest(request)}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`
  expect(response.statusCode, where).toBeLessThan(500)
  const sent = `${request.url} ${request.payload ?? ''}`
  for (const pattern of [...STACK_TRACE, ...SQL_TEXT]) {
    // the answer may echo what was sent (a ZIP code, an unknown field's name): only what the
    // server adds counts
    if (!pattern.test(sent)) expect(response.body, where).not.toMatch(pattern)
  }
  if (response.statusCode >= 400 && request.method !== 'HEAD') {
    expect(response.headers['content-type'], where).toMatch(/^application\/json\b/)
    const parsed = ErrorBodySchema.safeParse(JSON.parse(response.body))
    expect(parsed.success, where).toBe(true)
  }
}

test(
  'no input makes any route answer 5xx, a malformed error, a stack trace or SQL',
  async () => {
    const routes = shop.app.routeTable.map((route) => ({
      method: route.method as Method,
      pattern: route.url,
    }))
    expect(routes.length).toBeGreaterThan(40)
    let requests = 0
    /** answers by class (index 2 = 2xx), to see how many cases got past validation */
    const answers = [0, 0, 0, 0, 0, 0]
    const started = performance.now()

    for (const { method, pattern } of routes) {
      // /uploads/:file streams an image from storage; it is fuzzed like the rest (bad names must
      // be a 404, never a path outside the uploads directory or a 500)
      const shape: RouteShape = {
        paramCount: pattern.match(/:\w+/g)?.length ?? 0,
        fields: await fieldsOf(method, pattern),
        productIds,
        producerIds,
        knownIds,
      }
      const arbitrary = fuzzCase(shape)
      await fc.assert(
        fc.asyncProperty(arbitrary, async (fuzz) => {
          const request = requestOf(method, pattern, fuzz)
          const response = await shop.app.inject(request)
          requests += 1
          const statusClass = Math.floor(response.statusCode / 100)
          answers[statusClass] = (answers[statusClass] ?? 0) + 1
          checkAnswer(request, response)
          const sessionChanged = response.headers['set-cookie'] !== undefined
          if (SESSION_ROUTES.has(pattern) && fuzz.caller !== 'anonymous' && sessionChanged) {
            sessionRouteCallers[fuzz.caller] = await freshSession(fuzz.caller)
          }
        }),
        {
          numRuns: RUNS_PER_ROUTE,
          examples: edgeCases(shape).map((fuzz) => [fuzz]),
          // a failing case shrinks for a while at most: the seed and the case are what matter
          interruptAfterTimeLimit: Math.max(20_000, RUNS_PER_ROUTE * 300),
        },
      )
    }

    const health = await shop.app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode, health.body).toBe(200)
    const ready = await shop.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode, ready.body).toBe(200)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    // eslint-disable-next-line no-console -- the case count is what this suite measures
    console.info(
      `api fuzz: ${requests} requests over ${routes.length} routes in ${seconds} s ` +
        `(2xx ${answers[2]}, 3xx ${answers[3]}, 4xx ${answers[4]})`,
    )
    // the callers were still signed in at the end: the admin's cases reached the admin handlers
    const adminStatus = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/admin-status',
      headers: { cookie: callers.admin },
    })
    expect(adminStatus.json(), adminStatus.body).toEqual({ isAdmin: true, isDriver: false })
  },
  RUNS_PER_ROUTE * 3_000,
)

const STRIPE_SECRET_KEY = 'sk_test_fuzz_0123456789'
const WEBHOOK_SECRET = 'whsec_test_fuzz_0123456789'

/**
 * The routes only a Stripe-configured shop has (its webhook), which the demo shop above lacks:
 * built again with Stripe's local stand-in, they get signed events of odd shapes as well as
 * unsigned garbage.
 */
test(
  'with Stripe configured, its extra routes take any event without a 5xx',
  async () => {
    const fake = await startFakeStripe({ secretKey: STRIPE_SECRET_KEY })
    const stripeShop = await createTestApp({
      payments: {
        kind: 'stripe',
        provider: createStripeProvider({
          secretKey: STRIPE_SECRET_KEY,
          publishableKey: 'pk_test_fuzz_0123456789',
          webhookSecret: WEBHOOK_SECRET,
          api: fake.api,
          timeout: 2_000,
        }),
      },
    })
    try {
      const demoRoutes = new Set(shop.app.routeTable.map((r) => `${r.method} ${r.url}`))
      const extra = stripeShop.app.routeTable.filter((r) => !demoRoutes.has(`${r.method} ${r.url}`))
      expect(extra.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/webhooks/stripe')
      let requests = 0
      for (const route of extra) {
        await fc.assert(
          fc.asyncProperty(webhookCase(productIds), async (fuzz) => {
            const signature = {
              valid: () => signStripePayload(fuzz.body, WEBHOOK_SECRET),
              'wrong-secret': () => signStripePayload(fuzz.body, 'whsec_wrong'),
              stale: () => signStripePayload(fuzz.body, WEBHOOK_SECRET, 1_000_000_000),
              garbage: () => 't=1,v1=00',
              none: () => undefined,
            }[fuzz.signature]()
            const request = {
              method: route.method as Method,
              url: route.url,
              headers: {
                ...(fuzz.contentType === undefined ? {} : { 'content-type': fuzz.contentType }),
                ...(signature === undefined ? {} : { 'stripe-signature': signature }),
              },
              payload: fuzz.body,
              remoteAddress: '10.202.0.1',
            }
            const response = await stripeShop.app.inject(request)
            requests += 1
            checkAnswer(request, response)
          }),
          {
            numRuns: RUNS_PER_ROUTE * 4,
            interruptAfterTimeLimit: Math.max(20_000, RUNS_PER_ROUTE * 600),
          },
        )
      }
      // eslint-disable-next-line no-console -- the case count is what this suite measures
      console.info(`api fuzz (Stripe): ${requests} requests over ${extra.length} routes`)
    } finally {
      await stripeShop.close()
      await fake.close()
    }
  },
  RUNS_PER_ROUTE * 3_000,
)
