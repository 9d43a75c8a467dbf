import { formatDecimalPrice } from '#shared/domain/money.ts'
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
  const byId = new Map(prices.map((item) => [item.id, formatDecimalPrice(item.price)]))
  return lines.map((line) => {
    const price = byId.get(line.id)
    return price === undefined || price === line.price ? line : { ...line, price }
  })
}

export function updateBasketPrices(prices: ReadonlyArray<{ id: string; price: string }>) {
  basketStore.update((current) => withPrices(current, prices))
}
