import { PRODUCER_SLUG, findCategory, findSubcategory } from './domain/catalog.ts'

/** The shop's filters, sort and search as its URL query carries them (docs/product.md#catalogue). */
const SHOP_QUERY_KEYS = ['search', 'tags', 'minPrice', 'maxPrice', 'farm', 'sort', 'page']

/**
 * Every page of the shop (docs/product.md#pages). The web router is built from these patterns and
 * the server answers 200 for a path that matches one and 404 (with the app's 404 page) otherwise.
 */
export const PAGE_PATHS = {
  home: '/',
  about: '/about',
  howItWorks: '/how-it-works',
  press: '/press',
  ourStandards: '/our-standards',
  producers: '/producers',
  producer: '/producer/:slug',
  recipes: '/recipes',
  becomeVendor: '/become-vendor',
  corporateWellness: '/corporate-wellness',
  giftCards: '/gift-cards',
  contact: '/contact',
  cancellationPolicy: '/cancellation-policy',
  privacy: '/privacy',
  terms: '/terms',
  shop: '/shop',
  shopCategory: '/shop/:category',
  shopSubcategory: '/shop/:category/:subcategory',
  product: '/product/:id',
  login: '/login',
  join: '/join',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  checkout: '/checkout',
  /** the demo payment provider's bank check (docs/product.md#payments) */
  checkoutAuthenticate: '/checkout/authenticate',
  orderSuccess: '/order-success',
  orderHistory: '/order-history',
  /** one of the customer's orders: details, changes until the cut-off, cancel, pay again */
  order: '/orders/:id',
  delivery: '/delivery',
  profile: '/profile',
  /** a staff invitation's link (docs/product.md#staff) */
  invitation: '/invitations/:token',
  admin: '/admin',
  adminProducts: '/admin/products',
  adminProducers: '/admin/producers',
  /** a Saturday's routes and the order of their stops (docs/product.md#routes) */
  adminWeekRoutes: '/admin/week/:saturday/routes',
  /** the driver's phone view: opens on the Saturday in hand */
  driverToday: '/driver',
  driver: '/driver/:saturday',
  /** the week of a delivery Saturday, "2026-11-28" (docs/product.md#the-week) */
  adminWeek: '/admin/week/:saturday',
  adminPackingSlips: '/admin/week/:saturday/packing-slips',
} as const

export type PageName = keyof typeof PAGE_PATHS

/**
 * The public pages the server renders to HTML, with their data, and caches
 * (docs/decisions/0009-server-rendering.md). Account, checkout, staff and driver pages are
 * rendered in the browser. Each lists the query keys that change what it shows: the server
 * renders and caches a page for those alone, so `?utm_source=…` does not make a new page.
 */
export const SERVER_RENDERED_PAGES: Partial<Record<PageName, readonly string[]>> = {
  home: [],
  about: [],
  /** `?zip=`: the answer of the ZIP check, for the header's form sent without the app */
  howItWorks: ['zip'],
  press: [],
  ourStandards: [],
  producers: ['page'],
  producer: [],
  recipes: [],
  becomeVendor: [],
  corporateWellness: [],
  giftCards: [],
  contact: ['subject'],
  cancellationPolicy: [],
  privacy: [],
  terms: [],
  shop: SHOP_QUERY_KEYS,
  shopCategory: SHOP_QUERY_KEYS,
  shopSubcategory: SHOP_QUERY_KEYS,
  product: [],
}

/** the how-it-works page's ZIP check section's id */
export const ZIP_CHECK_SECTION = 'check-your-zip'

/** Links built in one place, so a path pattern change cannot leave a stale link behind. */
export const paths = {
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  producer: (slug: string) => `/producer/${encodeURIComponent(slug)}`,
  shop: (category?: string, subcategory?: string) =>
    ['/shop', category, subcategory]
      .filter(Boolean)
      .map((part, index) => (index === 0 ? part : encodeURIComponent(part as string)))
      .join('/'),
  shopSearch: (text: string) => `/shop?search=${encodeURIComponent(text)}`,
  /** the how-it-works page's ZIP check, where a GET form's `zip=` is answered */
  zipAnswer: () => `/how-it-works#${ZIP_CHECK_SECTION}`,
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  adminWeekRoutes: (saturday: string) => `/admin/week/${encodeURIComponent(saturday)}/routes`,
  driver: (saturday: string) => `/driver/${encodeURIComponent(saturday)}`,
  /** log in, then go on to `next` (a path of this site) */
  login: (next?: string) => withNext('/login', next),
  /** create an account, then go on to `next` */
  join: (next?: string) => withNext('/join', next),
}

const withNext = (path: string, next: string | undefined) =>
  next ? `${path}?next=${encodeURIComponent(next)}` : path

/**
 * The `?next=` of the log-in and join pages, when it is a path of this site: never another site
 * (`//host`, `/\host`, a scheme), so a link cannot send a visitor away after they sign in.
 */
export function nextPathOf(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/')) return undefined
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined
  // a control character is never in a page's path
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined
  return value
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Parameter checks a path must pass to be a page rather than a 404. */
const PARAMETER_RULES: Record<string, (value: string, params: Record<string, string>) => boolean> =
  {
    slug: (value) => PRODUCER_SLUG.test(value),
    id: (value) => UUID.test(value),
    category: (value) => findCategory(value) !== undefined,
    subcategory: (value, params) => findSubcategory(params.category ?? '', value) !== undefined,
    // any calendar-looking day: the page itself names the nearest Saturday for a weekday
    saturday: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value),
  }

export function matchPagePath(
  pathname: string,
): { page: PageName; params: Record<string, string> } | undefined {
  const segments = splitPath(pathname)
  if (!segments) return undefined
  for (const [page, pattern] of Object.entries(PAGE_PATHS) as [PageName, string][]) {
    const patternSegments = pattern.split('/').filter(Boolean)
    if (patternSegments.length !== segments.length) continue
    const params: Record<string, string> = {}
    const matches = patternSegments.every((part, index) => {
      const segment = segments[index] ?? ''
      if (!part.startsWith(':')) return part === segment
      params[part.slice(1)] = segment
      return true
    })
    if (!matches) continue
    const valid = Object.entries(params).every(([name, value]) =>
      (PARAMETER_RULES[name] ?? (() => true))(value, params),
    )
    if (valid) return { page, params }
  }
  return undefined
}

export const isKnownPagePath = (pathname: string) => matchPagePath(pathname) !== undefined

function splitPath(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment))
  } catch {
    return undefined // malformed percent-encoding
  }
}
