import { hydrate } from '@tanstack/react-query'
import { startTransition, StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import '../styles.css'
import { loadHeadingFont } from '#web/lib/heading-font.ts'
import { createQueryClient } from '#web/lib/query-client.ts'
import { BrowserRouter } from '#web/lib/router.tsx'
import type { RenderClock } from '#web/lib/use-now.ts'
import { Providers } from './providers.tsx'
import { AppRoutes, loadPageModule } from './router.tsx'
import {
  fetchedOnArrival,
  SERVER_RENDER_STATE_ID,
  type ServerRenderState,
} from './server-render-state.ts'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const stateScript = document.getElementById(SERVER_RENDER_STATE_ID)
if (stateScript?.textContent) {
  // a public page the server rendered: take over its HTML with the data it was rendered with
  const state = JSON.parse(stateScript.textContent) as ServerRenderState
  const queryClient = createQueryClient()
  hydrate(queryClient, fetchedOnArrival(state.queries, Date.now()))
  let hydrating = true
  const renderClock: RenderClock = {
    initialNow: () => (hydrating ? new Date(state.renderedAt) : new Date()),
    markClockUsed: () => {},
  }
  // the page's own module first, so hydration does not wait on it with the page blank
  // in a transition: React hydrates in slices and lets the browser answer taps between them
  void loadPageModule(window.location.pathname, state.notFound).then(() =>
    startTransition(() => {
      // from here React answers taps itself (the boot script repeats those that came before)
      document.documentElement.dataset.hydrating = ''
      hydrateRoot(
        root,
        app(
          <Providers
            queryClient={queryClient}
            renderClock={renderClock}
            notFoundPath={state.notFound ? window.location.pathname : undefined}
            onHydrated={() => {
              hydrating = false
              // for whoever waits for the page to answer taps (boot.js, the browser tests)
              document.documentElement.dataset.hydrated = ''
              document.dispatchEvent(new Event('app:hydrated'))
            }}
          >
            <AppRoutes />
          </Providers>,
        ),
        { onRecoverableError: (error) => console.error('hydration:', error) },
      )
    }),
  )
} else {
  // a page the app renders alone (account, checkout, admin): no boot script fetches the font
  loadHeadingFont()
  createRoot(root).render(
    app(
      <Providers>
        <AppRoutes />
      </Providers>,
    ),
  )
}

function app(children: ReactNode) {
  return (
    <StrictMode>
      <BrowserRouter>{children}</BrowserRouter>
    </StrictMode>
  )
}
