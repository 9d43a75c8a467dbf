import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react'
import { toastStore } from '#web/components/ui/toast-store.ts'
import { BasketProvider } from '#web/features/basket/basket-provider.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'

// The toasts' renderer (Radix Toast) is not needed to paint a page: it loads with the first toast
// (issue 19's JavaScript budget), which waits in the store meanwhile, and stays from then on.
const Toaster = lazy(() =>
  import('#web/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })),
)

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  const anyToast = useSyncExternalStore(toastStore.subscribe, hasToasts, noToasts)
  const [wanted, setWanted] = useState(false)
  if (anyToast && !wanted) setWanted(true)
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
