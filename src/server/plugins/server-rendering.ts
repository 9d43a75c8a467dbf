import fs from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SERVER_RENDERED_PAGES, type PageName } from '#shared/routes.ts'
import { createJsonCache, toCachedBytes, type CachedBytes } from '../http/json-cache.ts'
import { sendCachedJson } from '../http/send-cached-json.ts'
import { redactUrl } from '../log-redaction.ts'

/**
 * What the web app's server entry (src/web/app/entry-server.tsx, built into dist/ssr) offers.
 * The server does not import web code; it loads the built module and calls it through this.
 */
export interface ServerRenderEntry {
  configureServerRendering(options: {
    fetchApi: (path: string, init: RequestInit) => Promise<Response>
  }): void
  renderPage(input: { url: string; origin: string; now: Date }): Promise<{
    status: 200 | 404
    head: string
    body: string
    state: string
    showsTime: boolean
  }>
}

/** The built server entry, or undefined when the build has none (the API-only start). */
export async function loadServerRenderEntry(file: string): Promise<ServerRenderEntry | undefined> {
  try {
    await fs.access(file)
  } catch {
    return undefined
  }
  return (await import(pathToFileURL(file).href)) as ServerRenderEntry
}

type RenderedHtml = CachedBytes & { status: 200 | 404; expiresAt: number | undefined }

export interface PageRenderer {
  /** Sends the server-rendered page; false when it could not be rendered (send the app's shell). */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    match: { page: PageName } | undefined,
  ): Promise<boolean>
}

/**
 * Public pages rendered on the server and kept as bytes per address (docs/decisions/0009-server-rendering.md):
 * the address's query is cut to the keys the page reads, in a fixed order, so every way of
 * writing one page shares one entry, which is served with an ETag. Whatever changes the
 * catalogue here or in another process (NOTIFY) drops every entry; a page that shows the time
 * is kept until the minute turns.
 */
export interface PageRendererOptions {
  app: FastifyInstance
  entry: ServerRenderEntry
  /** the page around the rendered parts: the build's index.html with the page's own preloads */
  document: (
    page: PageName | undefined,
    rendered: { head: string; body: string; state: string },
  ) => string
  origin: string
  now: () => Date
  log: FastifyBaseLogger
  onCatalogChange: (listener: () => void) => void
}

export function createPageRenderer({
  app,
  entry,
  document,
  origin,
  now,
  log,
  onCatalogChange,
}: PageRendererOptions): PageRenderer {
  entry.configureServerRendering({
    // the page's data through the API's own routes, as a visitor with no session asks for it
    fetchApi: async (path, init) => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        headers: { accept: 'application/json' },
      })
      return new Response(answer.statusCode === 204 ? null : answer.payload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      })
    },
  })
  const cache = createJsonCache<RenderedHtml>({
    maxEntries: 1000,
    isFresh: (page) => page.expiresAt === undefined || now().getTime() < page.expiresAt,
  })
  onCatalogChange(() => cache.clear())

  return {
    async serve(request, reply, match) {
      const url = pageCacheAddress(request.url, match?.page)
      let page: RenderedHtml
      try {
        page = await cache.get(url, async () => {
          const at = now()
          const rendered = await entry.renderPage({ url, origin, now: at })
          return {
            ...toCachedBytes(Buffer.from(document(match?.page, rendered))),
            status: rendered.status,
            expiresAt: rendered.showsTime ? nextMinute(at) : undefined,
          }
        })
      } catch (error) {
        log.warn(
          { err: error, url: redactUrl(url) },
          'server render failed: the page is rendered in the browser',
        )
        return false
      }
      void sendCachedJson(request, reply.status(page.status), page, 'text/html; charset=utf-8')
      return true
    },
  }
}

/**
 * The address a page is rendered and cached under: its path and, of its query, only the keys
 * the page reads (SERVER_RENDERED_PAGES), sorted, empty values dropped. A key given more than
 * once keeps every value, in order: the shop's filter form sends `tags=a&tags=b` without
 * JavaScript (docs/product.md#without-javascript), and the render must read what the browser
 * will read when it hydrates.
 */
export function pageCacheAddress(requestUrl: string, page: PageName | undefined): string {
  const queryAt = requestUrl.indexOf('?')
  const pathname = queryAt === -1 ? requestUrl : requestUrl.slice(0, queryAt)
  const query = queryAt === -1 ? '' : requestUrl.slice(queryAt + 1)
  const keys = (page && SERVER_RENDERED_PAGES[page]) ?? []
  const given = new URLSearchParams(query)
  const kept = new URLSearchParams()
  for (const key of [...keys].sort()) {
    for (const value of given.getAll(key)) if (value) kept.append(key, value)
  }
  const search = kept.toString()
  return search ? `${pathname}?${search}` : pathname
}

const nextMinute = (at: Date) => (Math.floor(at.getTime() / 60_000) + 1) * 60_000
