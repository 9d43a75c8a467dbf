import { useMutation } from '@tanstack/react-query'
import type { SignUpResult, WaitlistEmailInput } from '#shared/schemas/marketing.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { toSignUpValidation, type SignUpValidation } from './sign-up-validation.ts'

/**
 * The waitlist form sits in the header's ZIP dialog and on the landing page, which load before
 * any user action; the shared schema (and zod with it) is fetched only when a visitor submits.
 */
export async function validateWaitlistInput(
  input: WaitlistEmailInput,
): Promise<SignUpValidation<WaitlistEmailInput>> {
  const { WaitlistEmailInputSchema } = await import('#shared/schemas/marketing.ts')
  return toSignUpValidation(WaitlistEmailInputSchema.safeParse(input))
}

export const joinWaitlist = (input: WaitlistEmailInput) =>
  apiRequest<SignUpResult>('POST', '/api/waitlist-emails', { body: input })

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist })
}
