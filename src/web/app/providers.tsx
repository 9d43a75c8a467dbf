import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { toastStore } from '#web/components/ui/toast-store.ts'
import { BasketProvider } from '#web/features/basket/basket-provider.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'

// The toasts' renderer (Radix Toast) is not needed to paint a page (issue 19's JavaScript budget):
// it loads once the browser is idle after the page, or with the first toast if that comes sooner
// (the toast waits in the store meanwhile), and stays from then on. Not only on the first toast:
// its viewport must be in the page before a modal dialog opens, which hides everything outside
// it from assistive technology, as it did when the viewport came with the page.
const Toaster = lazy(() =>
  import('#web/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })),
)

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
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
      <BasketProvider>{children}</BasketProvider>
      {wanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  )
}

const hasToasts = () => toastStore.getSnapshot().length > 0
const noToasts = () => false
