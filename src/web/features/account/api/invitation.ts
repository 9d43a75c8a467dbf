import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  InvitationAccepted,
  InvitationRegisterInput,
  InvitationView,
} from '#shared/schemas/staff.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
import { accountQueries } from './session.ts'

const base = (token: string) => `/api/invitations/${encodeURIComponent(token)}`

/** A staff invitation's link (docs/product.md#staff): what it is for, and accepting it. */
export const invitationQueries = {
  view: (token: string) =>
    queryOptions({
      queryKey: ['invitation', token] as const,
      queryFn: ({ signal }) => apiGet<InvitationView>(base(token), signal),
      retry: false,
      staleTime: Infinity,
    }),
}

/** accepting signs the new account in (or changes the roles of the signed-in one) */
function useAfterAccepting() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: accountQueries.session().queryKey })
    // what the admin pages and the driver's view cached about this person's access is stale now
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] === 'admin' || query.queryKey[0] === 'driver',
    })
  }
}

export function useAcceptInvitation(token: string) {
  const after = useAfterAccepting()
  return useMutation({
    mutationFn: () => apiRequest<InvitationAccepted>('POST', `${base(token)}/accept`),
    onSuccess: after,
  })
}

export function useRegisterWithInvitation(token: string) {
  const after = useAfterAccepting()
  return useMutation({
    mutationFn: (input: InvitationRegisterInput) =>
      apiRequest<InvitationAccepted>('POST', `${base(token)}/register`, { body: input }),
    onSuccess: after,
  })
}
