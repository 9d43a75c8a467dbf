import { ContactMessageInputSchema, type ContactMessageInput } from '#shared/schemas/contact.ts'

export type ContactValidation =
  | { success: true; data: ContactMessageInput }
  | { success: false; errors: Partial<Record<string, string>> }

/**
 * The contact form's values checked by the server's own schema (docs/product.md#visitor-forms):
 * the input to send, or each field's first message. Loaded on the form's first use
 * (send-contact-message.ts).
 */
export function checkContactMessage(values: Record<string, string>): ContactValidation {
  const result = ContactMessageInputSchema.safeParse(values)
  if (result.success) return { success: true, data: result.data }
  const errors: Partial<Record<string, string>> = {}
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message
  return { success: false, errors }
}
