import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RegisterInput, User } from '#shared/schemas/auth.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { setSessionUser } from './session.ts'

/**
 * The registration failure toast's fallback when the server gives no message
 * (docs/product.md#accounts).
 */
export const REGISTER_ERROR_MESSAGE = 'Please try again'

/** 201 with the new user, who is then signed in (docs/product.md#accounts). */
export const register = (input: RegisterInput) =>
  apiRequest<User>('POST', '/api/auth/register', { body: input })

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSessionUser(queryClient, user),
  })
}
