import { useMutation } from '@tanstack/react-query'
import type { ForgotPasswordInput } from '#shared/schemas/auth.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** The failure toast's fallback when the server gives no message (docs/product.md#accounts). */
export const FORGOT_PASSWORD_ERROR_MESSAGE = 'Failed to send reset email. Please try again.'

/**
 * Always 200 with the same answer, whether or not the account exists (docs/product.md#accounts).
 */
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', { body: input })

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
