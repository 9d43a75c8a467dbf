import { queryOptions } from '@tanstack/react-query'
import { openOrderOn } from '#shared/domain/saturday-order.ts'
import type {
  AmountMismatch,
  CheckoutItem,
  CreatePaymentIntentResult,
  JoinedOrderResult,
} from '#shared/schemas/checkout.ts'
import type { Order } from '#shared/schemas/order.ts'
import { ORDER_CHANGE_MESSAGES } from '#shared/schemas/order-changes.ts'
import { ApiError, apiGet, apiRequest } from '#web/lib/api-client.ts'
import { QUERY_ROOTS } from '#web/lib/query-keys.ts'
import { amountMismatchOf } from './create-payment-intent.ts'

/*
 * Adding a basket to the customer's open order for its Saturday, instead of a second order with
 * a second delivery fee (docs/product.md#one-order-per-saturday).
 */

/** The toast once the basket is in the order. */
export const JOINED_TOAST = 'Added to your Saturday order'

export const openOrderQueries = {
  /**
   * The customer's open order for a Saturday ("2026-11-28"), or null, read from their own order
   * list by the server's rule (GET /api/orders/open answers the same, but with a 404 for most
   * checkouts, which the browser would log as an error on every one of them).
   */
  forSaturday: (saturday: string) =>
    queryOptions({
      // under the customer's orders: a new or changed order asks again
      queryKey: [...QUERY_ROOTS.myOrders, 'open-for-checkout', saturday] as const,
      queryFn: async ({ signal }): Promise<Order | null> =>
        openOrderOn(await apiGet<Order[]>('/api/orders/my-orders', signal), saturday),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
}

/** POST /api/create-payment-intent with joinOrderId: the basket added to that order. */
export const joinOrder = (
  input: { amount: string; items: CheckoutItem[]; joinOrderId: string; paymentMethodId?: string },
  signal?: AbortSignal,
) =>
  apiRequest<CreatePaymentIntentResult | JoinedOrderResult>('POST', '/api/create-payment-intent', {
    body: input,
    signal,
  })

export const isJoinedOrder = (
  answer: CreatePaymentIntentResult | JoinedOrderResult,
): answer is JoinedOrderResult => 'joinedOrder' in answer

export const joinQuoteQueries = {
  /**
   * The order's new total with the basket in it: a join at $0 is always answered 409 with the
   * server's figures (the order's lines and the basket's, one delivery fee, the order's coupon),
   * and changes nothing. Keyed by what is bought, not by its prices.
   */
  forBasket: ({
    orderId,
    key,
    items,
    onPrices,
  }: {
    orderId: string
    /** what is bought (basketKey) */
    key: string
    items: CheckoutItem[]
    /** the server's unit prices differ from the basket's: the basket takes them */
    onPrices: (figures: AmountMismatch) => void
  }) =>
    queryOptions({
      queryKey: ['checkout', 'join-quote', orderId, key] as const,
      queryFn: async ({ signal }): Promise<AmountMismatch> => {
        try {
          await joinOrder({ amount: '0', items, joinOrderId: orderId }, signal)
        } catch (error) {
          const quote = amountMismatchOf(error)
          if (!quote) throw error
          const shown = new Map(items.map((item) => [item.id, String(item.price)]))
          if (quote.items.some((item) => shown.get(item.id) !== item.price)) onPrices(quote)
          return quote
        }
        throw new Error('The server took an order total of $0.00')
      },
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
      refetchOnReconnect: false,
      refetchOnWindowFocus: false,
    }),
}

/**
 * POST /api/orders/:id/payments/complete: once the card confirmed the joined order's new total,
 * the server applies the basket to the order (exactly once, whoever asks first).
 */
export const completeJoinPayment = (orderId: string, paymentIntentId: string) =>
  apiRequest<Order>('POST', `/api/orders/${encodeURIComponent(orderId)}/payments/complete`, {
    body: { paymentIntentId },
  })

export type JoinRefusal =
  /** the Saturday's cut-off came: the basket can only be an order for the next one */
  | { kind: 'closed'; message: string }
  /** a farm box the order holds already: a separate order, or the order's own page */
  | { kind: 'box'; message: string }
  /** the order cannot take it any more (cancelled, gone, its payment failed) */
  | { kind: 'gone'; message: string }

const CLOSED = ORDER_CHANGE_MESSAGES.joinClosed('').split(';')[0] ?? ''
const BOX_TWICE = ORDER_CHANGE_MESSAGES.joinBoxTwice('\u0000').split('\u0000')[0] ?? ''

/** Why the server would not add the basket to the order, or undefined for other failures. */
export function joinRefusalOf(error: unknown): JoinRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined
  const message = error.serverMessage
  if (!message || amountMismatchOf(error)) return undefined
  // sold out for the Saturday: the basket's problem, whichever order it goes to
  if ((error.body as { productId?: unknown } | undefined)?.productId) return undefined
  if (error.status === 409 && message.startsWith(CLOSED)) return { kind: 'closed', message }
  if (error.status === 409 && BOX_TWICE && message.startsWith(BOX_TWICE)) {
    return { kind: 'box', message }
  }
  if (error.status === 404 || error.status === 409) return { kind: 'gone', message }
  return undefined
}
