import type { FastifyInstance } from 'fastify'

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

export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin')
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY)
    if (options.hsts)
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
    return payload
  })
}
