import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProfileUpdate, User } from '#shared/schemas/auth.ts'
import { ApiError, apiRequest } from '#web/lib/api-client.ts'
import { setSessionUser } from './session.ts'

/** The failure toast's text (docs/product.md#accounts). */
export const PROFILE_ERROR_MESSAGE = 'Failed to update profile. Please try again.'

export const updateProfile = (input: ProfileUpdate) =>
  apiRequest<User>('PATCH', '/api/users/profile', { body: input })

/** The answer is the updated user, so the session (and the header's first name) follow it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => setSessionUser(queryClient, user),
    onError: (error) => {
      // the session ended meanwhile (signed out in another tab, password reset elsewhere)
      if (error instanceof ApiError && error.status === 401) setSessionUser(queryClient, null)
    },
  })
}
