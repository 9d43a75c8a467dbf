import { lazy } from 'react'
import type { PageName } from '#shared/routes.ts'
import type NotFoundPageComponent from './routes/not-found.tsx'

type NotFoundModule = { default: typeof NotFoundPageComponent }

let loaded: NotFoundModule | undefined
const LazyNotFound = lazy(loadNotFoundPage)

/**
 * The not-found page's module, fetched when an address turns out to be unknown: it is not part of
 * every page's first script (docs/decisions/0010-page-javascript-budget.md). A page the server
 * answered 404 for fetches it before hydrating, so both render the page itself.
 */
export function loadNotFoundPage(): Promise<NotFoundModule> {
  return import('./routes/not-found.tsx').then((module) => (loaded = module))
}

/** The not-found page, with the copy of the page about one thing (`about`) when it has its own. */
export function NotFoundPage({ about }: { about?: PageName }) {
  const Loaded = loaded?.default
  return Loaded ? <Loaded about={about} /> : <LazyNotFound about={about} />
}
