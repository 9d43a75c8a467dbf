import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CachedJson } from './json-cache.ts'

/**
 * Sends pre-serialized JSON: 304 when the client already has it, gzip when accepted.
 * Browsers revalidate (no-cache) so an admin's change shows on the next request.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  void reply
    .header('etag', cached.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send()
  void reply.type('application/json; charset=utf-8')
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(cached.gzipped)
  }
  return reply.send(cached.body)
}
