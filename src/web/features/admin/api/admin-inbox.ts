import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminContactMessages, AdminEmails } from '#shared/schemas/admin.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

/** The CSV of both mailing lists; the server names the file with the day's date. */
export const EMAILS_CSV_PATH = '/api/admin/emails.csv'

/** What reaches the shop from visitors: contact messages and the two mailing lists. */
export const adminInboxQueries = {
  messages: () =>
    queryOptions({
      queryKey: QUERY_ROOTS.adminMessages,
      queryFn: ({ signal }) => apiGet<AdminContactMessages>('/api/admin/contact-messages', signal),
      staleTime: 0,
    }),
  emails: () =>
    queryOptions({
      queryKey: ['admin', 'emails'] as const,
      queryFn: ({ signal }) => apiGet<AdminEmails>('/api/admin/emails', signal),
      staleTime: 0,
    }),
}

export function useDeleteMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('DELETE', `/api/admin/contact-messages/${id}`),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: adminInboxQueries.messages().queryKey }),
  })
}
