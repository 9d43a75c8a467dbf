import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Headers every answer carries, errors and 404s included (docs/product.md#security). Inline styles
 * are allowed because Radix positions popovers with style attributes; scripts are same-origin only.
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

/**
 * With Stripe configured, its Payment Element needs Stripe's script, frames and API, as Stripe
 * documents for a CSP; nothing more is opened, and without Stripe none of it.
 */
export const STRIPE_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' https://js.stripe.com",
)
  .replace("connect-src 'self'", "connect-src 'self' https://api.stripe.com")
  .concat('; frame-src https://js.stripe.com https://hooks.stripe.com')

/**
 * With images in an object store (S3), the admin's browser PUTs the bytes straight to the store:
 * its origin joins connect-src. Pages load the images from the app's /uploads/, so img-src is
 * left as it is.
 */
export function withUploadOrigin(policy: string, uploadOrigin: string | null | undefined): string {
  if (!uploadOrigin) return policy
  return policy.replace(/connect-src ([^;]*)/, `connect-src $1 ${uploadOrigin}`)
}

/**
 * Inline scripts the pages carry (the boot script), allowed by their hashes: any other inline
 * script, injected or not, stays blocked.
 */
export function withInlineScripts(policy: string, hashes: readonly string[] | undefined): string {
  if (!hashes?.length) return policy
  return policy.replace(/script-src ([^;]*)/, `script-src $1 ${hashes.join(' ')}`)
}

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security, in production */
  readonly hsts: boolean
  /** open the policy to Stripe's Payment Element */
  readonly stripe?: boolean
  /** the image store's origin, when the browser talks to it directly (see withUploadOrigin) */
  readonly uploadOrigin?: string | null | undefined
  /** the hashes of the inline scripts the pages carry ('sha256-…'), see withInlineScripts */
  readonly inlineScriptHashes?: readonly string[] | undefined
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
    // the reset and invitation pages' URLs carry a token: it must never leave in a Referer
    'referrer-policy': ['/reset-password', '/invitations/'].some((page) =>
      request.url.startsWith(page),
    )
      ? 'no-referrer'
      : 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'content-security-policy': withInlineScripts(
      withUploadOrigin(
        options.stripe ? STRIPE_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
        options.uploadOrigin,
      ),
      options.inlineScriptHashes,
    ),
  })
  if (options.hsts)
    void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
}
