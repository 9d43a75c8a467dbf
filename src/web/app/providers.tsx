import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { BasketProvider } from '#web/features/basket/basket-provider.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'

// The toasts' renderer (Radix Toast) is not needed to paint a page, so it is not in the landing
// page's JavaScript: it loads beside it, and a toast made before it arrives waits in the store.
const Toaster = lazy(() =>
  import('#web/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })),
)

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <BasketProvider>{children}</BasketProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  )
}
