import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PAGE_META } from '#shared/page-meta.ts'
import { escapeHtml } from '#shared/html.ts'
import { documentTitle } from '#shared/site-content.ts'
import { PAGE_PATHS, type PageName } from '#shared/routes.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { PAGE_MODULES, renderPageHtml, withPageMeta, type BuildManifest } from './web-app.ts'

// A stand-in for dist/web: what matters here is how the server serves a build, not the build.
let webRoot: string
let shop: TestApp
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The build's own description."
    />
    <title>shop</title>
    <script type="module" crossorigin src="/assets/main-3f9a1c.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
/** the app's page, whatever its head says */
const APP =
  /<script type="module" crossorigin src="\/assets\/main-3f9a1c\.js"><\/script>\n {2}<\/head>\n {2}<body>\n {4}<div id="root"><\/div>/

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-web-'))
  await fs.mkdir(path.join(webRoot, 'assets'))
  await fs.writeFile(path.join(webRoot, 'index.html'), INDEX)
  await fs.writeFile(path.join(webRoot, 'assets', 'main-3f9a1c.js'), 'console.log("shop")')
  await fs.writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  shop = await createTestApp({ webRoot })
})
afterAll(async () => {
  await shop.close()
  await fs.rm(webRoot, { recursive: true, force: true })
})

const get = (url: string) =>
  shop.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

describe('serving the web app', () => {
  test('every page of the shop answers 200 with the app', async () => {
    for (const url of [
      '/',
      '/about',
      '/shop',
      '/shop/produce',
      '/shop/produce/herbs',
      '/shop?search=eggs',
      '/product/7c0e4f7e-4b1e-4b1a-9d3a-0f5b0d6c9a11',
      '/producer/atkinson-farms',
      '/reset-password?token=abc',
      '/admin/products',
      '/admin/producers',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).toMatch(/^text\/html/)
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expect(response.body, url).toMatch(APP)
    }
  })

  test('any other path answers 404 with the app, which shows its 404 page', async () => {
    for (const url of [
      '/nope',
      '/shop/toys',
      '/shop/produce/bagels',
      '/product/42',
      '/admin/secret',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).toMatch(APP)
      expect(response.body, url).toContain('<title>Page not found | Houston Farm to Door</title>')
    }
  })

  test('pages and files carry the security headers too', async () => {
    for (const url of ['/', '/nope', '/assets/main-3f9a1c.js']) {
      const response = await get(url)
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'")
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
    }
  })

  test('index.html asked for by name is not cached either', async () => {
    const response = await get('/index.html')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  test('hashed assets are cached for a year, other files for an hour', async () => {
    const asset = await get('/assets/main-3f9a1c.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const favicon = await get('/favicon.svg')
    expect(favicon.statusCode).toBe(200)
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600')
  })

  test('a missing file and an unknown /api path are JSON 404s, not the app', async () => {
    for (const url of ['/assets/gone-123.js', '/api/nope', '/api']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual({ message: 'Not found' })
    }
  })
})

/** a URL of each page, its parameters filled in */
const SAMPLE_URLS: Record<PageName, string> = Object.fromEntries(
  Object.entries(PAGE_PATHS).map(([page, pattern]) => [
    page,
    pattern
      .replace(':slug', 'atkinson-farms')
      .replace(':id', '7c0e4f7e-4b1e-4b1a-9d3a-0f5b0d6c9a11')
      .replace(':category', 'produce')
      .replace(':subcategory', 'herbs')
      .replace(':saturday', '2026-11-28'),
  ]),
) as Record<PageName, string>

describe('each page carries its own title and description', () => {
  test('the about page, word for word', async () => {
    const { body } = await get('/about')
    expect(body).toContain(
      `    <title>About Us | Houston Farm to Door</title>
    <meta name="description" content="Why we started Houston Farm to Door: fair prices for Texas farmers, less waste, and food that tastes like it should." />
    <script type="module"`,
    )
    expect(body).toContain('<meta charset="UTF-8" />\n    <title>')
  })

  test.each(Object.keys(PAGE_PATHS) as PageName[])('%s', async (page) => {
    const url = SAMPLE_URLS[page]
    const response = await get(url)
    expect(response.statusCode, url).toBe(200)
    const meta = PAGE_META[page]
    const titles = [...response.body.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])
    expect(titles).toEqual([escapeHtml(documentTitle(meta.title))])
    const descriptions = [
      ...response.body.matchAll(/<meta\s+name="description"\s+content="([^"]*)"/g),
    ]
    expect(descriptions.map((m) => m[1])).toEqual([escapeHtml(meta.description)])
    expect(response.body).not.toContain("The build's own description.")
    expect(response.body.includes('<meta name="robots" content="noindex" />'), page).toBe(
      meta.private === true,
    )
  })

  test('the home page is the shop name alone; private pages are kept out of search engines', async () => {
    expect((await get('/')).body).toContain('<title>Houston Farm to Door</title>')
    for (const url of ['/login', '/checkout', '/order-history', '/admin/products', '/profile']) {
      expect((await get(url)).body, url).toContain('<meta name="robots" content="noindex" />')
    }
    for (const url of ['/shop', '/contact', '/producer/atkinson-farms', '/nope']) {
      expect((await get(url)).body, url).not.toContain('noindex')
    }
  })

  test("the home page fetches its hero picture with the page, other pages don't", async () => {
    const preload =
      '<link rel="preload" as="image" href="/illustrations/products/produce-box.svg" fetchpriority="high" />'
    expect((await get('/')).body).toContain(preload)
    for (const url of ['/shop', '/nope']) {
      expect((await get(url)).body, url).not.toContain('rel="preload"')
    }
  })

  test("the home and catalogue pages preload their own chunks, not the entry's", () => {
    const manifest: BuildManifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_cn.js'] },
      '_cn.js': { file: 'assets/cn-2.js' },
      'app/routes/shop.tsx': {
        file: 'assets/shop-3.js',
        imports: ['index.html', '_cn.js', '_grid.js'],
      },
      '_grid.js': { file: 'assets/grid-4.js', imports: ['_cn.js'] },
      'app/routes/product.tsx': { file: 'assets/product-5.js', imports: ['_grid.js'] },
      'app/routes/producers.tsx': { file: 'assets/producers-6.js' },
      'app/routes/producer.tsx': { file: 'assets/producer-7.js' },
      'app/routes/home.tsx': { file: 'assets/home-8.js', imports: ['_cn.js'] },
    }
    const { pages } = renderPageHtml(INDEX, manifest)
    const preloads = (page: PageName) =>
      [...pages[page].toString().matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)]
        .map((match) => match[1])
        .sort()
    expect(preloads('shop')).toEqual(['/assets/grid-4.js', '/assets/shop-3.js'])
    expect(preloads('shopSubcategory')).toEqual(['/assets/grid-4.js', '/assets/shop-3.js'])
    expect(preloads('product')).toEqual(['/assets/grid-4.js', '/assets/product-5.js'])
    expect(preloads('home')).toEqual(['/assets/home-8.js'])
    expect(preloads('about')).toEqual([])
    // after the app's script, which comes first
    expect(pages.shop.toString()).toMatch(
      /<script type="module" crossorigin src="\/assets\/main-3f9a1c\.js"><\/script>\n {4}<link rel="modulepreload" crossorigin href="\/assets\/(shop-3|grid-4)\.js" \/>/,
    )
    expect(() => renderPageHtml(INDEX, { 'index.html': manifest['index.html']! })).toThrow(
      /^the build manifest has no app\/routes\/\w+\.tsx$/,
    )
  })

  test('the preloaded modules are the pages the web router loads lazily', async () => {
    const router = await fs.readFile('src/web/app/router.tsx', 'utf8')
    for (const module of new Set(Object.values(PAGE_MODULES))) {
      expect(router, module).toContain(`import('./${module.replace(/^app\//, '')}')`)
    }
  })

  test('the text is escaped for HTML', () => {
    const html = withPageMeta('<head><title>x</title></head>', {
      title: 'Fish & "Chips" <b>',
      description: `Tom's </title><script>alert(1)</script>`,
      private: true,
    })
    expect(html).toBe(
      '<head><title>Fish &amp; &quot;Chips&quot; &lt;b&gt; | Houston Farm to Door</title>\n' +
        '    <meta name="description" content="Tom&#39;s &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />\n' +
        '    <meta name="robots" content="noindex" /></head>',
    )
  })

  test('a build without a <title> gets the tags at the end of its head', () => {
    expect(
      withPageMeta('<html><head><meta charset="UTF-8"></head></html>', PAGE_META.contact),
    ).toBe(
      '<html><head><meta charset="UTF-8"><title>Contact Us | Houston Farm to Door</title>\n' +
        '    <meta name="description" content="Questions about an order, a partnership or the press: we reply within 24 hours." />\n' +
        '  </head></html>',
    )
  })
})

describe('search engine files beside the web app', () => {
  test('/sitemap.xml and /robots.txt are answered by the server, not as pages', async () => {
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(sitemap.body).toContain('<loc>http://localhost:3000/about</loc>')
    const robots = await get('/robots.txt')
    expect(robots.statusCode).toBe(200)
    expect(robots.body).toContain('Disallow: /admin\n')
  })
})
