import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginInput, User } from '#shared/schemas/auth.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
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

/**
 * Where a sign-in without a page to return to lands: an admin's at work (docs/product.md#admin),
 * a driver's on their deliveries (docs/product.md#routes), anyone else in the shop.
 */
export async function landingAfterLogIn(returnTo: string, user: User): Promise<string> {
  if (returnTo !== '/shop') return returnTo
  if (user.isAdmin) return '/admin'
  try {
    const { isAdmin, isDriver } = await apiGet<{ isAdmin: boolean; isDriver: boolean }>(
      '/api/auth/admin-status',
    )
    return isDriver && !isAdmin ? '/driver' : returnTo
  } catch {
    return returnTo
  }
}
