import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import { savedCardQueries } from '#web/components/payments/saved-cards.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { useSearchParams } from '#web/lib/router.tsx'

export const CARD_NOT_SAVED = {
  title: 'Card not saved',
  message: 'Your bank did not confirm the card, so it was not saved. Please try again.',
} as const

/**
 * Back on /profile?setup_intent=…&redirect_status=… from the bank's page after "Add a card"
 * (docs/product.md#saved-cards): the toast says whether the card was saved, the list is asked
 * for again, and the address bar goes back to plain /profile (Stripe adds the setup's secret to
 * it too).
 */
export function useCardSetupReturn() {
  const queryClient = useQueryClient()
  const [searchParams, setSearchParams] = useSearchParams()
  // what the address said on arrival; the address bar is cleaned at once
  const [arrival] = useState(() => ({
    setupIntentId: searchParams.get('setup_intent'),
    redirectStatus: searchParams.get('redirect_status'),
  }))
  const handled = useRef(false)

  useEffect(() => {
    const { setupIntentId, redirectStatus } = arrival
    if (handled.current || !setupIntentId || !redirectStatus) return
    handled.current = true
    setSearchParams({}, { replace: true })
    if (redirectStatus === 'succeeded') {
      void queryClient.invalidateQueries({ queryKey: savedCardQueries.all() })
      toast({ title: SAVED_CARD_MESSAGES.added })
    } else {
      toast({
        variant: 'destructive',
        title: CARD_NOT_SAVED.title,
        description: CARD_NOT_SAVED.message,
      })
    }
  }, [arrival, queryClient, setSearchParams])
}
