import { z } from 'zod'
import { CONTACT_SUBJECTS, type ContactSubject } from '../domain/contact-subjects.ts'
import { EmailSchema } from './email.ts'

const SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [
  ContactSubject,
  ...ContactSubject[],
]

const name = (label: 'First' | 'Last') =>
  z
    .string({ error: `${label} name must be at least 2 characters` })
    .trim()
    .min(2, `${label} name must be at least 2 characters`)
    .max(50, `${label} name must be less than 50 characters`)
    // a name may end up in an e-mail header: no line breaks
    .refine(
      (value) => !/[\r\n]/.test(value) && !value.includes('\u0000'),
      `${label} name must be on one line`,
    )

/** The contact form, and POST /api/contact-messages (docs/product.md#visitor-forms). */
export const ContactMessageInputSchema = z.strictObject({
  firstName: name('First'),
  lastName: name('Last'),
  email: EmailSchema,
  phone: z
    .string()
    .trim()
    .max(30, 'Please enter a valid phone number')
    .refine(
      (value) => value === '' || /^[\d\s()+.-]{7,30}$/.test(value),
      'Please enter a valid phone number',
    )
    .optional(),
  subject: z.enum(SUBJECT_VALUES, { error: 'Please select a valid subject' }),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(2000, 'Message must be less than 2000 characters')
    .refine((value) => !value.includes('\u0000'), 'Message must not contain a NUL character'),
})
export type ContactMessageInput = z.input<typeof ContactMessageInputSchema>

export const ContactMessageSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>
