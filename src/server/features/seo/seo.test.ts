import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CATEGORIES } from '#shared/domain/catalog.ts'
import { ProducerListSchema } from '#shared/schemas/producer.ts'
import { ProductListSchema } from '#shared/schemas/product.ts'
import { makeProduct } from '#tests/factories/product.ts'
import { demoProducerId } from '#tests/factories/producer.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'

const ORIGIN = 'https://houstonfarmtodoor.example'
let shop: TestApp

beforeAll(async () => {
  shop = await createTestApp({ publicUrl: `${ORIGIN}/` })
})
afterAll(() => shop.close())

const get = (url: string) => shop.app.inject({ url })
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/how-it-works',
  '/press',
  '/our-standards',
  '/producers',
  '/recipes',
  '/become-vendor',
  '/corporate-wellness',
  '/gift-cards',
  '/contact',
  '/cancellation-policy',
  '/privacy',
  '/terms',
  '/shop',
]
const PRIVATE_PATHS = [
  '/login',
  '/join',
  '/forgot-password',
  '/reset-password',
  '/checkout',
  '/order-success',
  '/order-history',
  '/orders/',
  '/delivery',
  '/profile',
  '/invitations/',
  '/admin',
  '/driver',
]

describe('GET /sitemap.xml', () => {
  test('lists the public pages, every category and subcategory, product and producer', async () => {
    const response = await get('/sitemap.xml')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(response.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
    )
    expect(response.body.endsWith('</urlset>\n')).toBe(true)

    const allProducts = ProductListSchema.parse((await get('/api/products')).json())
    const allProducers = ProducerListSchema.parse((await get('/api/producers')).json())
    const expected = [
      ...PUBLIC_PAGES,
      ...CATEGORIES.flatMap((c) => [
        `/shop/${c.slug}`,
        ...c.subcategories.map((s) => `/shop/${c.slug}/${s.slug}`),
      ]),
      ...allProducts.map((p) => `/product/${p.id}`),
      ...allProducers.map((p) => `/producer/${p.slug}`),
    ].map((path) => `${ORIGIN}${path}`)
    expect(locations(response.body)).toEqual(expected)
    expect(allProducts.length).toBeGreaterThanOrEqual(60)
    expect(allProducers).toHaveLength(14)
    expect(locations(response.body)).toContain(`${ORIGIN}/shop/savings/weekly-deals`)
    expect(locations(response.body)).toContain(`${ORIGIN}/producer/atkinson-farms`)
  })

  test('gives each product its last change', async () => {
    const [product] = ProductListSchema.parse((await get('/api/products?limit=1')).json())
    expect((await get('/sitemap.xml')).body).toContain(
      `<url><loc>${ORIGIN}/product/${product!.id}</loc><lastmod>${product!.updatedAt}</lastmod></url>`,
    )
  })

  test('leaves out private pages and pages with parameters', async () => {
    const listed = locations((await get('/sitemap.xml')).body).map((url) =>
      url!.slice(ORIGIN.length),
    )
    for (const path of [...PRIVATE_PATHS, '/admin/products', '/product/:id', '/producer/:slug']) {
      expect(listed, path).not.toContain(path)
    }
    expect(listed.filter((path) => path.includes(':'))).toEqual([])
  })

  test('is kept with the catalogue and follows its invalidation', async () => {
    const before = (await get('/sitemap.xml')).body
    const added = await makeProduct(shop.database.db, {
      name: 'Sitemap Peaches',
      price: '4.00',
      category: 'produce',
      producerId: await demoProducerId(shop.database.db, 'atkinson-farms'),
    })
    expect((await get('/sitemap.xml')).body).toBe(before)
    shop.catalog.invalidate()
    const after = locations((await get('/sitemap.xml')).body)
    expect(after).toContain(`${ORIGIN}/product/${added.id}`)
    expect(after).toHaveLength(locations(before).length + 1)
  })
})

describe('GET /robots.txt', () => {
  test('allows all but the admin, checkout and account pages, and names the sitemap', async () => {
    const response = await get('/robots.txt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        '',
      ].join('\n'),
    )
  })
})
