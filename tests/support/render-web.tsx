import { render, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import type { QueryClient } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { afterEach, vi } from 'vitest'
import { Providers } from '#web/app/providers.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { BrowserRouter, navigateTo, Route, Routes, useLocation } from '#web/lib/router.tsx'

/**
 * A component as the app runs it (src/web/app/main.tsx): the browser router at a given address,
 * the app's providers (query client, basket, toasts), and a fake `fetch` that answers the API
 * calls a test lists and records every call made. Without StrictMode, as in the built app: its
 * second mount in development cancels and repeats each query that was under way, and the calls
 * recorded are to be the ones the server gets.
 */

/** One request the component made, its JSON body parsed. */
export interface ApiCall {
  readonly method: string
  /** the path with its query, as the app asked for it: `/api/orders?page=2` */
  readonly url: string
  /** the path without its query */
  readonly path: string
  readonly body: unknown
  readonly headers: Readonly<Record<string, string>>
}

export interface Reply {
  status?: number
  body?: unknown
}

/** An answer, or a function of the call that gives one (a promise holds the call pending). */
export type Answer = Reply | ((call: ApiCall) => Reply | Promise<Reply>)

/**
 * A fake API keyed by "METHOD /path" (with the query, to answer one query alone, or without it,
 * to answer them all). A call nobody answers gets a 501 and fails the test after it ends.
 */
export function fakeApi(answers: Record<string, Answer> = {}) {
  const routes = new Map(Object.entries(answers))
  const calls: ApiCall[] = []
  const unanswered: string[] = []

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init.method ?? 'GET').toUpperCase()
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body
    const call: ApiCall = { method, url, path: url.split('?')[0] ?? url, body, headers }
    calls.push(call)
    const answer = routes.get(`${method} ${url}`) ?? routes.get(`${method} ${call.path}`)
    if (!answer) {
      unanswered.push(`${method} ${url}`)
      return json({ status: 501, body: { message: `the test did not answer ${method} ${url}` } })
    }
    return json(typeof answer === 'function' ? await answer(call) : answer)
  }

  return {
    fetch: vi.fn(fetch),
    /** every call so far, in order */
    calls,
    /** the calls to one "METHOD /path" (query left out) */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
    /** answers (or answers differently from now on) "METHOD /path" */
    on: (route: string, answer: Answer) => {
      routes.set(route, answer)
    },
    unanswered,
  }
}
export type FakeApi = ReturnType<typeof fakeApi>

function json({ status = 200, body }: Reply): Response {
  return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/** A call held open until the test answers it: for pending and disabled states. */
export function heldReply() {
  let release: (reply: Reply) => void = () => {}
  const reply = new Promise<Reply>((resolve) => {
    release = resolve
  })
  return { answer: () => reply, release }
}

let apisInUse: FakeApi[] = []

afterEach(() => {
  vi.unstubAllGlobals()
  const unanswered = apisInUse.flatMap((api) => api.unanswered)
  apisInUse = []
  if (unanswered.length > 0) {
    throw new Error(`calls the test did not answer: ${unanswered.join(', ')}`)
  }
})

/** Where the router is now, for asserting a navigation. */
let currentLocation = { pathname: '/', search: '' }
function LocationProbe() {
  const { pathname, search } = useLocation()
  currentLocation = { pathname, search }
  return null
}

export interface RenderWebResult extends RenderResult {
  user: UserEvent
  api: FakeApi
  queryClient: QueryClient
  /** the address the router shows now: `/order-success?payment_intent=pi_1` */
  location: () => string
}

/**
 * Renders `ui` at `path` (default `/`). With `route` (a pattern such as `/orders/:id`) the
 * component is that route's page, so it reads its params as it does in the app.
 */
export function renderWeb(
  ui: ReactElement,
  { path = '/', route, api = fakeApi() }: { path?: string; route?: string; api?: FakeApi } = {},
): RenderWebResult {
  vi.stubGlobal('fetch', api.fetch)
  apisInUse.push(api)
  navigateTo(path, { replace: true })
  const queryClient = createQueryClient()
  const defaults = queryClient.getDefaultOptions()
  // a failed call shows its failure at once instead of after the app's retries
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } })
  // keys follow each other at once: the components answer each event, not the time between them
  const user = userEvent.setup({ delay: null })
  const result = render(
    <BrowserRouter>
      <Providers queryClient={queryClient}>
        <LocationProbe />
        {route ? (
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          ui
        )}
      </Providers>
    </BrowserRouter>,
  )
  return {
    ...result,
    user,
    api,
    queryClient,
    location: () => `${currentLocation.pathname}${currentLocation.search}`,
  }
}

/** What a control's aria-describedby points at, as a screen reader reads it after the name. */
export function descriptionOf(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ')
}
