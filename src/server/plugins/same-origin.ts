import type { FastifyInstance } from 'fastify'

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.'

/**
 * Routes whose callers prove themselves another way and so skip the origin check: the payment
 * provider's webhook is signed (docs/product.md#security), and a server does not send our Origin.
 */
export const SAME_ORIGIN_EXEMPT_ROUTES: readonly string[] = ['/api/webhooks/stripe']

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** what a Host header may hold: a name or an IP literal, and a port */
const HOST_HEADER = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

/** Thrown to the error handler, which answers { message } with this status. */
class CrossSiteRequestError extends Error {
  override name = 'CrossSiteRequestError'
  readonly statusCode = 403
  readonly code = 'CROSS_SITE_REQUEST'

  constructor() {
    super(CROSS_SITE_MESSAGE)
  }
}

/**
 * The same-origin rule (docs/product.md#security): a state-changing request whose Origin (or,
 * without one, Referer) is not the shop's own origin is refused with 403 before anything else runs.
 * A request with neither header is a non-browser client, which has no cookies to abuse, and passes.
 * "Own" is the Host the request was sent to, or the configured PUBLIC_URL (the address people use
 * when a proxy rewrites Host).
 *
 * Bodies are JSON only: the text/plain parser is removed, so text/plain, form and multipart
 * bodies (the kinds a cross-site <form> can send without a preflight) answer 415 and are never
 * parsed. A feature that takes another type (an upload) adds its own parser in its own scope.
 */
export function registerSameOrigin(
  app: FastifyInstance,
  options: { publicUrl: string; exemptRoutes?: readonly string[] },
) {
  const publicOrigin = new URL(options.publicUrl).origin
  const exempt = new Set(options.exemptRoutes ?? SAME_ORIGIN_EXEMPT_ROUTES)

  app.removeContentTypeParser('text/plain')

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return
    // the route's own pattern, so a trailing slash or a query cannot dodge (or claim) the exemption
    if (request.routeOptions.url !== undefined && exempt.has(request.routeOptions.url)) return
    const source = request.headers.origin ?? request.headers.referer
    if (source === undefined) return
    if (!isOwnOrigin(source, request.headers.host, publicOrigin)) throw new CrossSiteRequestError()
  })
}

export function isOwnOrigin(
  source: string,
  host: string | undefined,
  publicOrigin: string,
): boolean {
  let url: URL
  try {
    url = new URL(source) // "null" (a sandboxed frame, a privacy redirect) is not a URL: refused
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (url.origin === publicOrigin) return true
  if (!host || !HOST_HEADER.test(host)) return false
  // read the Host as the origin's scheme would: "localhost:80" is the origin "http://localhost"
  return new URL(`${url.protocol}//${host}`).host === url.host
}
