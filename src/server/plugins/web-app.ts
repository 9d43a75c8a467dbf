import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { ERRORS } from '#shared/errors.ts'
import { escapeHtml } from '#shared/html.ts'
import { PAGE_META, type PageMeta } from '#shared/page-meta.ts'
import { BASKET_STORAGE_KEY, SIGNED_IN_COOKIE } from '#shared/personal-state.ts'
import { documentTitle } from '#shared/site-content.ts'
import { PAGE_PATHS, SERVER_RENDERED_PAGES, matchPagePath, type PageName } from '#shared/routes.ts'
import { createPageRenderer, type PageRendererOptions } from './server-rendering.ts'

/**
 * Serves the built web app: files from the build (hashed assets cached for a year), the app's
 * index.html with 200 for every page of the shop, and with 404 for any other path, so the app
 * shows its 404 page and crawlers see the right status. Unknown /api paths get JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    root: string
    /** public pages rendered here, started by the inline boot script (readBootScript) */
    serverRendering?: Omit<PageRendererOptions, 'app' | 'document'> & { bootScript: BootScript }
  },
) {
  const indexHtml = await fs.readFile(path.join(options.root, 'index.html'), 'utf8')
  const manifest = await readBuildManifest(options.root)
  const pageHtml = renderPageHtml(indexHtml, manifest)
  const serverRendering = options.serverRendering
  const renderer =
    serverRendering &&
    createPageRenderer({
      ...serverRendering,
      app,
      document: serverRenderedDocument(indexHtml, serverRendering.bootScript, manifest),
    })

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

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      !/\.[a-z0-9]+$/i.test(pathname)
    if (!isPage) return replyNotFoundJson(reply)
    const page = pageAt(pathname)
    // public pages (and unknown addresses) as HTML from the server; if that fails, the app's shell
    if (renderer && (!page || SERVER_RENDERED_PAGES[page])) {
      if (await renderer.serve(request, reply, page ? { page } : undefined)) return reply
    }
    return reply
      .status(page ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page ? pageHtml.pages[page] : pageHtml.notFound)
  })
}

/**
 * The page at a path, remembered: a cached page is served in tens of microseconds, and matching
 * the path against every pattern was a good part of them. Bounded, since paths come from anyone.
 */
const pagesByPath = new Map<string, PageName | undefined>()
function pageAt(pathname: string): PageName | undefined {
  if (pagesByPath.has(pathname)) return pagesByPath.get(pathname)
  const page = matchPagePath(pathname)?.page
  if (pagesByPath.size >= 5_000) pagesByPath.clear()
  pagesByPath.set(pathname, page)
  return page
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
export function renderPageHtml(indexHtml: string, manifest?: BuildManifest) {
  const pages = Object.fromEntries(
    (Object.keys(PAGE_PATHS) as PageName[]).map((page) => {
      return [
        page,
        Buffer.from(withPreloads(withPageMeta(indexHtml, PAGE_META[page]), page, manifest)),
      ]
    }),
  ) as Record<PageName, Buffer>
  return { pages, notFound: Buffer.from(withPageMeta(indexHtml, NOT_FOUND_META)) }
}

/**
 * The whole page around a server render: the build's index.html with the page's <head> tags
 * (title, description, canonical, Open Graph, structured data) in place of its title and
 * description, the page's own preloads, the rendered markup in #root and the state the browser
 * hydrates from beside it.
 */
export function serverRenderedDocument(
  indexHtml: string,
  bootScript: BootScript,
  manifest?: BuildManifest,
) {
  const root = /<div id="root"><\/div>/
  if (!root.test(indexHtml)) throw new Error('index.html has no empty <div id="root"></div>')
  const templates = new Map<PageName | undefined, string>()
  const template = (page: PageName | undefined) => {
    let html = templates.get(page)
    if (html === undefined) {
      html = withScriptAfterFirstPaint(
        withPreloads(indexHtml.replace(META_TAG('description'), ''), page, manifest),
        page,
        bootScript,
      )
      templates.set(page, html)
    }
    return html
  }
  return (page: PageName | undefined, rendered: { head: string; body: string; state: string }) =>
    template(page)
      .replace(TITLE, () => rendered.head)
      .replace(
        root,
        () =>
          `<div id="root">${rendered.body}</div>\n    <script type="application/json" id="${SERVER_RENDER_STATE_ID}">${rendered.state}</script>`,
      )
}

/**
 * A server-rendered page reads before its script runs, so the script waits until the page's main
 * pictures are painted (src/web/boot/boot.ts): the HTML, stylesheet and pictures get the
 * connection first. The entry and its chunks move from the head's tags into the boot script's
 * data attributes; the boot script itself is inline, ahead of the stylesheet, so it costs no
 * request and runs before the first paint. The landing page waits for the visitor's first action
 * unless the visit is personal (docs/decisions/0010-page-javascript-budget.md).
 */
function withScriptAfterFirstPaint(
  html: string,
  page: PageName | undefined,
  bootScript: BootScript,
): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html)
  if (!entry?.[1]) throw new Error('index.html has no module script to start the app')
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>\s*/g
  const chunks = [...html.matchAll(preload)].map((match) => match[1] ?? '')
  const attributes: Record<string, string> = {
    'data-entry': entry[1],
    'data-preload': chunks.join(' '),
  }
  if (page && PAGES_STARTED_BY_FIRST_ACTION.has(page)) {
    attributes['data-start'] = 'first-action'
    attributes['data-personal-cookie'] = SIGNED_IN_COOKIE
    attributes['data-personal-storage'] = BASKET_STORAGE_KEY
  }
  const boot = `<script ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ')}>${bootScript.code}</script>`
  const withoutModules = html.replace(entry[0], '').replace(preload, '')
  const stylesheet = /<link rel="stylesheet"[^>]*>/i
  return stylesheet.test(withoutModules)
    ? withoutModules.replace(stylesheet, (link) => `${boot}\n    ${link}`)
    : withoutModules.replace(/<\/head>/i, (end) => `  ${boot}\n  ${end}`)
}

/** The boot script's code and its hash for the Content-Security-Policy's script-src. */
export interface BootScript {
  readonly code: string
  /** e.g. 'sha256-…', quoted as script-src wants it */
  readonly hash: string
}

/** The boot script the build wrote beside index.html (scripts/build.mjs). */
export async function readBootScript(root: string): Promise<BootScript> {
  const code = (await fs.readFile(path.join(root, BOOT_SCRIPT_FILE), 'utf8')).trim()
  return bootScriptOf(code)
}

export function bootScriptOf(code: string): BootScript {
  // inline, the code ends at the first closing tag: the minifier never writes one
  if (/<\/script/i.test(code)) throw new Error('the boot script contains a closing </script> tag')
  return { code, hash: `'sha256-${createHash('sha256').update(code).digest('base64')}'` }
}

const BOOT_SCRIPT_FILE = 'boot.js'

/**
 * Pages whose app starts at the visitor's first action, not once their main pictures are on
 * screen: the landing page, which reads and links without it and is most visitors' first page.
 */
export const PAGES_STARTED_BY_FIRST_ACTION: ReadonlySet<PageName> = new Set(['home'])

/** the id of the state's <script> (src/web/app/server-render-state.ts) */
const SERVER_RENDER_STATE_ID = 'server-render-state'

function withPreloads(html: string, page: PageName | undefined, manifest?: BuildManifest) {
  const image = page && LCP_IMAGES[page]
  const module = page && PAGE_MODULES[page]
  // the picture first; the page's chunks after the app's own script and stylesheet
  if (image) html = html.replace(/<\/title>/i, (end) => `${end}\n    ${imagePreload(image)}`)
  if (module && manifest) {
    const tags = pageChunks(manifest, module).map(modulePreload)
    html = html.replace(/<\/head>/i, (end) => `  ${tags.join('\n    ')}\n  ${end}`)
  }
  return html
}

/**
 * The picture that is a page's largest paint (Lighthouse LCP), fetched with the page instead of
 * after the app's script has run and put the <img> there. Only for images every visit shows.
 */
const LCP_IMAGES: Partial<Record<PageName, string>> = {
  home: '/illustrations/products/produce-box.svg', // the hero, src/web/features/landing
}

/**
 * The lazy-loaded page module of the home and catalogue pages (src/web/app/router.tsx), by its path in the
 * build manifest: the page fetches its chunks beside the app's entry instead of after it.
 */
export const PAGE_MODULES: Partial<Record<PageName, string>> = {
  home: 'app/routes/home.tsx',
  shop: 'app/routes/shop.tsx',
  shopCategory: 'app/routes/shop.tsx',
  shopSubcategory: 'app/routes/shop.tsx',
  product: 'app/routes/product.tsx',
  producers: 'app/routes/producers.tsx',
  producer: 'app/routes/producer.tsx',
}

/** Vite's .vite/manifest.json (build.manifest): each source module's chunk and what it imports */
export type BuildManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[] | undefined }
>

async function readBuildManifest(root: string): Promise<BuildManifest | undefined> {
  const file = path.join(root, '.vite', 'manifest.json')
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as BuildManifest
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** The chunk files a page module needs that the entry (already in index.html) does not bring. */
export function pageChunks(manifest: BuildManifest, module: string): string[] {
  if (!manifest[module]) throw new Error(`the build manifest has no ${module}`)
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key)) continue
      seen.add(key)
      closure(manifest[key]?.imports ?? [], seen)
    }
    return seen
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const loaded = closure(entries)
  return [...closure([module])]
    .filter((key) => !loaded.has(key))
    .map((key) => `/${(manifest[key] as { file: string }).file}`)
}

const imagePreload = (href: string) =>
  `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`
// crossorigin as on Vite's own module tags, so the preloaded response is the one the import uses
const modulePreload = (href: string) =>
  `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`

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
