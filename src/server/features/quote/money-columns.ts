import { centsToDecimal, decimalToCents } from '#shared/domain/money.ts'
import type { QuoteTotals } from './quote.ts'

/**
 * A priced basket's money as the database and the API write it: the five columns a pending
 * checkout, an order and a change each keep ("12.99" strings), and back into cents.
 */
export interface OrderMoneyColumns {
  readonly subtotal: string
  readonly discountAmount: string
  readonly deliveryFee: string
  readonly tax: string
  readonly total: string
}

export function orderMoneyColumns(totals: QuoteTotals): OrderMoneyColumns {
  return {
    subtotal: centsToDecimal(totals.subtotal),
    discountAmount: centsToDecimal(totals.discount),
    deliveryFee: centsToDecimal(totals.deliveryFee),
    tax: centsToDecimal(totals.tax),
    total: centsToDecimal(totals.total),
  }
}

export function totalsOfColumns(columns: OrderMoneyColumns): QuoteTotals {
  return {
    subtotal: decimalToCents(columns.subtotal),
    discount: decimalToCents(columns.discountAmount),
    deliveryFee: decimalToCents(columns.deliveryFee),
    tax: decimalToCents(columns.tax),
    total: decimalToCents(columns.total),
  }
}
