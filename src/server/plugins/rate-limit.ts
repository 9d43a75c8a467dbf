import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../app-error.ts'

/**
 * Per-route, per-IP request limits (decisions §9). A route opts in with
 * `config: { rateLimit: VISITOR_FORM_RATE_LIMIT }`; each route keeps its own counts, so a
 * visitor who sends the contact form ten times can still join the newsletter.
 *
 * The counts live in this process's memory: with several processes behind a load balancer each
 * keeps its own, so a client may get up to N × the limit. That is acceptable for abuse damping
 * on visitor forms; a shared store (the plugin's `redis` or a PostgreSQL `store`) would make it
 * exact. The IP is the socket's peer: behind a proxy, Fastify's `trustProxy` must be set for it
 * to be the visitor's.
 */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    cache: 10_000,
    // thrown, so the answer goes through the error handler: { message } with the security
    // headers; Retry-After and the x-ratelimit-* headers are already on the reply
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', {
        message: `Too many requests. Please try again in ${context.after}.`,
      }),
  })
}

/** The contact form, the waitlist and the newsletter: 10 a minute per IP (decisions §9). */
export const VISITOR_FORM_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
} as const satisfies RateLimitOptions

/** Coupon checks: enough for a shopper, too few to guess codes (30 a minute per IP). */
export const COUPON_CHECK_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
} as const satisfies RateLimitOptions

/** Sign-in, registration, forgot and reset: 30 a minute per IP (decisions §9). */
export const AUTH_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
} as const satisfies RateLimitOptions
