import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminCoupon, CouponCreateInput, CouponUpdateInput } from '#shared/schemas/coupon.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'

export const adminCouponQueries = {
  list: () =>
    queryOptions({
      queryKey: ['admin', 'coupons'] as const,
      queryFn: ({ signal }) => apiGet<AdminCoupon[]>('/api/admin/coupons', signal),
      staleTime: 0,
    }),
}

export function useCreateCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CouponCreateInput) =>
      apiRequest<AdminCoupon>('POST', '/api/admin/coupons', { body: input }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: adminCouponQueries.list().queryKey }),
  })
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: CouponUpdateInput }) =>
      apiRequest<AdminCoupon>('PATCH', `/api/admin/coupons/${id}`, { body: changes }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: adminCouponQueries.list().queryKey }),
  })
}
