import fs from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { ERRORS } from '#shared/errors.ts'
import { isKnownPagePath } from '#shared/routes.ts'

/**
 * Serves the built web app: files from the build (hashed assets cached for a year), the app's
 * index.html with 200 for every page of the spec, and with 404 for any other path, so the app
 * shows its 404 page and crawlers see the right status. Unknown /api paths get JSON.
 */
export async function registerWebApp(app: FastifyInstance, options: { root: string }) {
  const indexHtml = await fs.readFile(path.join(options.root, 'index.html'))

  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    index: false,
    // the build is fixed while the server runs, so routes are made once from the file list
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(options.root, filePath).split(path.sep)
      void reply.header(
        'cache-control',
        relative[0] === 'assets'
          ? 'public, max-age=31536000, immutable' // hashed names: a new build means new names
          : filePath.endsWith('.html')
            ? 'no-cache'
            : 'public, max-age=3600',
      )
    },
  })

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      !/\.[a-z0-9]+$/i.test(pathname)
    if (!isPage) return replyNotFoundJson(reply)
    return reply
      .status(isKnownPagePath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml)
  })
}

export function registerApiOnlyNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) => replyNotFoundJson(reply))
}

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')

function replyNotFoundJson(reply: FastifyReply) {
  return reply
    .status(404)
    .type('application/json; charset=utf-8')
    .send({ message: ERRORS.NOT_FOUND.message })
}
