import { queryOptions } from '@tanstack/react-query'
import type { DriverDay } from '#shared/schemas/routes.ts'
import { ApiError, apiGet } from '#web/lib/api-client.ts'

export type DriverAccess = 'staff' | 'customer' | 'signed-out'

/** The driver's view (docs/product.md#routes): who is looking, and their Saturday's routes. */
export const driverQueries = {
  access: () =>
    queryOptions({
      queryKey: ['driver', 'access'] as const,
      queryFn: ({ signal }) => getDriverAccess(signal),
      retry: false,
      staleTime: 0,
    }),
  day: (saturday: string) =>
    queryOptions({
      queryKey: ['driver', 'day', saturday] as const,
      queryFn: ({ signal }) => apiGet<DriverDay>(`/api/driver/${saturday}`, signal),
      retry: false,
      staleTime: 0,
    }),
}

async function getDriverAccess(signal?: AbortSignal): Promise<DriverAccess> {
  try {
    const status = await apiGet<{ isAdmin: boolean; isDriver: boolean }>(
      '/api/auth/admin-status',
      signal,
    )
    return status.isAdmin || status.isDriver ? 'staff' : 'customer'
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return 'signed-out'
    throw error
  }
}
