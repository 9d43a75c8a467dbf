import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client.ts'

const FIVE_MINUTES = 5 * 60 * 1000

/**
 * Data is fresh for 5 minutes and unused data is dropped after 5 minutes; a failed query is
 * retried up to 3 times, 1 s then doubling, capped at 30 s, never for a 4xx
 * (docs/product.md#api-errors).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        retry: shouldRetry,
        retryDelay: retryDelayMs,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false
  return failureCount < 3
}

export function retryDelayMs(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000)
}
