import { z } from 'zod'

/**
 * Saved cards (docs/product.md#saved-cards): a customer's cards kept by the payment provider,
 * never by the shop, so that a change raising an order's total is authorised without the card
 * form. The checkout, the profile and the order page share these words and shapes.
 */

export const SAVED_CARD_MESSAGES = {
  /** the checkout's checkbox */
  saveCard: 'Save this card for changes to my orders',
  /** the consent the provider asks for before charging a card without the customer */
  consent:
    'I allow Houston Farm to Door to charge this card for changes I make to my orders, without asking for the card again. I can remove it from my profile at any time.',
  notFound: 'Card not found',
  removed: 'Card removed',
  added: 'Card saved',
  noCards: 'No saved cards yet. Save one at checkout, or add one here.',
  /** the card form after the saved card could not pay a change */
  replacesHold: (total: string) =>
    `Your card will be authorized for the new total of ${total}. This replaces the hold on your card: it is not a second charge.`,
  savedCardDeclined: (message: string) =>
    `Your saved card could not pay for this change (${message.replace(/[.!]+$/, '')}). Please enter a card.`,
  savedCardNeedsYou:
    'Your bank wants you to confirm this payment. Please enter your card to confirm it.',
} as const

export const SavedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
})
export type SavedCard = z.infer<typeof SavedCardSchema>

export const SavedCardListSchema = z.array(SavedCardSchema)

/** A saved card's id as the provider names it (pm_…): anything else is not found. */
export const SavedCardIdSchema = z
  .string()
  .regex(/^pm_[A-Za-z0-9_]{1,120}$/, SAVED_CARD_MESSAGES.notFound)

export const SavedCardParamsSchema = z.strictObject({ id: SavedCardIdSchema })

/** POST /api/payment-methods/setup: what the card form needs to keep a card without a payment. */
export const CardSetupResultSchema = z.object({
  clientSecret: z.string(),
  setupIntentId: z.string(),
})
export type CardSetupResult = z.infer<typeof CardSetupResultSchema>

/**
 * Why the card form is back for a change although a saved card was chosen: the card was
 * refused (with the provider's code) or the bank wants the customer to confirm.
 */
export const SavedCardRefusalSchema = z.object({
  status: z.enum(['declined', 'requires_authentication']),
  code: z.string().nullable(),
  message: z.string(),
})
export type SavedCardRefusal = z.infer<typeof SavedCardRefusalSchema>
