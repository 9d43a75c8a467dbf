import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  Link,
  matchPath,
  NavLink,
  Outlet,
  Route,
  Routes,
  ServerRouter,
  useLocation,
  useNavigationType,
  useParams,
  useSearchParams,
} from './router.tsx'

function Params() {
  return <output>{JSON.stringify(useParams())}</output>
}

function Query() {
  const [params] = useSearchParams()
  const { pathname, search } = useLocation()
  return <output>{`${pathname}|${search}|${params.get('search')}|${useNavigationType()}`}</output>
}

function Layout() {
  return (
    <div data-layout="">
      <Outlet />
    </div>
  )
}

const app = (url: string) =>
  renderToString(
    <ServerRouter url={url}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/" element={<p>home</p>} />
          <Route path="/shop" element={<Query />} />
          <Route path="/shop/:category" element={<Params />} />
          <Route path="/shop/:category/:subcategory" element={<Params />} />
          <Route path="/driver/:saturday" element={<Params />} />
          <Route path="/driver/today" element={<p>today</p>} />
          <Route path="/producer/:slug" element={<Params />} />
          <Route path="*" element={<p>not found</p>} />
        </Route>
      </Routes>
    </ServerRouter>,
  )

describe('the router adapter (wouter underneath), rendered on the server', () => {
  it('renders the page that matches inside its layout', () => {
    expect(app('/')).toBe('<div data-layout=""><p>home</p></div>')
    expect(app('/nowhere/at/all')).toContain('not found')
  })

  it('decodes params, as React Router did', () => {
    expect(app('/producer/caf%C3%A9-farm')).toContain('{&quot;slug&quot;:&quot;café-farm&quot;}')
    expect(app('/shop/dairy-eggs/milk%20%26%20cream')).toContain(
      '&quot;subcategory&quot;:&quot;milk &amp; cream&quot;',
    )
  })

  it('ranks a static segment before a param, whatever the order', () => {
    expect(app('/driver/today')).toContain('today')
    expect(app('/driver/2026-11-28')).toContain('2026-11-28')
  })

  it("gives the request's path and query, and a first render counts as Pop", () => {
    expect(app('/shop?search=kale%20%26%20chard')).toContain(
      '/shop|?search=kale%20%26%20chard|kale &amp; chard|POP',
    )
  })

  it('marks the link to the page on screen', () => {
    const html = renderToString(
      <ServerRouter url="/about/">
        <NavLink to="/about" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          About
        </NavLink>
        <NavLink to="/press" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Press
        </NavLink>
        <Link to="/shop?search=kale">Kale</Link>
      </ServerRouter>,
    )
    expect(html).toContain('<a aria-current="page" class="on" href="/about">About</a>')
    expect(html).toContain('<a class="off" href="/press">Press</a>')
    expect(html).toContain('<a href="/shop?search=kale">Kale</a>')
  })

  it('matches case-insensitively, with or without a trailing slash', () => {
    expect(matchPath('/shop/:category', '/Shop/dairy/')).toEqual({ category: 'dairy' })
    expect(matchPath('/shop/:category', '/shop')).toBeUndefined()
    expect(matchPath('/shop', '/shop/dairy')).toBeUndefined()
  })
})
