import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ContactMessage, ContactMessageInput } from '#shared/schemas/contact.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'
import type { ContactValidation } from './contact-validation.ts'

/**
 * The contact form's fallback when the server gives no message of its own
 * (docs/product.md#visitor-forms).
 */
export const CONTACT_ERROR_MESSAGE = 'Failed to send message. Please try again.'

// the schema (and zod with it) is not part of the contact page's first load: it is fetched when a
// visitor first touches the form, and awaited on submit (docs/decisions/0010-page-javascript-budget.md)
const loadContactValidation = () => import('./contact-validation.ts')

export function preloadContactValidation() {
  // a failed fetch is reported by the submit that awaits it
  loadContactValidation().catch(() => undefined)
}

/** The form's values checked by the server's own schema: its field messages, or the input to send. */
export async function validateContactMessage(
  values: Record<string, string>,
): Promise<ContactValidation> {
  const { checkContactMessage } = await loadContactValidation()
  return checkContactMessage(values)
}

export const sendContactMessage = (input: ContactMessageInput) =>
  apiRequest<ContactMessage>('POST', '/api/contact-messages', { body: input })

/**
 * On success the admin's message list is refetched when next shown (docs/product.md#visitor-forms).
 */
export function useSendContactMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.adminMessages }),
  })
}
