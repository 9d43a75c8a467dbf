import { z } from 'zod'
import { CATEGORIES } from '#shared/domain/catalog.ts'
import { PAGE_META } from '#shared/page-meta.ts'
import { PAGE_PATHS, paths, type PageName } from '#shared/routes.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { CachedJson } from '../../http/json-cache.ts'

/** Only what the sitemap reads from the catalogue's cached lists. */
const SitemapProductsSchema = z.array(z.object({ id: z.string(), updatedAt: z.string() }))
const SitemapProducersSchema = z.array(z.object({ slug: z.string() }))

const pages = Object.entries(PAGE_PATHS) as [PageName, string][]

/** Pages a search engine may list: public, and one address each (no parameters). */
export const SITEMAP_PAGE_PATHS = pages
  .filter(([page, path]) => !PAGE_META[page].private && !path.includes(':'))
  .map(([, path]) => path)

/** The private pages, each by its shortest prefix (/admin covers /admin/products). */
export const ROBOTS_DISALLOWED_PATHS = pages
  .filter(([page]) => PAGE_META[page].private)
  // a path with a parameter (/orders/:id) is disallowed from its fixed part (/orders/)
  .map(([, path]) => (path.includes(':') ? path.slice(0, path.indexOf(':')) : path))
  .filter(
    (path, index, all) =>
      all.indexOf(path) === index &&
      !all.some((other) => other !== path && path.startsWith(`${other}/`)),
  )

/**
 * /sitemap.xml and /robots.txt (docs/product.md#pages). The sitemap is built from the
 * catalogue's own cached lists and kept for as long as they are: when the catalogue cache is
 * invalidated, its lists are new objects and the sitemap is rebuilt on the next request.
 */
export function createSeoService({
  catalog,
  publicUrl,
}: {
  catalog: Pick<CatalogService, 'listProducts' | 'listProducers'>
  publicUrl: string
}) {
  const origin = new URL(publicUrl).origin
  const absolute = (path: string) => `${origin}${path}`
  let built: { products: CachedJson; producers: CachedJson; xml: Buffer } | undefined

  const robots = Buffer.from(
    [
      'User-agent: *',
      'Allow: /',
      ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${absolute('/sitemap.xml')}`,
      '',
    ].join('\n'),
  )

  return {
    async sitemapXml(): Promise<Buffer> {
      const [products, producers] = await Promise.all([
        catalog.listProducts({}),
        catalog.listProducers(),
      ])
      if (built?.products !== products || built.producers !== producers) {
        built = { products, producers, xml: buildSitemap(products, producers) }
      }
      return built.xml
    },

    robotsTxt(): Buffer {
      return robots
    },
  }

  function buildSitemap(products: CachedJson, producers: CachedJson): Buffer {
    const entries: { path: string; lastModified?: string }[] = [
      ...SITEMAP_PAGE_PATHS.map((path) => ({ path })),
      ...CATEGORIES.flatMap((category) => [
        { path: paths.shop(category.slug) },
        ...category.subcategories.map((sub) => ({ path: paths.shop(category.slug, sub.slug) })),
      ]),
      ...SitemapProductsSchema.parse(JSON.parse(products.body.toString('utf8'))).map((product) => ({
        path: paths.product(product.id),
        lastModified: product.updatedAt,
      })),
      ...SitemapProducersSchema.parse(JSON.parse(producers.body.toString('utf8'))).map(
        (producer) => ({ path: paths.producer(producer.slug) }),
      ),
    ]
    const urls = entries.map(
      ({ path, lastModified }) =>
        `  <url><loc>${escapeXml(absolute(path))}</loc>${
          lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : ''
        }</url>`,
    )
    return Buffer.from(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls,
        '</urlset>',
        '',
      ].join('\n'),
    )
  }
}

export type SeoService = ReturnType<typeof createSeoService>

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character] ??
      character,
  )
}
