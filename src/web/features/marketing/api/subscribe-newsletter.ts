import { useMutation } from '@tanstack/react-query'
import type { NewsletterEmailInput, SignUpResult } from '#shared/schemas/marketing.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { toSignUpValidation, type SignUpValidation } from './sign-up-validation.ts'

/** The footer is on every page: the shared schema (and zod) loads only on the first submit. */
export async function validateNewsletterInput(
  input: NewsletterEmailInput,
): Promise<SignUpValidation<NewsletterEmailInput>> {
  const { NewsletterEmailInputSchema } = await import('#shared/schemas/marketing.ts')
  return toSignUpValidation(NewsletterEmailInputSchema.safeParse(input))
}

export const subscribeNewsletter = (input: NewsletterEmailInput) =>
  apiRequest<SignUpResult>('POST', '/api/newsletter-emails', { body: input })

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter })
}
