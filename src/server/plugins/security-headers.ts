import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Headers every answer carries, errors and 404s included (decisions §7). Inline styles are
 * allowed because Radix positions popovers with style attributes; scripts are same-origin only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security, in production */
  readonly hsts: boolean
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  app.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply, options)
    return payload
  })
}

export function applySecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SecurityHeaderOptions,
) {
  void reply.headers({
    'x-request-id': request.id,
    'x-content-type-options': 'nosniff',
    // the reset page's URL carries a token: it must never leave in a Referer
    'referrer-policy': request.url.startsWith('/reset-password')
      ? 'no-referrer'
      : 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'content-security-policy': CONTENT_SECURITY_POLICY,
  })
  if (options.hsts)
    void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
}
