// The JavaScript a visitor's browser fetches for each public page before any action
// (docs/decisions/0010-page-javascript-budget.md): the entry script and its static-import closure, plus the page's lazily-loaded route module
// (src/web/app/router.tsx) and its static-import closure, each file gzipped (level 9) once.
// Anything loaded with a dynamic import() — the basket drawer, the search dropdown, dialogs,
// toasts, form validation — comes after a user action and is not counted.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export const LANDING_JS_LIMIT_BYTES = 100 * 1024
export const PAGE_JS_LIMIT_BYTES = 120 * 1024

/**
 * The boot script the server inlines in every server-rendered page (src/web/boot/boot.ts, bundled
 * and minified by the build); it starts the app. Inline, it is no request, but it is JavaScript
 * the page carries, so every page's figure counts it.
 */
export const BOOT_SCRIPT = 'boot.js'

/**
 * Pages whose boot script starts the app at the visitor's first action on a first visit
 * (PAGES_STARTED_BY_FIRST_ACTION in src/server/plugins/web-app.ts): before any action they carry
 * the boot script only. Once started (or at once, for a signed-in visitor or one with a basket)
 * they fetch the app as any other page does, held to the other pages' limit.
 */
export const STARTED_BY_FIRST_ACTION = new Set(['/'])

/**
 * The public pages (src/shared/routes.ts) and the route module each loads lazily, by its path in
 * Vite's manifest (relative to src/web). A unit test holds
 * this list to src/web/app/router.tsx.
 */
export const PUBLIC_PAGES = {
  '/': 'app/routes/home.tsx',
  '/shop': 'app/routes/shop.tsx',
  '/shop/:category': 'app/routes/shop.tsx',
  '/shop/:category/:subcategory': 'app/routes/shop.tsx',
  '/product/:id': 'app/routes/product.tsx',
  '/producers': 'app/routes/producers.tsx',
  '/producer/:slug': 'app/routes/producer.tsx',
  '/about': 'app/routes/about.tsx',
  '/how-it-works': 'app/routes/how-it-works.tsx',
  '/press': 'app/routes/press.tsx',
  '/our-standards': 'app/routes/our-standards.tsx',
  '/recipes': 'app/routes/recipes.tsx',
  '/become-vendor': 'app/routes/become-vendor.tsx',
  '/corporate-wellness': 'app/routes/corporate-wellness.tsx',
  '/gift-cards': 'app/routes/gift-cards.tsx',
  '/contact': 'app/routes/contact.tsx',
  '/cancellation-policy': 'app/routes/cancellation-policy.tsx',
  '/privacy': 'app/routes/privacy.tsx',
  '/terms': 'app/routes/terms.tsx',
}

/**
 * The manifest keys a page fetches before any action: the entries and, when the page has a lazy
 * module, that module, each with everything it imports statically (not its dynamic imports).
 * @param {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} manifest
 * @param {string | null} pageModule
 * @returns {string[]}
 */
export function pageClosure(manifest, pageModule) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    if (!manifest[key]) throw new Error(`the build manifest has no ${key}`)
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) visit(imported)
  }
  for (const key of Object.keys(manifest)) if (manifest[key].isEntry) visit(key)
  if (pageModule) visit(pageModule)
  return [...seen]
}

/**
 * Each public page's files and gzipped total before any action, with its limit; for a page
 * started by the first action, also what it fetches once started (`started`).
 */
export function pageJavaScript(webRoot = 'dist/web') {
  const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'))
  const gzippedSizes = new Map()
  const gzipped = (file) => {
    if (!gzippedSizes.has(file)) {
      const contents = fs.readFileSync(path.join(webRoot, file))
      gzippedSizes.set(file, zlib.gzipSync(contents, { level: 9 }).length)
    }
    return gzippedSizes.get(file)
  }
  const measured = (files, limit) => {
    const bytes = files.reduce((sum, file) => sum + gzipped(file), 0)
    return { files, gzipped: bytes, limit, over: bytes > limit }
  }
  return Object.entries(PUBLIC_PAGES).map(([page, module]) => {
    const app = [
      BOOT_SCRIPT,
      ...pageClosure(manifest, module)
        .map((key) => manifest[key].file)
        .filter((file) => file.endsWith('.js')),
    ]
    if (!STARTED_BY_FIRST_ACTION.has(page)) {
      return { page, ...measured(app, page === '/' ? LANDING_JS_LIMIT_BYTES : PAGE_JS_LIMIT_BYTES) }
    }
    const started = measured(app, PAGE_JS_LIMIT_BYTES)
    const beforeAction = measured([BOOT_SCRIPT], LANDING_JS_LIMIT_BYTES)
    return { page, ...beforeAction, over: beforeAction.over || started.over, started }
  })
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/**
 * One line per page: "/shop  96.3 KB gzipped (limit 120.0 KB)", with what a page started by
 * the first action fetches once started, and OVER where a figure is above its limit.
 */
export function pageFigures(pages) {
  const width = Math.max(...pages.map((page) => page.page.length))
  const figure = (measured) =>
    `${kb(measured.gzipped).padStart(8)} gzipped (limit ${kb(measured.limit)})${measured.gzipped > measured.limit ? ' OVER' : ''}`
  return pages.map((page) => {
    const started = page.started
      ? `; once started by the first action (or at once for a signed-in visitor or a basket): ${figure(page.started).trim()}`
      : ''
    return `  ${page.page.padEnd(width)}  ${figure(page)}${started}`
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = pageJavaScript()
  console.log('JavaScript before any action, per public page:')
  for (const line of pageFigures(pages)) console.log(line)
  if (pages.some((page) => page.over)) process.exit(1)
}
