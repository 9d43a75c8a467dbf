import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { StaffInviteInput, StaffList, StaffRole } from '#shared/schemas/staff.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'

/** The Staff tab's calls (docs/product.md#staff): the list, an invitation, a removal. */
export const adminStaffQueries = {
  list: () =>
    queryOptions({
      queryKey: ['admin', 'staff'] as const,
      queryFn: ({ signal }) => apiGet<StaffList>('/api/admin/staff', signal),
      staleTime: 0,
    }),
}

export function useInviteStaff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: StaffInviteInput) =>
      apiRequest<{ message: string }>('POST', '/api/admin/staff', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminStaffQueries.list().queryKey }),
  })
}

export function useRemoveStaffRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: StaffRole }) =>
      apiRequest<{ message: string }>(
        'DELETE',
        `/api/admin/staff/${encodeURIComponent(userId)}?role=${role}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminStaffQueries.list().queryKey }),
  })
}
