import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { toastStore } from '#web/components/ui/toast-store.ts'
import { BasketProvider } from '#web/features/basket/basket-provider.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { RenderClockContext, type RenderClock } from '#web/lib/use-now.ts'
import { NotFoundPathContext } from './not-found-path.ts'

// The toasts' renderer (Radix Toast) is not needed to paint a page (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md):
// it loads once the browser is idle after the page, or with the first toast if that comes sooner
// (the toast waits in the store meanwhile), and stays from then on. Not only on the first toast:
// its viewport must be in the page before a modal dialog opens, which hides everything outside
// it from assistive technology, as it did when the viewport came with the page.
const Toaster = lazy(() =>
  import('#web/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })),
)

/**
 * What every page runs inside. A server-rendered page passes the query client holding the data
 * it was rendered with, its clock, and the address the server answered 404 for, so the browser's
 * first render matches the HTML (docs/decisions/0009-server-rendering.md).
 */
export function Providers({
  children,
  queryClient: given,
  renderClock,
  notFoundPath,
  onHydrated,
}: {
  children: ReactNode
  queryClient?: QueryClient
  renderClock?: RenderClock
  notFoundPath?: string | undefined
  /** called once the browser has taken over the server's HTML */
  onHydrated?: () => void
}) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  const anyToast = useSyncExternalStore(toastStore.subscribe, hasToasts, noToasts)
  const [wanted, setWanted] = useState(false)
  if (anyToast && !wanted) setWanted(true)
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(() => setWanted(true), { timeout: 2000 })
      return () => window.cancelIdleCallback(idle)
    }
    const timer = setTimeout(() => setWanted(true), 1000)
    return () => clearTimeout(timer)
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <RenderClockContext value={renderClock}>
        <NotFoundPathContext value={notFoundPath}>
          <BasketProvider>{children}</BasketProvider>
        </NotFoundPathContext>
      </RenderClockContext>
      {wanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
      {/* on the server too: the tree, and so React's generated ids, must match the browser's */}
      <AfterHydration onHydrated={onHydrated} />
    </QueryClientProvider>
  )
}

/** Its effect runs once the server's HTML has been taken over (effects run after the tree's). */
function AfterHydration({ onHydrated }: { onHydrated: (() => void) | undefined }) {
  useEffect(() => onHydrated?.(), [onHydrated])
  return null
}

const hasToasts = () => toastStore.getSnapshot().length > 0
const noToasts = () => false
