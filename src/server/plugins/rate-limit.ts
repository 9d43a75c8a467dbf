import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../app-error.ts'

/**
 * Where the request counts are kept. Every process must see the same counts, so that N
 * processes behind a load balancer enforce the limits of one (app.ts gives the rate-limits
 * feature, which counts in PostgreSQL). A window starts with its key's first hit.
 */
export interface RequestCountStore {
  hit(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }>
}

/**
 * Per-route, per-IP request limits (docs/product.md#rate-limits). A route opts in with
 * `config: { rateLimit: VISITOR_FORM_RATE_LIMIT }`; each route keeps its own counts, so a
 * visitor who sends the contact form ten times can still join the newsletter. The IP is the
 * socket's peer: behind a proxy, Fastify's `trustProxy` must be set for it to be the visitor's.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  { store }: { store: RequestCountStore },
) {
  await app.register(rateLimit, {
    global: false,
    // the plugin builds its store itself, with `new Store(options)`
    store: class extends SharedStore {
      constructor() {
        super(store, 'requests:')
      }
    },
    // thrown, so the answer goes through the error handler: { message } with the security
    // headers; Retry-After and the x-ratelimit-* headers are already on the reply
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', {
        message: `Too many requests. Please try again in ${context.after}.`,
      }),
  })
}

/**
 * @fastify/rate-limit's store contract (its store/LocalStore.js): `incr` answers the key's
 * count and the milliseconds left in its window; `child` gives each limited route a store of
 * its own, which here is a key prefix of its own. A failure is passed on: the error handler
 * answers 503 while the database is away, and never shows the error.
 */
class SharedStore implements FastifyRateLimitStore {
  readonly #counts: RequestCountStore
  readonly #prefix: string

  constructor(counts: RequestCountStore, prefix: string) {
    this.#counts = counts
    this.#prefix = prefix
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    this.#counts.hit(`${this.#prefix}${key}`, timeWindow).then(
      ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error('counting the request failed')),
    )
  }

  child(routeOptions: object) {
    // the plugin passes the route's limit options with the route itself under `routeInfo` (its
    // RedisStore reads the same); its types say the route options
    const route: { method?: unknown; url?: unknown } =
      (routeOptions as { routeInfo?: object }).routeInfo ?? {}
    const method = [route.method].flat().filter((name) => typeof name === 'string')
    const url = typeof route.url === 'string' ? route.url : ''
    return new SharedStore(this.#counts, `${this.#prefix}${method.join(',')} ${url}:`)
  }
}

/** The contact form, the waitlist and the newsletter: 10 a minute per IP. */
export const VISITOR_FORM_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
} as const satisfies RateLimitOptions

/** Coupon checks: enough for a shopper, too few to guess codes (30 a minute per IP). */
export const COUPON_CHECK_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
} as const satisfies RateLimitOptions

/** Sign-in, registration, forgot and reset: 30 a minute per IP. */
export const AUTH_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
} as const satisfies RateLimitOptions
