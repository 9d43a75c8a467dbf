import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ContactMessage, ContactMessageInput } from '#shared/schemas/contact.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

/**
 * The contact form's fallback when the server gives no message of its own
 * (docs/product.md#visitor-forms).
 */
export const CONTACT_ERROR_MESSAGE = 'Failed to send message. Please try again.'

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
