import { z } from 'zod'
import { FIVE_DIGIT_ZIP } from '../domain/service-area.ts'
import { EmailSchema } from './email.ts'

/**
 * The waitlist and the newsletter (docs/product.md#visitor-forms): an e-mail address, and for the
 * waitlist optionally the ZIP of a visitor we do not deliver to yet. Signing up twice answers
 * 200 as the first time did and keeps one row.
 */
export const WaitlistEmailInputSchema = z.strictObject({
  email: EmailSchema,
  zipCode: z.string().trim().regex(FIVE_DIGIT_ZIP, 'ZIP code must be exactly 5 digits').optional(),
})
export type WaitlistEmailInput = z.input<typeof WaitlistEmailInputSchema>

export const NewsletterEmailInputSchema = z.strictObject({ email: EmailSchema })
export type NewsletterEmailInput = z.input<typeof NewsletterEmailInputSchema>

/** The answer to a sign-up: the same whether the address was new or already listed. */
export const SignUpResultSchema = z.object({ message: z.string() })
export type SignUpResult = z.infer<typeof SignUpResultSchema>
