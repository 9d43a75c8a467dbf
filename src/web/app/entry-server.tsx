import { dehydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { jsonForScript } from '#shared/html.ts'
import { SERVER_RENDERED_PAGES, matchPagePath } from '#shared/routes.ts'
import { setApiTransport, type ApiTransport } from '#web/lib/api-client.ts'
import { createQueryClient } from '#web/lib/query-client.ts'
import { ServerRouter } from '#web/lib/router.tsx'
import type { RenderClock } from '#web/lib/use-now.ts'
import { loadPageData, type PageMatch } from './page-data.ts'
import { headHtml, pageHead } from './page-head.ts'
import { Providers } from './providers.tsx'
import { loadNotFoundPage } from './lazy-not-found.tsx'
import { AppRoutes, loadPageModule } from './router.tsx'
import type { ServerRenderState } from './server-render-state.ts'

/**
 * The server's side of a public page (docs/decisions/0009-server-rendering.md), built by Vite's
 * SSR build into dist/ssr and called by the Fastify process: the page's data through the API's
 * own routes (in the same process), its HTML with React's streaming renderer, its <head>, and
 * the state the browser hydrates from.
 */
export function configureServerRendering({ fetchApi }: { fetchApi: ApiTransport }) {
  setApiTransport(fetchApi)
}

export interface RenderedPage {
  status: 200 | 404
  /** the tags of <head>: title, description, canonical, Open Graph, structured data */
  head: string
  /** the markup inside #root */
  body: string
  /** the JSON of ServerRenderState, safe inside a <script> */
  state: string
  /** the page shows the time (a countdown): its HTML is right for a minute, not until a change */
  showsTime: boolean
}

/** `url` is a path with its query; `origin` the shop's public address, for absolute links. */
export async function renderPage({
  url,
  origin,
  now,
}: {
  url: string
  origin: string
  now: Date
}): Promise<RenderedPage> {
  const address = new URL(url, origin)
  const matched = matchPagePath(address.pathname)
  const match: PageMatch | undefined =
    matched && SERVER_RENDERED_PAGES[matched.page]
      ? { ...matched, search: address.searchParams }
      : undefined
  if (matched && !match) throw new Error(`${matched.page} is not a server-rendered page`)
  // no retries: a failed query fails the render, and the browser renders the page instead
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const [data] = await Promise.all([
    match ? loadPageData(queryClient, match) : { notFound: true },
    loadPageModule(address.pathname),
  ])
  // a product or producer the API does not know: its page renders the not-found page
  if (data.notFound) await loadNotFoundPage()
  let showsTime = false
  const renderClock: RenderClock = {
    initialNow: () => now,
    markClockUsed: () => {
      showsTime = true
    },
  }
  let renderError: unknown
  // prerender: React's streaming renderer, waiting for every lazy part and query so the page
  // is whole HTML, with no inline scripts (the shop's CSP allows none) to complete it later
  const { prelude } = await prerender(
    <StrictMode>
      <ServerRouter url={`${address.pathname}${address.search}`}>
        <Providers
          queryClient={queryClient}
          renderClock={renderClock}
          notFoundPath={data.notFound ? address.pathname : undefined}
        >
          <AppRoutes />
        </Providers>
      </ServerRouter>
    </StrictMode>,
    {
      // never outline a large part to be revealed later by an inline script: the page is sent whole
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        renderError ??= error
      },
    },
  )
  const body = await new Response(prelude).text()
  if (renderError !== undefined) {
    throw renderError instanceof Error ? renderError : new Error('the page could not be rendered')
  }
  const state: ServerRenderState = {
    queries: dehydrate(queryClient),
    renderedAt: now.toISOString(),
    notFound: data.notFound,
  }
  return {
    status: data.notFound ? 404 : 200,
    head: headHtml(pageHead(match, data), origin),
    body,
    state: jsonForScript(state),
    showsTime,
  }
}
