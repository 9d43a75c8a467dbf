import { queryOptions } from '@tanstack/react-query'
import type { CardSetupResult, SavedCard } from '#shared/schemas/saved-cards.ts'
import { apiGet, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'

/*
 * The customer's saved cards (docs/product.md#saved-cards), kept by the payment provider: the
 * profile lists, adds and removes them, and an order's change pays a raised total with one.
 * Both features read them from here, so a card added on one page is the one the other offers.
 */

export const savedCardQueries = {
  all: () => QUERY_ROOTS.savedCards,
  /** newest first, as the server lists them */
  list: () =>
    queryOptions({
      queryKey: [...QUERY_ROOTS.savedCards, 'list'] as const,
      queryFn: ({ signal }) => apiGet<SavedCard[]>('/api/payment-methods', signal),
      // a card saved at checkout or in another tab shows on the next visit
      staleTime: 0,
      retry: false,
    }),
}

/** POST /api/payment-methods/setup: a card setup for the card form to confirm. */
export const startCardSetup = () =>
  apiRequest<CardSetupResult>('POST', '/api/payment-methods/setup', { body: {} })

/** DELETE /api/payment-methods/:id: 404 "Card not found" when it is not (or no longer) saved. */
export const removeSavedCard = (id: string) =>
  apiRequest<{ message: string }>('DELETE', `/api/payment-methods/${encodeURIComponent(id)}`)

/** How the providers name card brands, for people; any other brand is capitalised. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  eftpos_au: 'eftpos',
  cartes_bancaires: 'Cartes Bancaires',
  unknown: 'Card',
}

export function cardBrandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()]
  if (known) return known
  const words = brand.replace(/[_-]+/g, ' ').trim()
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : 'Card'
}

/** "Visa •••• 4242", as the card shows itself everywhere */
export const cardLabel = (card: Pick<SavedCard, 'brand' | 'last4'>) =>
  `${cardBrandName(card.brand)} •••• ${card.last4}`

/** "Visa ending in 4242": the same card in words, for a button's accessible name */
export const cardSpokenName = (card: Pick<SavedCard, 'brand' | 'last4'>) =>
  `${cardBrandName(card.brand)} ending in ${card.last4}`

// the month and year printed on the card, not a business date: no time zone applies
const twoDigits = new Intl.NumberFormat('en-US', { minimumIntegerDigits: 2, useGrouping: false })

/** "12/30": the card's expiry as printed on it */
export const cardExpiry = (card: Pick<SavedCard, 'expMonth' | 'expYear'>) =>
  `${twoDigits.format(card.expMonth)}/${twoDigits.format(card.expYear % 100)}`
