import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { BasketProvider } from '#web/features/basket/basket-provider.tsx'
import { Toaster } from '#web/components/ui/toaster.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <BasketProvider>{children}</BasketProvider>
      <Toaster />
    </QueryClientProvider>
  )
}
