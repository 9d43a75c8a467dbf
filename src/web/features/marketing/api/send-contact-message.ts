import { useMutation } from '@tanstack/react-query'
import type { ContactMessage, ContactMessageInput } from '#shared/schemas/contact.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** The contact form's fallback when the server gives no message of its own (spec §8). */
export const CONTACT_ERROR_MESSAGE = 'Failed to send message. Please try again.'

export const sendContactMessage = (input: ContactMessageInput) =>
  apiRequest<ContactMessage>('POST', '/api/contact-messages', { body: input })

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
