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
  /** called once the browser has taken over the server's HTML */
  onHydrated?: () => void
}) {
  const [queryClient] = useState(() => given ?? createQueryClient())
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
