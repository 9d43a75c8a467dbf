import { decimalToCents } from '#shared/domain/money.ts'
import type { BasketItem } from './basket-lines.ts'
import { basketStore } from './basket-store.ts'

/**
 * The server's current unit prices ("12.99"), after the checkout found the basket's out of date
 * (a 409 from create-payment-intent): each line of those products shows and charges them.
 */
export function withPrices(
  lines: readonly BasketItem[],
  prices: ReadonlyArray<{ id: string; price: string }>,
): BasketItem[] {
  const byId = new Map(prices.map((item) => [item.id, decimalToCents(item.price)]))
  return lines.map((line) => {
    const priceCents = byId.get(line.id)
    return priceCents === undefined || priceCents === line.priceCents
      ? line
      : { ...line, priceCents }
  })
}

export function updateBasketPrices(prices: ReadonlyArray<{ id: string; price: string }>) {
  basketStore.update((current) => withPrices(current, prices))
}
