import { decimalToCents } from '#shared/domain/money.ts'
import type { BasketItem } from './basket-lines.ts'
import { basketStore } from './basket-store.ts'

/**
 * The server's current unit prices ("12.99") and taxes, after the checkout found the basket's out
 * of date (a 409 from create-payment-intent): each line of those products shows and charges them.
 */
export function withPrices(
  lines: readonly BasketItem[],
  prices: ReadonlyArray<ServerPrice>,
): BasketItem[] {
  const byId = new Map(prices.map((item) => [item.id, item]))
  return lines.map((line) => {
    const current = byId.get(line.id)
    if (!current) return line
    const priceCents = decimalToCents(current.price)
    const taxable = current.taxable ?? line.taxable
    return priceCents === line.priceCents && taxable === line.taxable
      ? line
      : { ...line, priceCents, taxable }
  })
}

/** A line's figures as the server has them now: unit price ("12.99") and whether it is taxed. */
export interface ServerPrice {
  readonly id: string
  readonly price: string
  readonly taxable?: boolean
}

export function updateBasketPrices(prices: ReadonlyArray<ServerPrice>) {
  basketStore.update((current) => withPrices(current, prices))
}
