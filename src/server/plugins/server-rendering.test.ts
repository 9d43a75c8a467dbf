import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { pageCacheAddress, type ServerRenderEntry } from './server-rendering.ts'
import { bootScriptOf, serverRenderedDocument } from './web-app.ts'

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="The build's own description." />
    <title>shop</title>
    <script type="module" crossorigin src="/assets/main-3f9a1c.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-7d1e.js">
    <link rel="stylesheet" crossorigin href="/assets/main-5b2c.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

describe('the address a page is rendered and cached under', () => {
  test('keeps only the query keys the page reads, sorted, without empty values', () => {
    expect(
      pageCacheAddress('/shop/produce?utm_source=mail&sort=price-asc&tags=local', 'shopCategory'),
    ).toBe('/shop/produce?sort=price-asc&tags=local')
    expect(pageCacheAddress('/shop/produce?tags=local&sort=price-asc', 'shopCategory')).toBe(
      '/shop/produce?sort=price-asc&tags=local',
    )
    expect(pageCacheAddress('/shop?search=&farm=', 'shop')).toBe('/shop')
    expect(pageCacheAddress('/about?cart=open', 'about')).toBe('/about')
    expect(pageCacheAddress('/nothing?x=1', undefined)).toBe('/nothing')
    expect(pageCacheAddress('/producers?page=2&tags=local', 'producers')).toBe('/producers?page=2')
  })

  test('keeps every value of a key given more than once, as the filter form sends tags', () => {
    // docs/product.md#without-javascript: the render must read the tags the browser reads
    expect(
      pageCacheAddress(
        '/shop/produce?tags=local&tags=gluten-free&minPrice=&maxPrice=&farm=&sort=featured&utm_source=x',
        'shopCategory',
      ),
    ).toBe('/shop/produce?sort=featured&tags=local&tags=gluten-free')
  })
})

/** a stand-in for the built boot script (src/web/boot/boot.ts) */
const BOOT_CODE = 'document.documentElement.dataset.booted=""'
const BOOT = bootScriptOf(BOOT_CODE)

describe('the page around a server render', () => {
  const document = serverRenderedDocument(INDEX, BOOT)('about', {
    head: '<title>About Us | Houston Farm to Door</title>',
    body: '<main><h1>About Us</h1></main>',
    state: '{"queries":{"queries":[],"mutations":[]}}',
  })

  test('has the page head in place of the build title and description', () => {
    expect(document).toContain('<title>About Us | Houston Farm to Door</title>')
    expect(document).not.toContain('<title>shop</title>')
    expect(document).not.toContain("The build's own description.")
  })

  test('has the rendered markup in #root and the state beside it', () => {
    expect(document).toContain(
      '<div id="root"><main><h1>About Us</h1></main></div>\n    <script type="application/json" id="server-render-state">{"queries"',
    )
  })

  test('starts the app only after the first paint: no module tags, an inline boot script naming them ahead of the stylesheet', () => {
    expect(document).not.toMatch(/<script type="module"/)
    expect(document).not.toMatch(/rel="modulepreload"/)
    expect(document).not.toMatch(/<script[^>]* src=/)
    expect(document).toContain(
      `<script data-entry="/assets/main-3f9a1c.js" data-preload="/assets/react-7d1e.js">${BOOT_CODE}</script>\n    <link rel="stylesheet" crossorigin href="/assets/main-5b2c.css">`,
    )
  })

  test("names the boot script's hash as the policy's script-src wants it, and refuses code that would end the tag", () => {
    // echo -n 'document.documentElement.dataset.booted=""' | openssl dgst -sha256 -binary | base64
    expect(BOOT.hash).toBe("'sha256-TjPRbaup01KfGn3fQkZF6o0pby2n1aKx4Q/QFu9lCPk='")
    expect(() => bootScriptOf('let tag = "</script>"')).toThrow(/closing <\/script> tag/)
  })

  test('starts the landing page app at the first action, unless the visit is personal', () => {
    const landing = serverRenderedDocument(INDEX, BOOT)('home', {
      head: '<title>Houston Farm to Door</title>',
      body: '<main><h1>Fresh from Houston farms</h1></main>',
      state: '{}',
    })
    expect(landing).toContain(
      `<script data-entry="/assets/main-3f9a1c.js" data-preload="/assets/react-7d1e.js" data-start="first-action" data-personal-cookie="signed_in" data-personal-storage="cart">${BOOT_CODE}</script>`,
    )
    expect(document).not.toContain('data-start')
  })
})

describe('serving server-rendered pages', () => {
  let webRoot: string
  let shop: TestApp
  let clock = new Date('2026-11-23T15:00:00Z')
  const renders: string[] = []
  let failNext = false
  let showsTime = false

  const entry: ServerRenderEntry = {
    configureServerRendering: () => {},
    renderPage: ({ url, now }) => {
      renders.push(url)
      if (failNext) {
        failNext = false
        return Promise.reject(new Error('the API is away'))
      }
      const notFound = url.startsWith('/product/') || url === '/nothing'
      return Promise.resolve({
        status: notFound ? 404 : 200,
        head: `<title>${notFound ? 'Page not found' : url}</title>`,
        body: `<h1>${url} at ${now.toISOString()}</h1>`,
        state: '{}',
        showsTime,
      })
    },
  }

  beforeAll(async () => {
    webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-ssr-'))
    await fs.mkdir(path.join(webRoot, 'assets'))
    await fs.writeFile(path.join(webRoot, 'index.html'), INDEX)
    await fs.writeFile(path.join(webRoot, 'boot.js'), `${BOOT_CODE}\n`)
    shop = await createTestApp({ webRoot, serverRender: entry, now: () => clock })
  })
  afterAll(async () => {
    await shop.close()
    await fs.rm(webRoot, { recursive: true, force: true })
  })
  beforeEach(() => {
    renders.length = 0
    showsTime = false
    shop.catalog.invalidate()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } })

  test('renders a public page once per address, whatever the unread query, with an ETag', async () => {
    const first = await get('/shop/produce?sort=price-asc&utm_source=mail')
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(first.body).toContain('<h1>/shop/produce?sort=price-asc at ')
    const again = await get('/shop/produce?utm_source=other&sort=price-asc')
    expect(again.body).toBe(first.body)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(renders).toEqual(['/shop/produce?sort=price-asc'])
    const revalidated = await get('/shop/produce?sort=price-asc', {
      'if-none-match': String(first.headers.etag),
    })
    expect(revalidated.statusCode).toBe(304)
  })

  test('inlines the boot script the build wrote, and the policy allows that script and no other inline one', async () => {
    const page = await get('/about')
    expect(page.body).toContain(`>${BOOT_CODE}</script>`)
    const scriptSources = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))
    expect(scriptSources?.[1]).toBe(`'self' ${BOOT.hash}`)
    // the API's answers carry the same policy
    const api = await shop.app.inject({ method: 'GET', url: '/api/nothing' })
    expect(api.headers['content-security-policy']).toContain(BOOT.hash)
  })

  test('renders again after any catalogue change', async () => {
    await get('/producers')
    shop.catalog.invalidate()
    await get('/producers')
    expect(renders).toEqual(['/producers', '/producers'])
  })

  test('keeps a page that shows the time only until the minute turns', async () => {
    showsTime = true
    clock = new Date('2026-11-23T15:00:30Z')
    await get('/about')
    await get('/about')
    expect(renders.filter((url) => url === '/about')).toHaveLength(1)
    clock = new Date('2026-11-23T15:01:00Z')
    await get('/about')
    expect(renders.filter((url) => url === '/about')).toHaveLength(2)
  })

  test('answers 404 with the rendered not-found page for what the renderer does not know', async () => {
    const unknown = await get('/product/7c0e4f7e-4b1e-4b1a-9d3a-0f5b0d6c9a11')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('<title>Page not found</title>')
    const nowhere = await get('/nothing')
    expect(nowhere.statusCode).toBe(404)
    expect(renders).toContain('/nothing')
  })

  test('sends the page to be rendered in the browser when the render fails, and does not keep that', async () => {
    failNext = true
    const failed = await get('/about')
    expect(failed.statusCode).toBe(200)
    expect(failed.body).toContain('<div id="root"></div>')
    expect(failed.body).toContain('<script type="module" crossorigin src="/assets/main-3f9a1c.js">')
    const next = await get('/about')
    expect(next.body).toContain('<h1>/about at ')
  })

  test('leaves private pages to the browser, with no render', async () => {
    const login = await get('/login')
    expect(login.statusCode).toBe(200)
    expect(login.body).toContain('<div id="root"></div>')
    expect(renders).toEqual([])
  })
})
