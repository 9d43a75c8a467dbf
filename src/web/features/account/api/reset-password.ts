import { useMutation } from '@tanstack/react-query'
import type { ResetPasswordInput } from '#shared/schemas/auth.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** The failure text when the server gives no message of its own (docs/product.md#accounts). */
export const RESET_PASSWORD_ERROR_MESSAGE = 'Failed to reset password. Please try again.'

/** 200 on success; 400 for an unknown, used or expired token (docs/product.md#accounts). */
export const resetPassword = (input: ResetPasswordInput) =>
  apiRequest<{ message: string }>('POST', '/api/auth/reset-password', { body: input })

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
