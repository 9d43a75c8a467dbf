import { eq, sql } from 'drizzle-orm'
import type { PaymentProviderName } from '#shared/schemas/checkout.ts'
import type { Database } from '../../db/client.ts'
import { paymentCustomers } from '../../db/schema/saved-cards.ts'

/** The shop's users' customers at the payment provider (docs/product.md#saved-cards). */
export function createSavedCardsRepo(db: Database) {
  return {
    async customerOf(userId: string, provider: PaymentProviderName): Promise<string | null> {
      const [row] = await db
        .select({ customerId: paymentCustomers.customerId, provider: paymentCustomers.provider })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.userId, userId))
      // a customer made with the other provider (the shop moved from demo to Stripe) is none
      return row && row.provider === provider ? row.customerId : null
    },

    async ownerOf(customerId: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: paymentCustomers.userId })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.customerId, customerId))
      return row?.userId ?? null
    },

    /** keeps the first customer stored for the user: two racing requests agree on one */
    async keepCustomer(
      userId: string,
      provider: PaymentProviderName,
      customerId: string,
    ): Promise<void> {
      await db
        .insert(paymentCustomers)
        .values({ userId, provider, customerId })
        .onConflictDoUpdate({
          target: paymentCustomers.userId,
          set: { provider, customerId },
          // only a customer of the other provider is replaced
          setWhere: sql`${paymentCustomers.provider} <> ${provider}`,
        })
    },
  }
}

export type SavedCardsRepo = ReturnType<typeof createSavedCardsRepo>
