import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  AmountMismatch,
  CreatePaymentIntentInput,
  CreatePaymentIntentResult,
} from '#shared/schemas/checkout.ts'
import { ApiError, apiRequest } from '#web/lib/api-client.ts'

export const createPaymentIntent = (input: CreatePaymentIntentInput, signal?: AbortSignal) =>
  apiRequest<CreatePaymentIntentResult>('POST', '/api/create-payment-intent', {
    body: input,
    signal,
  })

/** A 409 whose body carries the server's current totals and prices (docs/product.md#payments). */
export function amountMismatchOf(error: unknown): AmountMismatch | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  const body = error.body as Partial<AmountMismatch> | undefined
  return body?.totals && Array.isArray(body.items) ? (body as AmountMismatch) : undefined
}

export interface PreparedPayment {
  intent: CreatePaymentIntentResult
  /** set when the basket's figures were out of date and the server's were taken instead */
  priceChange: AmountMismatch | null
}

/**
 * The payment for the basket as it stands. A POST kept as a query, keyed by what is being
 * bought (not by the prices), so the page asks once per basket and StrictMode's second mount
 * shares the request. When the server's prices differ (409), the basket takes them and the
 * intent is asked for again at the server's total, once.
 */
export const paymentIntentQueries = {
  forBasket: ({
    key,
    input,
    onPriceChange,
  }: {
    /** what is bought and which attempt this is; prices are left out on purpose */
    key: string
    input: CreatePaymentIntentInput
    onPriceChange: (change: AmountMismatch) => void
  }) =>
    queryOptions({
      queryKey: ['checkout', 'payment-intent', key] as const,
      queryFn: async ({ signal }): Promise<PreparedPayment> => {
        try {
          return { intent: await createPaymentIntent(input, signal), priceChange: null }
        } catch (error) {
          const change = amountMismatchOf(error)
          if (!change) throw error
          onPriceChange(change)
          const prices = new Map(change.items.map((item) => [item.id, item.price]))
          const intent = await createPaymentIntent(
            {
              ...input,
              amount: change.totals.total,
              items: input.items.map((item) => ({
                ...item,
                price: prices.get(item.id) ?? item.price,
              })),
            },
            signal,
          )
          return { intent, priceChange: change }
        }
      },
      staleTime: Infinity,
      // a payment is for this visit only: leaving the page forgets it
      gcTime: 0,
      retry: false,
      refetchOnReconnect: false,
      placeholderData: keepPreviousData,
    }),
}
