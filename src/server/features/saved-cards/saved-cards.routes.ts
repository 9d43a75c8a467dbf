import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  CardSetupResultSchema,
  SavedCardListSchema,
  SavedCardParamsSchema,
  SAVED_CARD_MESSAGES,
} from '#shared/schemas/saved-cards.ts'
import type { SignedIn } from '../auth/index.ts'
import { EXAMPLE_IDS } from '../../plugins/api-examples.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import type { SavedCardsService } from './saved-cards.service.ts'

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  503: ErrorBodySchema,
}

const EXAMPLE_CARD = {
  id: EXAMPLE_IDS.savedCard,
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
}

/** The signed-in customer's saved cards (docs/product.md#saved-cards). */
export function savedCardsRoutes({
  cards,
  auth,
}: {
  cards: SavedCardsService
  auth: SignedIn
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/payment-methods',
      {
        schema: {
          summary: "The customer's saved cards, newest first",
          tags: [API_TAG.savedCards],
          response: { 200: SavedCardListSchema.meta({ examples: [[EXAMPLE_CARD]] }), ...errors },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return cards.list(user.id)
      },
    )

    app.post(
      '/api/payment-methods/setup',
      {
        schema: {
          summary: 'Start keeping a card without a payment (the card form confirms it)',
          tags: [API_TAG.savedCards],
          body: z
            .strictObject({})
            .optional()
            .meta({ examples: [{}] }),
          response: {
            200: CardSetupResultSchema.meta({
              examples: [
                {
                  clientSecret: `${EXAMPLE_IDS.cardSetup}_secret_9f8e7d6c`,
                  setupIntentId: EXAMPLE_IDS.cardSetup,
                },
              ],
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return cards.setup(user)
      },
    )

    app.delete(
      '/api/payment-methods/:id',
      {
        schema: {
          summary: 'Remove a saved card (a hold it made for an order stays)',
          tags: [API_TAG.savedCards],
          params: SavedCardParamsSchema.meta({ examples: [{ id: EXAMPLE_IDS.savedCard }] }),
          response: {
            200: z
              .object({ message: z.string() })
              .meta({ examples: [{ message: SAVED_CARD_MESSAGES.removed }] }),
            ...errors,
          },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        await cards.remove(user.id, request.params.id)
        return { message: SAVED_CARD_MESSAGES.removed }
      },
    )
  }
}
