import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  Harvest,
  HarvestSent,
  Packed,
  PackingSlips,
  PickList,
  WeekShortfalls,
  WeekSummary,
} from '#shared/schemas/week.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
import { adminOrderQueries } from './admin-orders.ts'

const base = (saturday: string) => `/api/admin/week/${encodeURIComponent(saturday)}`

/** A Saturday's week (docs/product.md#the-week): summary, harvest, pick list, packing slips. */
export const adminWeekQueries = {
  all: () => ['admin', 'week'] as const,
  day: (saturday: string) => [...adminWeekQueries.all(), saturday] as const,
  summary: (saturday: string) =>
    queryOptions({
      queryKey: [...adminWeekQueries.day(saturday), 'summary'] as const,
      queryFn: ({ signal }) => apiGet<WeekSummary>(base(saturday), signal),
      staleTime: 0,
      retry: false,
    }),
  harvest: (saturday: string) =>
    queryOptions({
      queryKey: [...adminWeekQueries.day(saturday), 'harvest'] as const,
      queryFn: ({ signal }) => apiGet<Harvest>(`${base(saturday)}/harvest`, signal),
      staleTime: 0,
      retry: false,
    }),
  pickList: (saturday: string) =>
    queryOptions({
      queryKey: [...adminWeekQueries.day(saturday), 'pick-list'] as const,
      queryFn: ({ signal }) => apiGet<PickList>(`${base(saturday)}/pick-list`, signal),
      staleTime: 0,
      retry: false,
    }),
  packingSlips: (saturday: string) =>
    queryOptions({
      queryKey: [...adminWeekQueries.day(saturday), 'packing-slips'] as const,
      queryFn: ({ signal }) => apiGet<PackingSlips>(`${base(saturday)}/packing-slips`, signal),
      staleTime: 0,
      retry: false,
    }),
  shortfalls: (saturday: string) =>
    queryOptions({
      queryKey: [...adminWeekQueries.day(saturday), 'shortfalls'] as const,
      queryFn: ({ signal }) => apiGet<WeekShortfalls>(`${base(saturday)}/shortfalls`, signal),
      staleTime: 0,
      retry: false,
    }),
}

/** the CSV of a Saturday's harvest lists, downloaded by the browser with the admin's cookie */
export const harvestCsvUrl = (saturday: string) => `${base(saturday)}/harvest.csv`

/** Send (or send again) a producer's harvest list by e-mail. */
export function useSendHarvest(saturday: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (producerSlug: string) =>
      apiRequest<HarvestSent>(
        'POST',
        `${base(saturday)}/harvest/${encodeURIComponent(producerSlug)}/send`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminWeekQueries.day(saturday) }),
  })
}

/** Mark an order packed (delivery status "preparing"); asking twice changes nothing. */
export function useMarkPacked(saturday: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest<Packed>('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/packed`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminWeekQueries.day(saturday) }),
        queryClient.invalidateQueries({ queryKey: adminOrderQueries.all() }),
      ]),
  })
}
