/**
 * The one place the web app takes its router from: pages and components import links, params
 * and navigation from here, so the router underneath can change without touching them, and the
 * server renders a page with the same routes (ServerRouter) as the browser (BrowserRouter).
 *
 * Underneath is wouter (docs/decisions/0008-wouter.md): its <Router> carries where the location
 * comes from (the browser's history here, the request's path and query on the server via
 * ssrPath/ssrSearch); the route table, params, links and search params keep the names and the
 * behaviour the app had with React Router's declarative mode:
 * - routes are ranked as React Router ranks them (static segments before params before "*"),
 *   and a path-less route is a layout whose page renders in its <Outlet />;
 * - params are decoded (`/producer/caf%C3%A9` gives `café`);
 * - a navigation is a transition: the page on screen stays until the next one is ready;
 * - useNavigationType tells a back/forward (Pop) from a link or navigate() (Push, Replace).
 */
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react'
import { Router, useRouter } from 'wouter'

export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const
export type NavigationType = (typeof NavigationType)[keyof typeof NavigationType]

export type NavigateOptions = { replace?: boolean; state?: unknown }
export type Navigate = (to: string, options?: NavigateOptions) => void

/** What the browser's history holds now: one value, so a change renders once. */
type BrowserLocation = {
  pathname: string
  search: string
  state: unknown
  navigationType: NavigationType
}

const SERVER_LOCATION: Omit<BrowserLocation, 'pathname' | 'search'> = {
  state: null,
  navigationType: NavigationType.Pop,
}

/* ---------- the browser's history: one store, changed by navigate() and by back/forward ---------- */

type Listener = (location: BrowserLocation) => void
const listeners = new Set<Listener>()
// read when this module loads in the browser, never while rendering
let current: BrowserLocation | undefined =
  typeof window === 'undefined' ? undefined : readBrowserLocation(NavigationType.Pop)

function readBrowserLocation(navigationType: NavigationType): BrowserLocation {
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
    navigationType,
  }
}

function publish(navigationType: NavigationType) {
  current = readBrowserLocation(navigationType)
  for (const listener of listeners) listener(current)
}

/** Go to a path of this site (`/shop?search=kale`), as a new history entry or in place of this one. */
export const navigateTo: Navigate = (to, options = {}) => {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
  // a link to the page on screen replaces it, as React Router did: Back leaves the page
  const replace = options.replace ?? to === here
  // the state under `usr`, where React Router kept it: an entry made before the switch still reads
  window.history[replace ? 'replaceState' : 'pushState']({ usr: options.state ?? null }, '', to)
  publish(replace ? NavigationType.Replace : NavigationType.Push)
}

const LocationContext = createContext<BrowserLocation | undefined>(undefined)

// wouter's location hooks for the browser: read from the store's state above (given to the tree
// by BrowserRouter), so the routes, links and params all see one location per render
const useBrowserPath = (): [string, Navigate] => [use(LocationContext)?.pathname ?? '/', navigateTo]
const useBrowserSearch = () => use(LocationContext)?.search ?? ''

/** The router in the browser: the window's location, changed in a transition. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(
    () => current ?? { pathname: '/', search: '', ...SERVER_LOCATION },
  )
  useLayoutEffect(() => {
    const listener: Listener = (next) => startTransition(() => setLocation(next))
    const onPopState = () => publish(NavigationType.Pop)
    listeners.add(listener)
    window.addEventListener('popstate', onPopState)
    // a navigation between the first render and now
    if (current && current !== location) listener(current)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('popstate', onPopState)
    }
    // subscribes once; `location` is only compared on the first run
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <LocationContext value={location}>
      <Router hook={useBrowserPath} searchHook={useBrowserSearch}>
        {children}
      </Router>
    </LocationContext>
  )
}

/** The router for one server render: the request's path and query, no history. */
export function ServerRouter({ url, children }: { url: string; children: ReactNode }) {
  const [pathname = '/', search = ''] = url.split('#')[0]?.split('?') ?? []
  return (
    <Router ssrPath={pathname || '/'} ssrSearch={search}>
      {children}
    </Router>
  )
}

/* ---------- hooks ---------- */

/** The location as React Router gave it: the path as in the URL, `?query` or '', the state. */
export function useLocation(): { pathname: string; search: string; state: unknown } {
  const router = useRouter()
  const [pathname] = router.hook(router)
  const rawSearch = (router.searchHook ?? (() => ''))(router)
  const browser = use(LocationContext) ?? SERVER_LOCATION
  const search = rawSearch === '' || rawSearch === '?' ? '' : `?${rawSearch.replace(/^\?/, '')}`
  return { pathname, search, state: browser.state }
}

/** How the location on screen was reached: back/forward (Pop), a link or navigate(). */
export function useNavigationType(): NavigationType {
  return (use(LocationContext) ?? SERVER_LOCATION).navigationType
}

/**
 * Opens an address a payment step was sent to (a bank's check): one of ours within the app, any
 * other as a new page.
 */
export function openPaymentRedirect(url: string): void {
  const target = new URL(url, window.location.href)
  if (target.origin === window.location.origin) navigateTo(`${target.pathname}${target.search}`)
  else window.location.assign(target.href)
}

/** navigate(to, { replace, state }); the same function on every render. */
export function useNavigate(): Navigate {
  return useCallback<Navigate>((to, options) => navigateTo(to, options), [])
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string | [string, string][]
export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void

/** The query as URLSearchParams, and a setter that navigates to this path with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { pathname, search } = useLocation()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      // the query of the latest navigation, so two calls in a row build on each other
      const now = new URLSearchParams(window.location.search)
      const query = new URLSearchParams(typeof next === 'function' ? next(now) : next).toString()
      navigateTo(`${window.location.pathname}${query ? `?${query}` : ''}`, options)
    },
    // the setter does not change from render to render while the page stays
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pathname],
  )
  return [params, setParams]
}

const ParamsContext = createContext<Readonly<Record<string, string | undefined>>>({})

/** The matched route's params, decoded. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return use(ParamsContext)
}

/* ---------- links ---------- */

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  replace?: boolean
  state?: unknown
  ref?: Ref<HTMLAnchorElement>
}

/** An <a> that navigates in the page on a plain left click, and as a browser link otherwise. */
export function Link({ to, replace, state, onClick, target, ref, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target !== undefined && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return
    event.preventDefault()
    navigateTo(to, { replace, state })
  }
  return <a {...rest} ref={ref} href={to} target={target} onClick={handleClick} />
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** active only on this exact path, not below it */
  end?: boolean
  className?: string | ((state: { isActive: boolean }) => string | undefined)
}

/** A Link that knows whether it points at the page on screen (aria-current="page"). */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation()
  const here = decodePath(pathname)
    .toLowerCase()
    .replace(/(.)\/+$/, '$1')
  const target = decodePath(rest.to.split(/[?#]/)[0] ?? '')
    .toLowerCase()
    .replace(/(.)\/+$/, '$1')
  const isActive =
    here === target ||
    (!end && here.startsWith(target) && (target === '/' || here.charAt(target.length) === '/'))
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined
      }
    />
  )
}

/** Goes to `to` once rendered (nothing on the server). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  useEffect(() => {
    navigateTo(to, { replace, state })
    // once, as React Router's <Navigate> in declarative mode
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return null
}

/* ---------- the route table ---------- */

type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode }

/** One entry of <Routes>: a page (path + element) or, without a path, a layout around its children. */
export function Route(_props: RouteProps): ReactElement | null {
  throw new Error('<Route> is only valid as a child of <Routes> or of another <Route>')
}

const OutletContext = createContext<ReactNode>(null)

/** Where a layout route renders the page that matched. */
export function Outlet() {
  return use(OutletContext)
}

type RouteEntry = { path?: string; element: ReactNode; children: RouteEntry[] }

function routeEntries(children: ReactNode): RouteEntry[] {
  return Children.toArray(children)
    .filter((child): child is ReactElement<RouteProps> => isValidElement(child))
    .map((child) => ({
      path: child.props.path,
      element: child.props.element ?? <Outlet />,
      children: routeEntries(child.props.children),
    }))
}

type Branch = { entries: RouteEntry[]; path: string }

/** Every route that renders a page, with the layouts above it, in order. */
function branches(entries: RouteEntry[], above: RouteEntry[] = []): Branch[] {
  return entries.flatMap((entry) =>
    entry.children.length > 0
      ? branches(entry.children, [...above, entry])
      : entry.path === undefined
        ? []
        : [{ entries: [...above, entry], path: entry.path }],
  )
}

/** React Router's ranking: more segments, static ones (10) before params (3) before "*" (-2). */
function score(path: string): number {
  const segments = path.split('/').filter(Boolean)
  return segments.reduce(
    (total, segment) =>
      total + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : segment === '' ? 1 : 10),
    segments.length,
  )
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment // malformed percent-encoding: kept as written, as React Router did
  }
}

function decodePath(pathname: string): string {
  return pathname.split('/').map(decodeSegment).join('/')
}

/** A pattern's params for a path (segments decoded, case-insensitive, a trailing "/" allowed). */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const patternSegments = pattern.split('/').filter(Boolean)
  const segments = pathname.split('/').filter(Boolean)
  const params: Record<string, string> = {}
  for (const [index, part] of patternSegments.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(index).map(decodeSegment).join('/')
      return params
    }
    const segment = segments[index]
    if (segment === undefined) return undefined
    if (part.startsWith(':')) params[part.slice(1)] = decodeSegment(segment)
    else if (part.toLowerCase() !== decodeSegment(segment).toLowerCase()) return undefined
  }
  return segments.length === patternSegments.length ? params : undefined
}

/** The page whose route matches the location, inside its layouts. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const ranked = useMemo(
    () =>
      branches(routeEntries(children))
        .map((branch, order) => ({ ...branch, order, score: score(branch.path) }))
        .sort((a, b) => b.score - a.score || a.order - b.order),
    [children],
  )
  for (const branch of ranked) {
    const params = matchPath(branch.path, pathname)
    if (!params) continue
    const page = branch.entries.reduceRight<ReactNode>(
      (inner, entry) => <OutletContext value={inner}>{entry.element}</OutletContext>,
      null,
    )
    return <ParamsContext value={params}>{page}</ParamsContext>
  }
  return null
}
