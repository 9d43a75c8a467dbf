import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PAGE_META } from '#shared/page-meta.ts'
import { documentTitle } from '#shared/site-content.ts'
import type { PageName } from '#shared/routes.ts'
import type { Producer } from '#shared/schemas/producer.ts'
import type { Product } from '#shared/schemas/product.ts'
import { getJson, startShop, type ShopProcess } from './shop-process.ts'
import {
  embeddedDatabase,
  machineDatabase,
  machineServerUrl,
  type TestDatabase,
} from './test-databases.ts'

/**
 * The public pages as the built shop sends them to a client that runs no JavaScript (a crawler,
 * a link preview, a slow phone before the script arrives): the page's heading and data in the
 * HTML, its <head> (title, canonical, Open Graph, JSON-LD), 404 for what does not exist, a
 * sitemap of pages that answer, ETags, and a catalogue change made on one process showing on
 * another's cached HTML (docs/product.md#pages, docs/product.md#catalogue).
 */

/** not the processes' own address: canonical and Open Graph URLs must come from PUBLIC_URL */
const PUBLIC_URL = 'https://shop.example.com'
const ADMIN = { email: 'owner@example.com', password: 'owner password 1' }
const SITE_NAME = 'Houston Farm to Door'

interface Shops {
  a: ShopProcess
  b: ShopProcess
}

function serverRenderingSuite(openDatabase: () => Promise<TestDatabase>) {
  let shops: Shops
  const cleanups: (() => Promise<unknown>)[] = []

  beforeAll(async () => {
    const database = await openDatabase()
    cleanups.push(() => database.drop())
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL,
      SESSION_SECRET: 'one secret for both processes, long enough',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }
    const started: ShopProcess[] = []
    for (const name of ['a', 'b']) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `hftd-ssr-${name}-`))
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }))
      const shop = await startShop({ dataDir, env })
      cleanups.push(async () => expect(await shop.stop()).toBe(0))
      started.push(shop)
    }
    shops = { a: started[0]!, b: started[1]! }
  })
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  test('every public page family: 200, its heading, its data, title, canonical and Open Graph', async () => {
    const url = shops.a.url
    const products = await getJson<Product[]>(`${url}/api/products?limit=200`)
    const product = products.find((candidate) => candidate.inStock)!
    const producers = await getJson<Producer[]>(`${url}/api/producers`)
    const producer = producers[0]!
    const names = async (query: string) =>
      (await getJson<Product[]>(`${url}/api/products?${query}`)).map((p) => p.name)
    // a shop page shows 24 products a page; ?page=2 shows the first 48
    const shopNames = async (query: string, pages = 1) => (await names(query)).slice(0, 24 * pages)

    const families: ExpectedPage[] = [
      {
        path: '/',
        h1: 'From farms near Houston to your door, every Saturday.',
        title: SITE_NAME,
        canonical: '/',
        // the producer carousel: the first five producers
        texts: producers.slice(0, 5).map((p) => p.name),
      },
      {
        path: '/shop',
        h1: 'Shop the Farm',
        title: 'Shop the Farm',
        canonical: '/shop',
        texts: await shopNames('limit=200'),
      },
      {
        path: '/shop/produce',
        h1: 'Produce',
        title: 'Produce',
        canonical: '/shop/produce',
        texts: await shopNames('category=produce'),
      },
      {
        path: '/shop/produce/vegetables',
        h1: 'Produce: Vegetables',
        title: 'Produce: Vegetables',
        canonical: '/shop/produce/vegetables',
        texts: await shopNames('category=produce&subcategory=vegetables'),
      },
      {
        // filters narrow the page; its canonical address stays the category's
        path: '/shop/produce?sort=price-high-low&utm_source=newsletter',
        h1: 'Produce',
        title: 'Produce',
        canonical: '/shop/produce',
        texts: await shopNames('category=produce&sort=price-high-low'),
      },
      {
        // Show more: the first two pages of the list, rendered from the address
        path: '/shop?page=2',
        h1: 'Shop the Farm',
        title: 'Shop the Farm',
        canonical: '/shop',
        texts: await shopNames('limit=200', 2),
      },
      {
        path: `/product/${product.id}`,
        h1: product.name,
        title: product.name,
        canonical: `/product/${product.id}`,
        ogType: 'product',
        texts: [
          product.farmSource,
          `$${product.price}`,
          product.description,
          // "More from this producer"
          ...(await names(`farm=${product.producerSlug}&limit=5`)).filter(
            (n) => n !== product.name,
          ),
        ],
      },
      {
        path: '/producers',
        h1: 'Meet Your Local Producers',
        title: 'Meet Your Local Producers',
        canonical: '/producers',
        // nine a page
        texts: producers.slice(0, 9).map((p) => p.name),
        absent: producers.slice(9).map((p) => p.name),
      },
      {
        path: '/producers?page=2',
        h1: 'Meet Your Local Producers',
        title: 'Meet Your Local Producers',
        canonical: '/producers',
        texts: producers.slice(9).map((p) => p.name),
      },
      {
        path: `/producer/${producer.slug}`,
        h1: producer.name,
        title: producer.name,
        canonical: `/producer/${producer.slug}`,
        ogType: 'profile',
        texts: [producer.location, ...(await names(`farm=${producer.slug}`))],
      },
      ...INFORMATION_PAGES.map(([page, pagePath, h1, text]): ExpectedPage => ({
        path: pagePath,
        h1,
        title: PAGE_META[page].title,
        canonical: pagePath,
        texts: [text],
        description: PAGE_META[page].description,
      })),
    ]

    for (const expected of families) {
      const response = await fetch(`${url}${expected.path}`)
      const html = await response.text()
      const where = `${expected.path}: `
      expect(response.status, where).toBe(200)
      expect(response.headers.get('content-type'), where).toBe('text/html; charset=utf-8')
      const page = readHtml(html)
      expect(page.h1s, where).toEqual([expected.h1])
      for (const text of expected.texts) expect(page.text, where + text).toContain(text)
      for (const text of expected.absent ?? []) expect(page.text, where + text).not.toContain(text)
      expect(page.title, where).toBe(documentTitle(expected.title))
      if (expected.description) expect(page.meta('description'), where).toBe(expected.description)
      expect(page.meta('robots'), where).toBeUndefined()
      const canonical = `${PUBLIC_URL}${expected.canonical}`
      expect(page.canonical, where).toBe(canonical)
      expect(
        {
          siteName: page.property('og:site_name'),
          type: page.property('og:type'),
          title: page.property('og:title'),
          description: page.property('og:description'),
          url: page.property('og:url'),
        },
        where,
      ).toEqual({
        siteName: SITE_NAME,
        type: expected.ogType ?? 'website',
        title: expected.title,
        description: page.meta('description'),
        url: canonical,
      })
      expect(page.property('og:image'), where).toMatch(/^https:\/\/shop\.example\.com\/\S+$/)
      // shown as it is, not hidden for a script to reveal: a crawler runs no script. The one
      // inline script is the boot script, which starts the app and reveals nothing; the
      // Content-Security-Policy runs it by its hash and no other inline script
      expect(
        page.inlineScripts.map((script) => script.attributes),
        where,
      ).toEqual([expect.stringMatching(/^ data-entry="\/assets\/[^"]+\.js" data-preload="/)])
      const bootHash = `'sha256-${createHash('sha256')
        .update(page.inlineScripts[0]?.code ?? '')
        .digest('base64')}'`
      expect(
        /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1],
        where,
      ).toBe(`'self' ${bootHash}`)
      expect(page.hiddenText, where).toBe('')
      expect(page.text, where).not.toContain('Loading…')
      // the browser finds the first screen's data beside the HTML and hydrates from it
      expect(html, where).toContain('<script type="application/json" id="server-render-state">')
    }
  })

  test('a product page carries a Product with its Offer, in stock or not, and its breadcrumbs', async () => {
    const url = shops.a.url
    const products = await getJson<Product[]>(`${url}/api/products?limit=200`)
    const inStock = products.find((p) => p.inStock && p.category === 'produce')!
    const soldOut = products.find((p) => !p.inStock)
    if (!soldOut) throw new Error('the demo catalogue has no product out of stock')

    for (const product of [inStock, soldOut]) {
      const page = readHtml(await (await fetch(`${url}/product/${product.id}`)).text())
      const address = `${PUBLIC_URL}/product/${product.id}`
      const item = page.structuredData.find((data) => data['@type'] === 'Product')
      expect(item, product.name).toMatchObject({
        '@context': 'https://schema.org',
        name: product.name,
        sku: product.id,
        brand: { name: product.farmSource },
        offers: {
          '@type': 'Offer',
          url: address,
          price: product.price,
          priceCurrency: 'USD',
          availability: product.inStock
            ? 'https://schema.org/InStock'
            : 'https://schema.org/OutOfStock',
        },
      })
      expect(item?.image).toBe(new URL(product.imageUrl!, PUBLIC_URL).href)
      const crumbs = page.structuredData.find((data) => data['@type'] === 'BreadcrumbList')
      const trail = (
        crumbs?.itemListElement as { position: number; name: string; item: string }[]
      ).map(({ position, item }) => ({ position, item }))

      expect(trail).toEqual([
        { position: 1, item: `${PUBLIC_URL}/shop` },
        { position: 2, item: `${PUBLIC_URL}/shop/${product.category}` },
        { position: 3, item: address },
      ])
      expect(
        (crumbs?.itemListElement as { name: string }[]).map((element) => element.name).at(-1),
      ).toBe(product.name)
    }
  })

  test("a producer page carries a LocalBusiness with the producer's location", async () => {
    const url = shops.a.url
    for (const producer of (await getJson<Producer[]>(`${url}/api/producers`)).slice(0, 3)) {
      const page = readHtml(await (await fetch(`${url}/producer/${producer.slug}`)).text())
      expect(page.structuredData.find((data) => data['@type'] === 'LocalBusiness')).toMatchObject({
        '@context': 'https://schema.org',
        name: producer.name,
        url: `${PUBLIC_URL}/producer/${producer.slug}`,
        address: {
          '@type': 'PostalAddress',
          // "Spring, Texas": the town, and the state after the comma
          addressLocality: producer.location.split(',')[0]?.trim(),
          addressCountry: 'US',
        },
      })
      const crumbs = page.structuredData.find((data) => data['@type'] === 'BreadcrumbList')
      expect(crumbs?.itemListElement).toEqual([
        {
          '@type': 'ListItem',
          position: 1,
          name: 'Our Producers',
          item: `${PUBLIC_URL}/producers`,
        },
        {
          '@type': 'ListItem',
          position: 2,
          name: producer.name,
          item: `${PUBLIC_URL}/producer/${producer.slug}`,
        },
      ])
    }
  })

  test('an unknown product, producer, category or address is a 404 with the not-found page', async () => {
    const url = shops.a.url
    const cases: [string, string][] = [
      ['/product/00000000-0000-4000-8000-000000000000', 'Product not found'],
      ['/product/not-a-product-id', 'Page not found'],
      ['/producer/no-such-farm', 'Producer not found'],
      ['/shop/no-such-category', 'Page not found'],
      ['/shop/produce/no-such-aisle', 'Page not found'],
      ['/no/such/page', 'Page not found'],
    ]
    for (const [pagePath, heading] of cases) {
      const response = await fetch(`${url}${pagePath}`)
      const page = readHtml(await response.text())
      expect({ status: response.status, h1s: page.h1s, title: page.title }, pagePath).toEqual({
        status: 404,
        h1s: [heading],
        title: documentTitle(heading),
      })
      // kept out of search results, and no product or producer described
      expect(page.meta('robots'), pagePath).toBe('noindex')
      expect(page.canonical, pagePath).toBeUndefined()
      expect(page.structuredData, pagePath).toEqual([])
    }
  })

  test('the sitemap lists pages that answer 200, the public page families among them', async () => {
    const url = shops.a.url
    const response = await fetch(`${url}/sitemap.xml`)
    expect(response.status).toBe(200)
    const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      decodeEntities(m[1]!),
    )
    const [product] = await getJson<Product[]>(`${url}/api/products`)
    const [producer] = await getJson<Producer[]>(`${url}/api/producers`)
    for (const family of [
      '/',
      '/shop',
      '/shop/produce',
      '/shop/produce/vegetables',
      `/product/${product!.id}`,
      '/producers',
      `/producer/${producer!.slug}`,
      ...INFORMATION_PAGES.map(([, pagePath]) => pagePath),
    ]) {
      expect(locs).toContain(`${PUBLIC_URL}${family}`)
    }
    expect(new Set(locs).size).toBe(locs.length)

    const notAnswering: string[] = []
    const queue = [...locs]
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let loc = queue.shift(); loc !== undefined; loc = queue.shift()) {
          expect(loc.startsWith(`${PUBLIC_URL}/`), loc).toBe(true)
          const answer = await fetch(`${url}${loc.slice(PUBLIC_URL.length)}`)
          await answer.arrayBuffer()
          if (answer.status !== 200) notAnswering.push(`${loc}: ${answer.status}`)
        }
      }),
    )
    expect(notAnswering).toEqual([])
  })

  test('ETag: If-None-Match gives 304; unread query keys and key order give the same page', async () => {
    const url = shops.a.url
    const etagOf = async (pagePath: string) => {
      const response = await fetch(`${url}${pagePath}`)
      await response.arrayBuffer()
      expect(response.status, pagePath).toBe(200)
      const etag = response.headers.get('etag')
      expect(etag, pagePath).toMatch(/^"[^"]+"$/)
      return etag!
    }
    const variants = [
      '/shop/produce?utm_source=x',
      '/shop/produce?utm_source=x&utm_medium=email',
      '/shop/produce?',
    ]
    const ordered = ['/shop?sort=price-low-high&tags=local', '/shop?tags=local&sort=price-low-high']

    // a page that shows the time is rendered again when the minute turns, with a new ETag: the
    // comparison is repeated if that happened between its first and last request
    let result: { base: string; same: string[]; orderedTags: string[]; after: string } | undefined
    for (let attempt = 0; attempt < 3; attempt++) {
      const base = await etagOf('/shop/produce')
      const same = await Promise.all(variants.map(etagOf))
      const orderedTags = await Promise.all(ordered.map(etagOf))
      const after = await etagOf('/shop/produce')
      result = { base, same, orderedTags, after }
      if (base === after) break
    }
    const { base, same, orderedTags } = result!
    expect(same).toEqual(variants.map(() => base))
    expect(orderedTags[1]).toBe(orderedTags[0])
    // a key the page reads is a different page
    expect(orderedTags[0]).not.toBe(base)
    expect(await etagOf('/shop/produce?sort=price-high-low')).not.toBe(base)

    const revalidated = await fetch(`${url}/shop/produce?utm_campaign=y`, {
      headers: { 'if-none-match': base },
    })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    const stale = await fetch(`${url}/shop/produce`, { headers: { 'if-none-match': '"stale"' } })
    expect(stale.status).toBe(200)
    expect(readHtml(await stale.text()).h1s).toEqual(['Produce'])
  })

  test("an admin's price change on process A shows on process B's cached product page", async () => {
    const { a, b } = shops
    const products = await getJson<Product[]>(`${b.url}/api/products?category=bakery`)
    const product = products.find((p) => p.inStock)!
    const offerPrice = (html: string) =>
      (
        readHtml(html).structuredData.find((data) => data['@type'] === 'Product')?.offers as {
          price: string
        }
      ).price
    const pagePath = `/product/${product.id}`
    // B renders the page and keeps it
    const before = await (await fetch(`${b.url}${pagePath}`)).text()
    expect(offerPrice(before)).toBe(product.price)
    expect(readHtml(before).text).toContain(`$${product.price}`)
    const cached = await fetch(`${b.url}${pagePath}`)
    await cached.arrayBuffer()

    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? ''
    const price = (Number(product.price) + 1.25).toFixed(2)
    const changed = await fetch(`${a.url}/api/admin/products/${product.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL, cookie },
      body: JSON.stringify({ price }),
    })
    expect(changed.status).toBe(200)

    await expect
      .poll(async () => readHtml(await (await fetch(`${b.url}${pagePath}`)).text()).text, {
        timeout: 10_000,
        interval: 100,
      })
      .toContain(`$${price}`)
    const after = await (await fetch(`${b.url}${pagePath}`)).text()
    expect(offerPrice(after)).toBe(price)
    expect(readHtml(after).text).not.toContain(`$${product.price}`)
    // and the shop page that lists it, rendered by B before the change, is not the old one
    expect(readHtml(await (await fetch(`${b.url}/shop/bakery`)).text()).text).toContain(`$${price}`)
  })
}

describe('server-rendered public pages', () => {
  describe('on an embedded PostgreSQL', () => serverRenderingSuite(embeddedDatabase))
  // the machine's server is used only where TEST_DATABASE_URL names it (npm test on CI)
  describe.runIf(machineServerUrl)("on the machine's PostgreSQL (TEST_DATABASE_URL)", () =>
    serverRenderingSuite(() => machineDatabase(machineServerUrl!)),
  )
})

interface ExpectedPage {
  path: string
  h1: string
  /** the page's own title, before the shop's name is added */
  title: string
  canonical: string
  ogType?: 'website' | 'product' | 'profile'
  /** what the visitor reads on it, without JavaScript */
  texts: string[]
  absent?: string[]
  description?: string
}

/** page, address, its heading and a sentence of its text (docs/product.md#pages) */
const INFORMATION_PAGES: [PageName, string, string, string][] = [
  [
    'about',
    '/about',
    'Houston grows good food. We bring it to your door.',
    'Houston Farm to Door started with a simple question at a Saturday farmers market',
  ],
  [
    'howItWorks',
    '/how-it-works',
    'From the field on Thursday to your table on Saturday',
    'We only buy what our customers have ordered',
  ],
  [
    'press',
    '/press',
    'Houston Farm to Door in the news',
    'What reporters, growers and neighbors have written about local food in Houston',
  ],
  [
    'ourStandards',
    '/our-standards',
    'What it takes to be on our shelves',
    'We choose every producer ourselves, visit every farm',
  ],
  [
    'recipes',
    '/recipes',
    'Recipes',
    'Simple, seasonal cooking with what is in your Saturday crate',
  ],
  [
    'becomeVendor',
    '/become-vendor',
    'Grow Your Business With Us',
    'Sell to thousands of Houston households without a market stall',
  ],
  [
    'corporateWellness',
    '/corporate-wellness',
    'Corporate Wellness',
    'Fresh, local food for your team',
  ],
  [
    'giftCards',
    '/gift-cards',
    'Give the gift of fresh, local food',
    'A digital gift card for a friend, a new neighbor or a family with a new baby',
  ],
  ['contact', '/contact', 'Contact Us', "a farm you'd like us to meet"],
  [
    'cancellationPolicy',
    '/cancellation-policy',
    'Cancellation Policy',
    'Change or cancel your order until Wednesday 8:00 PM before your Saturday delivery',
  ],
  [
    'privacy',
    '/privacy',
    'Privacy Policy',
    'Houston Farm to Door keeps only what it needs to bring your food to your door',
  ],
  ['terms', '/terms', 'Terms of Service', 'The terms of ordering from us, in plain words'],
]

/** What a client without JavaScript reads from the HTML: text, headings and <head> tags. */
function readHtml(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const withoutScripts = (markup: string) => markup.replace(/<script[\s\S]*?<\/script>/g, '')
  const body = html.slice(html.indexOf('<body'))
  // React's out-of-order streaming sends what it held back after the page, each part in a
  // <div hidden id="S:n"> for an inline script to move into place
  const heldBack = body.search(/<div hidden id="S:\d+">/)
  const visible = withoutScripts(heldBack === -1 ? body : body.slice(0, heldBack))
  const hidden = withoutScripts(heldBack === -1 ? '' : body.slice(heldBack))
  const tag = (pattern: RegExp) => {
    const found = pattern.exec(head)?.[1]
    return found === undefined ? undefined : decodeEntities(found)
  }
  const attribute = (name: string, value: string) =>
    tag(new RegExp(`<meta ${name}="${value}" content="([^"]*)"`))
  return {
    title: tag(/<title>([^<]*)<\/title>/),
    canonical: tag(/<link rel="canonical" href="([^"]*)"/),
    meta: (name: string) => attribute('name', name),
    property: (name: string) => attribute('property', name),
    structuredData: [
      ...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1]!) as Record<string, unknown>),
    h1s: [...visible.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => textOf(match[1]!)),
    text: textOf(visible),
    /** text held back for a script to reveal */
    hiddenText: textOf(hidden),
    /** <script> elements a browser would run that have no src (JSON and JSON-LD are data) */
    inlineScripts: [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .map((match) => ({ attributes: match[1]!, code: match[2]! }))
      .filter(({ attributes }) => !/\bsrc=/.test(attributes))
      .filter(({ attributes }) => !/\btype="application\/(ld\+)?json"/.test(attributes)),
  }
}

/** visible text with tags as spaces and runs of white space as one */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .replace(/ ([,.:])/g, '$1')
    .trim()

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
    return named[name] ?? entity
  })
}
