import { categoryLabel, findCategory } from '#shared/domain/catalog.ts'
import { escapeHtml, jsonForScript } from '#shared/html.ts'
import { PAGE_META } from '#shared/page-meta.ts'
import { documentTitle } from '#shared/site-content.ts'
import { paths } from '#shared/routes.ts'
import type { Producer } from '#shared/schemas/producer.ts'
import type { Product } from '#shared/schemas/product.ts'
import { SITE } from '#shared/site-content.ts'
import { shopTitle } from '#web/features/catalog/shop-title.ts'
import type { PageData, PageMatch } from './page-data.ts'

/** A server-rendered page's <head>: what search engines and link previews read. */
export interface PageHead {
  title: string
  description: string
  /** the page's one address, without the filters that only narrow it; none for a 404 */
  canonicalPath: string | undefined
  type: 'website' | 'product' | 'profile'
  image: string
  /** kept out of search results (search results pages, not-found pages) */
  noindex: boolean
  structuredData: object[]
}

const DEFAULT_IMAGE = '/illustrations/products/produce-box.svg'
const NOT_FOUND_DESCRIPTION = PAGE_META.home.description

export function pageHead(match: PageMatch | undefined, data: PageData): PageHead {
  if (!match || data.notFound) {
    return {
      title:
        match?.page === 'product'
          ? 'Product not found'
          : match?.page === 'producer'
            ? 'Producer not found'
            : 'Page not found',
      description: NOT_FOUND_DESCRIPTION,
      canonicalPath: undefined,
      type: 'website',
      image: DEFAULT_IMAGE,
      noindex: true,
      structuredData: [],
    }
  }
  const { page, params, search } = match
  const meta = PAGE_META[page]
  const base: PageHead = {
    title: meta.title,
    description: meta.description,
    canonicalPath: PAGE_PATH_OF[page] ?? '/',
    type: 'website',
    image: DEFAULT_IMAGE,
    noindex: false,
    structuredData: [],
  }
  if (data.product) return productHead(data.product)
  if (data.producer) return producerHead(data.producer)
  if (page === 'shop' || page === 'shopCategory' || page === 'shopSubcategory') {
    const category = params.category ? findCategory(params.category) : undefined
    const searchText = search.get('search')?.trim() || undefined
    const title = shopTitle({
      category: category?.slug,
      subcategory: params.subcategory,
      search: searchText,
    })
    return {
      ...base,
      title,
      description: category
        ? `${title} from named farms within 75 miles of Houston, delivered to your door on Saturday.`
        : base.description,
      canonicalPath: paths.shop(category?.slug, category ? params.subcategory : undefined),
      noindex: searchText !== undefined,
    }
  }
  if (page === 'producers' || page === 'contact') return { ...base, canonicalPath: `/${page}` }
  return base
}

/** The fixed address of each page without parameters; pages with them are handled above. */
const PAGE_PATH_OF: Partial<Record<PageMatch['page'], string>> = {
  home: '/',
  about: '/about',
  howItWorks: '/how-it-works',
  press: '/press',
  ourStandards: '/our-standards',
  recipes: '/recipes',
  becomeVendor: '/become-vendor',
  corporateWellness: '/corporate-wellness',
  giftCards: '/gift-cards',
  cancellationPolicy: '/cancellation-policy',
  privacy: '/privacy',
  terms: '/terms',
}

function productHead(product: Product): PageHead {
  const path = paths.product(product.id)
  const description = summary(product.description || `${product.name} from ${product.farmSource}.`)
  const image = product.imageUrl ?? DEFAULT_IMAGE
  return {
    title: product.name,
    description,
    canonicalPath: path,
    type: 'product',
    image,
    noindex: false,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description,
        image,
        sku: product.id,
        category: categoryLabel(product.category),
        brand: { '@type': 'Brand', name: product.farmSource },
        offers: {
          '@type': 'Offer',
          url: path,
          price: product.price,
          priceCurrency: 'USD',
          availability: product.inStock
            ? 'https://schema.org/InStock'
            : 'https://schema.org/OutOfStock',
          seller: { '@type': 'Organization', name: SITE.name },
        },
      },
      breadcrumbs([
        { name: 'Shop', path: '/shop' },
        { name: categoryLabel(product.category), path: paths.shop(product.category) },
        { name: product.name, path },
      ]),
    ],
  }
}

function producerHead(producer: Producer): PageHead {
  const path = paths.producer(producer.slug)
  const description = summary(producer.description)
  const image = producer.imageUrl ?? DEFAULT_IMAGE
  return {
    title: producer.name,
    description,
    canonicalPath: path,
    type: 'profile',
    image,
    noindex: false,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: producer.name,
        description,
        image,
        url: path,
        // "Est. 1978" on the page; schema.org wants the year
        foundingDate: /\d{4}/.exec(producer.established)?.[0],
        address: postalAddress(producer.location),
      },
      breadcrumbs([
        { name: 'Our Producers', path: '/producers' },
        { name: producer.name, path },
      ]),
    ],
  }
}

/** "Spring, Texas": the town, and the state after the last comma. */
function postalAddress(location: string) {
  const comma = location.lastIndexOf(',')
  return {
    '@type': 'PostalAddress',
    addressLocality: comma === -1 ? location : location.slice(0, comma).trim(),
    addressRegion: comma === -1 ? undefined : location.slice(comma + 1).trim(),
    addressCountry: 'US',
  }
}

function breadcrumbs(items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.path,
    })),
  }
}

/** A description of at most 160 characters, cut at a word. */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= 160) return flat
  return `${flat.slice(0, 157).replace(/\s+\S*$/, '')}…`
}

/**
 * The head as HTML. Addresses in structured data and Open Graph are made absolute with the
 * shop's public origin.
 */
export function headHtml(head: PageHead, origin: string): string {
  const absolute = (path: string) => new URL(path, origin).href
  const attribute = (text: string) => escapeHtml(text)
  const title = documentTitle(head.title)
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attribute(head.description)}" />`,
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.canonicalPath
      ? [`<link rel="canonical" href="${attribute(absolute(head.canonicalPath))}" />`]
      : []),
    `<meta property="og:site_name" content="${attribute(SITE.name)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${attribute(head.title === SITE.name ? SITE.name : head.title)}" />`,
    `<meta property="og:description" content="${attribute(head.description)}" />`,
    ...(head.canonicalPath
      ? [`<meta property="og:url" content="${attribute(absolute(head.canonicalPath))}" />`]
      : []),
    `<meta property="og:image" content="${attribute(absolute(head.image))}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    ...head.structuredData.map(
      (data) =>
        `<script type="application/ld+json">${jsonForScript(absoluteUrls(data, absolute))}</script>`,
    ),
  ]
  return tags.join('\n    ')
}

/** `url`, `item` and `image` values that are paths become absolute addresses. */
function absoluteUrls(value: unknown, absolute: (path: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteUrls(item, absolute))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        typeof inner === 'string' && ['url', 'item', 'image'].includes(key) && inner.startsWith('/')
          ? absolute(inner)
          : absoluteUrls(inner, absolute),
      ]),
    )
  }
  return value
}
