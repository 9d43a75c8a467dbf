import { queryOptions } from '@tanstack/react-query'
import { ApiError, apiGet } from '#web/lib/api-client.ts'

export type AdminAccess = 'admin' | 'customer' | 'signed-out'

/**
 * Who is looking at an admin page (docs/product.md#admin): the server is the guard, this only picks
 * which state to show. Asked afresh on every visit, so signing in or out elsewhere is seen.
 */
export const adminStatusQueries = {
  access: () =>
    queryOptions({
      queryKey: ['admin', 'access'] as const,
      queryFn: ({ signal }) => getAdminAccess(signal),
      retry: false,
      staleTime: 0,
    }),
}

async function getAdminAccess(signal?: AbortSignal): Promise<AdminAccess> {
  try {
    const { isAdmin } = await apiGet<{ isAdmin: boolean }>('/api/auth/admin-status', signal)
    return isAdmin ? 'admin' : 'customer'
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return 'signed-out'
    throw error
  }
}
