import type { z } from 'zod'
import type { ContactMessage, ContactMessageInputSchema } from '#shared/schemas/contact.ts'
import type {
  NewsletterEmailInputSchema,
  SignUpResult,
  WaitlistEmailInputSchema,
} from '#shared/schemas/marketing.ts'
import type { ContactMessageRow, MarketingRepo } from './marketing.repo.ts'

export const WAITLIST_MESSAGE = "You're on the waitlist! We'll e-mail you when we launch."
export const NEWSLETTER_MESSAGE = 'Thanks for signing up!'

/**
 * The visitor forms (docs/product.md#visitor-forms). A sign-up answers the same for a new and a
 * known address, so the answer tells nobody who is already on a list.
 */
export function createMarketingService({ repo }: { repo: MarketingRepo }) {
  return {
    async sendContactMessage(
      input: z.output<typeof ContactMessageInputSchema>,
    ): Promise<ContactMessage> {
      const row = await repo.insertContactMessage({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone || null,
        subject: input.subject,
        message: input.message,
      })
      return toContactMessage(row)
    },

    async joinWaitlist(input: z.output<typeof WaitlistEmailInputSchema>): Promise<SignUpResult> {
      await repo.addWaitlistEmail(input.email, input.zipCode ?? null)
      return { message: WAITLIST_MESSAGE }
    },

    async subscribeToNewsletter(
      input: z.output<typeof NewsletterEmailInputSchema>,
    ): Promise<SignUpResult> {
      await repo.addNewsletterEmail(input.email)
      return { message: NEWSLETTER_MESSAGE }
    },
  }
}

export type MarketingService = ReturnType<typeof createMarketingService>

/** A stored message as the API sends it (the contact form's answer and the admin's inbox). */
export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }
}
