import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { CreditCardIcon, PlusIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { User } from '#shared/schemas/auth.ts'
import {
  SAVED_CARD_MESSAGES,
  type CardSetupResult,
  type SavedCard,
} from '#shared/schemas/saved-cards.ts'
import {
  cardExpiry,
  cardLabel,
  cardSpokenName,
  savedCardQueries,
} from '#web/components/payments/saved-cards.ts'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { useRemoveSavedCard, useStartCardSetup } from '../api/saved-cards.ts'
import { setSessionUser } from '../api/session.ts'
import { AddCardForm } from './add-card-form.tsx'

/**
 * The profile's saved cards (docs/product.md#saved-cards): each card's brand, last four digits
 * and expiry with a Remove button, or the empty state, and "Add a card", which opens the card
 * form for a card setup.
 */
export function SavedCards({ user }: { user: User }) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const heading = useRef<HTMLHeadingElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const cards = useQuery(savedCardQueries.list())
  const remove = useRemoveSavedCard()
  const start = useStartCardSetup()
  const [setup, setSetup] = useState<CardSetupResult | null>(null)

  const sessionExpired = () => setSessionUser(queryClient, null)

  function removeCard(card: SavedCard) {
    remove.mutate(card, {
      onSuccess: () => {
        toast({ title: SAVED_CARD_MESSAGES.removed, description: `${cardLabel(card)} is gone.` })
        // its button is gone: focus stays in the section rather than falling to the page
        heading.current?.focus()
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return
        toast({
          variant: 'destructive',
          title: 'Card not removed',
          description: errorMessage(
            error,
            'We could not remove the card just now. Please try again.',
          ),
        })
      },
    })
  }

  function closeForm() {
    setSetup(null)
    start.reset()
  }

  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h2
          id={titleId}
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-semibold text-forest outline-none"
        >
          Saved cards
        </h2>
        {setup ? null : (
          <Button
            ref={addButton}
            variant="outline"
            size="touch"
            disabled={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
          >
            <PlusIcon aria-hidden />
            {start.isPending ? 'Preparing...' : 'Add a card'}
          </Button>
        )}
      </div>
      <p className="mt-2 max-w-prose text-sm text-muted-foreground">
        A change that raises an order&apos;s total is authorized on a saved card, without typing it
        again. Our payment provider keeps the card; we see only its last four digits.
      </p>

      {start.isError && !(start.error instanceof ApiError && start.error.status === 401) ? (
        <p role="alert" className="mt-4 text-sm font-medium text-destructive">
          {errorMessage(start.error, 'We could not open the card form just now. Please try again.')}
        </p>
      ) : null}

      <div className="mt-6 flex flex-col gap-6">
        <CardList
          cards={cards}
          removing={remove.isPending ? remove.variables.id : null}
          onRemove={removeCard}
        />
        {setup ? (
          <AddCardForm
            setup={setup}
            zip={user.deliveryZip}
            onCancel={() => {
              closeForm()
              // back to the button that opened the form, once it is rendered again
              requestAnimationFrame(() => addButton.current?.focus())
            }}
            onSaved={() => {
              closeForm()
              void queryClient.invalidateQueries({ queryKey: savedCardQueries.all() })
              toast({ title: SAVED_CARD_MESSAGES.added })
              heading.current?.focus()
            }}
            onSessionExpired={sessionExpired}
          />
        ) : null}
      </div>
    </section>
  )
}

function CardList({
  cards,
  removing,
  onRemove,
}: {
  cards: UseQueryResult<SavedCard[]>
  /** the id of the card being removed */
  removing: string | null
  onRemove: (card: SavedCard) => void
}) {
  if (cards.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your saved cards…
      </p>
    )
  }
  if (cards.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <p className="text-muted-foreground">We couldn&apos;t load your saved cards just now.</p>
        <Button variant="outline" size="touch" onClick={() => void cards.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (cards.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-input px-4 py-6 text-center text-sm text-muted-foreground">
        {SAVED_CARD_MESSAGES.noCards}
      </p>
    )
  }
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label="Saved cards">
      {cards.data.map((card) => (
        <li key={card.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-forest">
            <CreditCardIcon className="size-5" aria-hidden />
          </span>
          <div className="flex min-w-0 flex-1 flex-col">
            <p className="font-semibold whitespace-nowrap">{cardLabel(card)}</p>
            <p className="text-sm text-muted-foreground">Expires {cardExpiry(card)}</p>
          </div>
          <Button
            variant="ghost-destructive"
            size="touch"
            aria-label={`${removing === card.id ? 'Removing' : 'Remove'} ${cardSpokenName(card)}`}
            disabled={removing !== null}
            onClick={() => onRemove(card)}
          >
            {removing === card.id ? 'Removing...' : 'Remove'}
          </Button>
        </li>
      ))}
    </ul>
  )
}
