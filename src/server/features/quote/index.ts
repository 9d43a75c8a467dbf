/**
 * Pricing a basket on the server (docs/product.md#pricing): one quote for checkout, a change of
 * an order and every later way of making one, and one mapping of its money to columns.
 */
export {
  appliedCoupon,
  assertMinimum,
  createQuote,
  pricingLineOf,
  type CouponVerdict,
  type Promo,
  type Quote,
  type QuoteBasket,
  type QuoteRequest,
  type QuoteTotals,
} from './quote.ts'
export { orderMoneyColumns, totalsOfColumns, type OrderMoneyColumns } from './money-columns.ts'
export { type PricedLine } from './basket-lines.ts'
