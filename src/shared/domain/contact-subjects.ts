/**
 * The contact form's subjects, in the selector's order (docs/product.md#visitor-forms). Kept apart
 * from the schema so the form can render them before zod loads (the JavaScript budget:
 * docs/decisions/0010-page-javascript-budget.md).
 */
export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'order', label: 'Order Support' },
  { value: 'partnership', label: 'Partnership Opportunity' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'media', label: 'Media/Press' },
  { value: 'careers', label: 'Careers' },
  { value: 'other', label: 'Other' },
] as const

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value']
