import { queryOptions } from '@tanstack/react-query'
import type { DriverDay, DriverStop } from '#shared/schemas/routes.ts'
import { ApiError, apiGet, apiRequest } from '#web/lib/api-client.ts'

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

/**
 * "Delivered" undone on the server, within the window (docs/product.md#routes): the stop as it
 * is now; 409 with the reason after the window or when the stop is not delivered.
 */
export const undoDelivered = (orderId: string) =>
  apiRequest<DriverStop>('POST', `/api/driver/stops/${encodeURIComponent(orderId)}/delivered/undo`)

/** The day with one stop as the server now answers it. */
export const withStop = (day: DriverDay, stop: DriverStop): DriverDay => ({
  ...day,
  routes: day.routes.map((route) => ({
    ...route,
    stops: route.stops.map((each) => (each.orderId === stop.orderId ? stop : each)),
  })),
})
