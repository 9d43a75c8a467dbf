import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedCard } from '#shared/schemas/saved-cards.ts'
import {
  removeSavedCard,
  savedCardQueries,
  startCardSetup,
} from '#web/components/payments/saved-cards.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { setSessionUser } from './session.ts'

/** the session ended meanwhile (signed out in another tab): the profile asks to log in again */
function forgetEndedSession(queryClient: ReturnType<typeof useQueryClient>, error: unknown) {
  if (error instanceof ApiError && error.status === 401) setSessionUser(queryClient, null)
}

/**
 * Remove a saved card (docs/product.md#saved-cards). The list drops it at once; a card already
 * gone (404, removed in another tab) refreshes the list too.
 */
export function useRemoveSavedCard() {
  const queryClient = useQueryClient()
  const listKey = savedCardQueries.list().queryKey
  return useMutation({
    mutationFn: (card: SavedCard) => removeSavedCard(card.id),
    onSuccess: (_answer, card) => {
      queryClient.setQueryData(listKey, (cards) => cards?.filter((kept) => kept.id !== card.id))
      void queryClient.invalidateQueries({ queryKey: savedCardQueries.all() })
    },
    onError: (error) => {
      forgetEndedSession(queryClient, error)
      if (error instanceof ApiError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: savedCardQueries.all() })
      }
    },
  })
}

/** "Add a card": a card setup for the card form to confirm. */
export function useStartCardSetup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startCardSetup,
    onError: (error) => forgetEndedSession(queryClient, error),
  })
}
