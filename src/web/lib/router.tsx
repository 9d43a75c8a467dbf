/**
 * The one place the web app takes its router from: pages and components import links, params
 * and navigation from here, so the router underneath can change without touching them, and the
 * server renders a page with the same routes (ServerRouter) as the browser (BrowserRouter).
 */
import type { ReactNode } from 'react'
import { StaticRouter } from 'react-router'

export {
  BrowserRouter,
  Link,
  Navigate,
  NavigationType,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router'

/** The router for one server render: the request's path and query, no history. */
export function ServerRouter({ url, children }: { url: string; children: ReactNode }) {
  return <StaticRouter location={url}>{children}</StaticRouter>
}
