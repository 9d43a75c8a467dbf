import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginInput, User } from '#shared/schemas/auth.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { setSessionUser } from './session.ts'

/**
 * The sign-in failure toast's fallback when the server gives no message (docs/product.md#accounts).
 */
export const LOGIN_ERROR_MESSAGE = 'Please check your credentials and try again'

export const logIn = (input: LoginInput) =>
  apiRequest<User>('POST', '/api/auth/login', { body: input })

export function useLogIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logIn,
    onSuccess: (user) => setSessionUser(queryClient, user),
  })
}
