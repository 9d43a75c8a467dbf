import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  DeliveryRoute,
  RouteInput,
  RouteList,
  RouteWithStops,
  WeekRoutes,
} from '#shared/schemas/routes.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'

/** The admin's routes and a Saturday's stops (docs/product.md#routes). */
export const routeQueries = {
  all: () => ['admin', 'routes'] as const,
  list: () =>
    queryOptions({
      queryKey: [...routeQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiGet<RouteList>('/api/admin/routes', signal),
      staleTime: 0,
    }),
  week: (saturday: string) =>
    queryOptions({
      queryKey: [...routeQueries.all(), 'week', saturday] as const,
      queryFn: ({ signal }) => apiGet<WeekRoutes>(`/api/admin/week/${saturday}/routes`, signal),
      staleTime: 0,
    }),
}

export const routesCsvUrl = (saturday: string) => `/api/admin/week/${saturday}/routes.csv`

export function useSaveStopOrder(saturday: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ routeId, orderIds }: { routeId: string; orderIds: string[] }) =>
      apiRequest<RouteWithStops>('PUT', `/api/admin/week/${saturday}/routes/${routeId}/stops`, {
        body: { orderIds },
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: routeQueries.week(saturday).queryKey }),
  })
}

export function useUpdateRoute() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RouteInput }) =>
      apiRequest<DeliveryRoute>('PUT', `/api/admin/routes/${id}`, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeQueries.all() }),
  })
}
