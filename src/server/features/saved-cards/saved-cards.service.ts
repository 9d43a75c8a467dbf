import { randomUUID } from 'node:crypto'
import type { SavedCard } from '#shared/schemas/saved-cards.ts'
import type { PaymentProvider } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { SavedCardsRepo } from './saved-cards.repo.ts'

/**
 * A customer's saved cards (docs/product.md#saved-cards). The provider keeps the cards on a
 * customer of its own, made the first time one is saved; the shop keeps only that customer's
 * id, and always asks the provider which cards there are.
 */
export function createSavedCardsService({
  repo,
  provider,
}: {
  repo: SavedCardsRepo
  provider: Pick<
    PaymentProvider,
    'name' | 'createCustomer' | 'createSetup' | 'listSavedCards' | 'removeSavedCard'
  >
}) {
  /** the user's provider customer, made on first use */
  async function customerFor(user: { id: string; email: string }): Promise<string> {
    const existing = await repo.customerOf(user.id, provider.name)
    if (existing) return existing
    const made = await provider.createCustomer({
      email: user.email,
      userId: user.id,
      // one per user and provider: a retry, or a second tab, gets the same customer
      idempotencyKey: `customer_${provider.name}_${user.id}`,
    })
    await repo.keepCustomer(user.id, provider.name, made.id)
    const kept = await repo.customerOf(user.id, provider.name)
    if (!kept) throw new Error(`no provider customer kept for ${user.id}`)
    return kept
  }

  const existingCustomer = (userId: string) => repo.customerOf(userId, provider.name)

  return {
    customerFor,
    existingCustomer,

    async list(userId: string): Promise<SavedCard[]> {
      const customer = await existingCustomer(userId)
      return customer ? provider.listSavedCards(customer) : []
    },

    /** Whether the card is one of the user's saved cards, and their customer when it is. */
    async customerOfCard(userId: string, cardId: string): Promise<string | null> {
      const customer = await existingCustomer(userId)
      if (!customer) return null
      const cards = await provider.listSavedCards(customer)
      return cards.some((card) => card.id === cardId) ? customer : null
    },

    /** A card kept without a payment: the card form confirms the setup. */
    async setup(user: { id: string; email: string }) {
      const customer = await customerFor(user)
      const setup = await provider.createSetup({
        customer,
        // each press of "Add a card" is its own setup
        idempotencyKey: `card_setup_${randomUUID()}`,
      })
      return { clientSecret: setup.clientSecret, setupIntentId: setup.id }
    },

    /**
     * Forgets a card. A hold it made for an order stays: the order is paid by that hold, and a
     * later change asks for a card again (docs/product.md#saved-cards).
     */
    async remove(userId: string, cardId: string): Promise<void> {
      const customer = await existingCustomer(userId)
      if (!customer || !(await provider.removeSavedCard(customer, cardId))) {
        throw new AppError('CARD_NOT_FOUND')
      }
    },

    /** whose customer this is: the demo card form confirms only its owner's card setups */
    ownerOfCustomer: (customerId: string) => repo.ownerOf(customerId),
  }
}

export type SavedCardsService = ReturnType<typeof createSavedCardsService>
