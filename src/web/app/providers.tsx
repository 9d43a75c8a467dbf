import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { BasketProvider } from '#web/features/basket/basket-provider.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { RenderClockContext, type RenderClock } from '#web/lib/use-now.ts'
import { NotFoundPathContext } from './not-found-path.ts'

// The toasts' renderer (Radix Toast) is not needed to paint a page, so it is not in the landing
// page's JavaScript: it loads beside it, and a toast made before it arrives waits in the store.
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
  /**
   * Called once the server's HTML has been taken over (this effect runs after the page's). A
   * hook here rather than a component beside the page: a second child would shift the ids
   * useId gives everything in the page away from the server's, and an element rendered later
   * (an opened accordion's panel) would point at ids the server's HTML does not have.
   */
  onHydrated?: () => void
}) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  useEffect(() => onHydrated?.(), [onHydrated])
  return (
    <QueryClientProvider client={queryClient}>
      <RenderClockContext value={renderClock}>
        <NotFoundPathContext value={notFoundPath}>
          <BasketProvider>{children}</BasketProvider>
        </NotFoundPathContext>
      </RenderClockContext>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  )
}
