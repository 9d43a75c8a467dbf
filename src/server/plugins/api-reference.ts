import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createJsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ERRORS, ErrorBodySchema, type ErrorBody } from '#shared/errors.ts'
import { SITE } from '#shared/site-content.ts'
import { ADMIN_API_PREFIX, requireAdmin, type CallerLookup } from './admin-guard.ts'
import { SAME_ORIGIN_EXEMPT_ROUTES } from './same-origin.ts'

/** The API's reference: the document, and the page that shows it (docs/api.md). */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json'
export const API_DOCS_PATH = '/api/docs'

/** The reference's sections, one per feature, in the order the page shows them. */
export const API_TAG = {
  catalogue: 'Catalogue',
  serviceArea: 'Service area',
  accounts: 'Accounts',
  visitorForms: 'Visitor forms',
  coupons: 'Coupons',
  checkout: 'Checkout',
  orders: 'Orders',
  orderChanges: 'Order changes',
  savedCards: 'Saved cards',
  subscriptions: 'Subscriptions',
  drivers: 'Drivers',
  uploads: 'Uploads',
  adminOrders: 'Admin: orders',
  adminWeek: 'Admin: the week',
  adminRoutes: 'Admin: routes',
  adminCatalogue: 'Admin: catalogue',
  adminCoupons: 'Admin: coupons',
  adminMessages: 'Admin: messages and lists',
  adminEmails: 'Admin: e-mails and jobs',
  adminStaff: 'Admin: staff',
  adminSubscriptions: 'Admin: subscriptions',
  operations: 'Operations',
  pages: 'Pages',
} as const

const TAG_DESCRIPTIONS: Record<(typeof API_TAG)[keyof typeof API_TAG], string> = {
  Catalogue: 'Products, farm boxes and producers, as the shop shows them.',
  'Service area': 'Whether the shop delivers to a ZIP code.',
  Accounts: 'Registration, sign-in, the session, password resets and the profile.',
  'Visitor forms': 'The contact form, the waitlist and the newsletter.',
  Coupons: 'Checking a promo code before checkout.',
  Checkout: 'Pricing a basket, paying by card (Stripe or the demo provider) and the order.',
  Orders: "The signed-in customer's orders.",
  'Order changes': 'Changing, cancelling and paying again for an order before its cut-off.',
  'Saved cards':
    "The customer's cards kept by the payment provider, for changes to their orders without the card form.",
  'Admin: subscriptions':
    "Every customer's subscriptions, the coming weeks' forecast, and a pause or cancel for a customer.",
  Subscriptions:
    'Standing orders every week or every other week: subscribe, skip a Saturday, pause, resume, change, cancel.',
  Drivers: "A driver's Saturday: the route's stops, out for delivery, delivered.",
  Uploads: 'Product and producer pictures: an upload URL, the bytes, then completion.',
  'Admin: orders': 'Orders, their statuses, packing, items short, cancels and refunds.',
  'Admin: the week': 'A Saturday at a glance, harvest lists, pick list and packing slips.',
  'Admin: routes': 'Delivery routes, their drivers and the order of their stops.',
  'Admin: catalogue': 'Products, farm-box lists and producers.',
  'Admin: coupons': 'Coupons and their limits.',
  'Admin: messages and lists': 'Contact messages, the waitlist and the newsletter list.',
  'Admin: e-mails and jobs': 'E-mails that failed, and the cut-off job runs.',
  'Admin: staff': 'Admins and drivers, and invitations.',
  Operations: 'Liveness, readiness and metrics, for load balancers and scrapers.',
  Pages: 'What crawlers read: the sitemap and robots.txt, and placeholder pictures.',
}

/**
 * Routes kept out of the reference: the test clock (only with TEST_CLOCK_CONTROL, never in
 * production) and the reference itself.
 */
const UNDOCUMENTED_ROUTE = /^\/api\/(test|docs)(\/|$)|^\/api\/openapi\.json$/

/** The built web app's pages and files are not API: only /api and a few named paths are. */
const DOCUMENTED_OUTSIDE_API = new Set([
  '/healthz',
  '/readyz',
  '/metrics',
  '/sitemap.xml',
  '/robots.txt',
  '/uploads/:file',
])

const SESSION = 'session'
const METRICS_TOKEN = 'metricsToken'
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const ERROR_BODY_REF = { $ref: `#/components/schemas/ErrorBody` }

/** What each error status means on this API, when a route says no more. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is not valid: `message` says why, `errors` names each field.',
  401: 'Not signed in (or the session has ended), or the e-mail and password do not match.',
  403: 'Refused: not allowed for this account, or a cross-site request.',
  404: 'Not found.',
  409: 'Refused by the current state of what it changes: `message` says why.',
  413: `"${ERRORS.BODY_TOO_LARGE.message}"`,
  415: `"${ERRORS.UNSUPPORTED_MEDIA_TYPE.message}"`,
  422: 'The content is refused: `message` says why.',
  429: 'Too many requests: `Retry-After` says when to try again.',
  503: 'A service the shop needs is briefly away: try again in a moment.',
}

const SUCCESS: Record<number, string> = { 200: 'Done.', 201: 'Created.' }

/** The error body as the shop sends it, for statuses whose message is the same on every route */
const ERROR_EXAMPLES: Record<number, ErrorBody> = {
  400: {
    message: ERRORS.BAD_REQUEST.message,
    errors: { email: 'Please enter a valid email address' },
  },
  401: { message: ERRORS.UNAUTHORIZED.message },
  403: { message: ERRORS.FORBIDDEN.message },
  413: { message: ERRORS.BODY_TOO_LARGE.message },
  415: { message: ERRORS.UNSUPPORTED_MEDIA_TYPE.message },
  429: { message: 'Too many requests. Please try again in 1 minute.' },
  503: { message: ERRORS.SERVICE_UNAVAILABLE.message },
}

type JsonObject = Record<string, unknown>
interface RouteShape {
  readonly method: string | readonly string[]
  readonly url: string
  readonly config?: unknown
}

const zodTransform = createJsonSchemaTransform({ skipList: [] })

/**
 * The type provider's transform (zod to JSON Schema), then what every route of a kind answers
 * beside its own responses: 400 when it reads input, 401 and 403 under /api/admin, 403 for a
 * cross-site state change, 415 when it takes a JSON body, 429 when it is rate limited
 * (docs/product.md#api-errors, docs/product.md#security, docs/product.md#rate-limits).
 */
const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const url = input.url
  const route = input.route as RouteShape
  const isApi = url.startsWith('/api/') || DOCUMENTED_OUTSIDE_API.has(url)
  if (!isApi || UNDOCUMENTED_ROUTE.test(url)) return { schema: { hide: true }, url }
  const schema = (input.schema ?? {}) as JsonObject
  const declared = (schema.response ?? {}) as Record<string, unknown>
  // responses that are exactly the shared error body point at its component
  const errorStatuses = Object.keys(declared).filter(
    (status) => declared[status] === ErrorBodySchema,
  )
  const { schema: converted } = zodTransform(input)
  const documented = converted as JsonObject
  if (documented.hide) return { schema: documented, url }

  // zod leaves a body's examples out when it transforms what it reads; they are what is sent
  const bodyExamples = schema.body
    ? z.globalRegistry.get(schema.body as z.ZodType)?.examples
    : undefined
  if (bodyExamples && documented.body && !(documented.body as JsonObject).examples) {
    documented.body = { ...(documented.body as JsonObject), examples: bodyExamples }
  }
  // a path or query example is one object; the reference shows it parameter by parameter
  for (const part of ['params', 'querystring'] as const) {
    const examples = schema[part]
      ? (z.globalRegistry.get(schema[part] as z.ZodType)?.examples as JsonObject[] | undefined)
      : undefined
    const example = examples?.[0]
    const properties = (documented[part] as JsonObject | undefined)?.properties as
      Record<string, JsonObject> | undefined
    if (!example || !properties) continue
    for (const [name, value] of Object.entries(example)) {
      const property = properties[name]
      if (property && !property.examples) properties[name] = { ...property, examples: [value] }
    }
  }
  const responses = { ...((documented.response ?? {}) as Record<string, JsonObject>) }
  for (const status of errorStatuses) responses[status] = { ...ERROR_BODY_REF }
  const methods = [route.method].flat()
  const isAdmin = url === ADMIN_API_PREFIX || url.startsWith(`${ADMIN_API_PREFIX}/`)
  const add = (status: number, when: boolean) => {
    if (when && !responses[status]) responses[status] = { ...ERROR_BODY_REF }
  }
  add(400, Boolean(schema.body ?? schema.querystring ?? schema.params))
  add(401, isAdmin)
  add(403, isAdmin)
  add(
    403,
    methods.some((method) => STATE_CHANGING.has(method)) &&
      !SAME_ORIGIN_EXEMPT_ROUTES.includes(url),
  )
  add(415, Boolean(schema.body))
  add(429, Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit))
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status)
    const example = ERROR_EXAMPLES[code]
    // @fastify/swagger's key for a response's own description (kept out of its schema)
    responses[status] = {
      'x-response-description':
        code >= 400 ? (ERROR_MEANINGS[code] ?? 'Refused.') : (SUCCESS[code] ?? 'Done.'),
      ...(code >= 400 && example && !response.examples ? { examples: [example] } : {}),
      ...response,
    }
  }

  const signedIn = isAdmin || responses[401] !== undefined
  return {
    schema: {
      ...documented,
      response: responses,
      ...(documented.security === undefined && signedIn ? { security: [{ [SESSION]: [] }] } : {}),
    },
    url,
  }
}

/** A 2xx that is text or a file, not JSON: documented, and sent as it is (never serialized). */
export const textAnswer = (contentType: string, description: string) => ({
  description,
  content: {
    [contentType]: {
      schema: z
        .custom<string | Buffer>((body) => typeof body === 'string' || Buffer.isBuffer(body))
        .meta({ type: 'string' }),
    },
  },
})

/**
 * Collects every route as it is added, so it is registered before any route: the document is
 * made from the routes' own zod schemas (docs/api.md).
 */
export async function registerApiDocument(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${SITE.name} API`,
        version: '1.0.0',
        description:
          'The API the shop’s own pages call. Conventions (errors, the session cookie, the ' +
          'same-origin rule, idempotency keys, rate limits) are in docs/api.md.',
      },
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          [SESSION]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description: 'The session cookie set at sign-in (HttpOnly, signed).',
          },
          [METRICS_TOKEN]: {
            type: 'http',
            scheme: 'bearer',
            description: 'METRICS_TOKEN, for GET /metrics only.',
          },
        },
        schemas: {
          ErrorBody: z.toJSONSchema(ErrorBodySchema, { target: 'draft-2020-12' }) as JsonObject,
        },
      },
    },
    transform,
  })
}

/**
 * Who may read the reference (docs/api.md#who-may-see-it): anyone while the shop is not in
 * production, only the shop's admins in production (401 signed out, 403 not an admin).
 */
export async function registerApiReference(
  app: FastifyInstance,
  { auth, open }: { auth: CallerLookup; open: boolean },
) {
  const guard = async (request: FastifyRequest) => {
    if (!open) await requireAdmin(auth, request)
  }
  app.get(
    OPENAPI_DOCUMENT_PATH,
    { schema: { hide: true }, onRequest: guard },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
      return app.swagger()
    },
  )
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // the page reads the same document from its own /api/docs/json
    uiConfig: { deepLinking: true, docExpansion: 'none' },
    uiHooks: {
      onRequest: (request, _reply, done) => {
        guard(request).then(() => done(), done)
      },
    },
    theme: { title: `${SITE.name} API` },
  })
}
