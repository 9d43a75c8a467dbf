import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CachedBytes } from './json-cache.ts'

/**
 * Sends pre-serialized JSON (or another answer made once, such as a page's HTML): 304 when the client already has it, gzip when accepted. Each
 * encoding has its own ETag (RFC 9110 §8.8.3). Browsers revalidate (no-cache), so an admin's
 * change shows on the next request.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBytes,
  contentType = 'application/json; charset=utf-8',
) {
  const gzip = acceptsGzip(request.headers['accept-encoding'])
  const etag = gzip ? `${cached.etag.slice(0, -1)}-gz"` : cached.etag
  void reply.headers({ etag, 'cache-control': 'no-cache', vary: 'accept-encoding' })
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send()
  void reply.type(contentType)
  return gzip
    ? reply.header('content-encoding', 'gzip').send(cached.gzipped())
    : reply.send(cached.body)
}

/** If-None-Match compares weakly: W/"x" matches "x"; a list matches if any member does; * matches. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}

/** gzip unless the client gives it (or *, without naming gzip) a quality of 0 or leaves it out. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  let wildcard: boolean | undefined
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim())
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    const acceptable = q === undefined || Number(q.slice(2)) > 0
    if (name === 'gzip' || name === 'x-gzip') return acceptable
    if (name === '*') wildcard = acceptable
  }
  return wildcard ?? false
}
