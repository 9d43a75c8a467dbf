import fs from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { ERRORS } from '#shared/errors.ts'
import { PAGE_META, documentTitle, type PageMeta } from '#shared/page-meta.ts'
import { PAGE_PATHS, matchPagePath, type PageName } from '#shared/routes.ts'

/**
 * Serves the built web app: files from the build (hashed assets cached for a year), the app's
 * index.html with 200 for every page of the spec, and with 404 for any other path, so the app
 * shows its 404 page and crawlers see the right status. Unknown /api paths get JSON.
 */
export async function registerWebApp(app: FastifyInstance, options: { root: string }) {
  const pageHtml = renderPageHtml(await fs.readFile(path.join(options.root, 'index.html'), 'utf8'))

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
    const page = matchPagePath(pathname)?.page
    return reply
      .status(page ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page ? pageHtml.pages[page] : pageHtml.notFound)
  })
}

export const NOT_FOUND_META: PageMeta = {
  title: 'Page not found',
  description: PAGE_META.home.description,
}

/**
 * The app's index.html once per page, made at start-up: each with the page's <title>, meta
 * description and, for private pages, noindex, so crawlers and link previews see them without
 * running the app (which keeps them up to date as the visitor moves on).
 */
export function renderPageHtml(indexHtml: string) {
  const pages = Object.fromEntries(
    (Object.keys(PAGE_PATHS) as PageName[]).map((page) => [
      page,
      Buffer.from(withPageMeta(indexHtml, PAGE_META[page])),
    ]),
  ) as Record<PageName, Buffer>
  return { pages, notFound: Buffer.from(withPageMeta(indexHtml, NOT_FOUND_META)) }
}

const TITLE = /<title>[\s\S]*?<\/title>/i
const META_TAG = (name: string) => new RegExp(`<meta\\s+name=["']${name}["'][^>]*>\\s*`, 'gi')

export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(documentTitle(meta.title))}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    ...(meta.private ? ['<meta name="robots" content="noindex" />'] : []),
  ].join('\n    ')
  const html = indexHtml.replace(META_TAG('description'), '').replace(META_TAG('robots'), '')
  // where the build put its title; a page without one gets them at the end of <head>
  if (TITLE.test(html)) return html.replace(TITLE, () => tags)
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, (end) => `${tags}\n  ${end}`)
  throw new Error('index.html has neither a <title> nor a </head> to put the page meta in')
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  )
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
