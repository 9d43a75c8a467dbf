import { CUSTOM_BOX_SIZE, isFarmBox, BOX_RULE_MESSAGES } from '#shared/domain/farm-boxes.ts'
import { centsToDecimal, type Cents } from '#shared/domain/money.ts'
import type { DeliveryInfo } from '#shared/schemas/order.ts'
import { MAX_LINE_QUANTITY } from '#shared/domain/pricing.ts'
import type { CustomSelection } from '#shared/schemas/order.ts'
import type { PaymentState } from '#shared/schemas/order-status.ts'
import { AppError } from '../../app-error.ts'
import { orderMoneyColumns, type PricedLine } from '../quote/index.ts'
import type { NewOrderItemRow, NewOrderRow } from './orders.repo.ts'

/** A line of a new order: the product as it was priced, in cents. */
export interface NewOrderLine {
  readonly productId: string
  readonly productName: string
  /** the product's category when priced: only a farm box carries chosen items */
  readonly category: string
  readonly unitPrice: Cents
  readonly quantity: number
  readonly farmSource: string
  readonly imageUrl: string | null
  /** a farm box's chosen items with counts ([] for Farmer's choice); null for other lines */
  readonly customSelections: readonly CustomSelection[] | null
  /** sales tax applied to it when sold (docs/product.md#tax) */
  readonly taxable: boolean
}

/** An order as checkout (or a change of an order) hands it over: amounts in cents. */
export interface NewOrder {
  readonly userId: string
  readonly customerName: string
  readonly customerEmail: string
  readonly customerPhone: string | null
  readonly deliveryAddress: string
  readonly deliveryDate: Date
  readonly subtotal: Cents
  readonly discount: Cents
  readonly promoCode: string | null
  readonly deliveryFee: Cents
  readonly tax: Cents
  readonly total: Cents
  /** the sales-tax rate it was priced with (docs/product.md#tax) */
  readonly taxRateBasisPoints: number
  readonly specialInstructions: string | null
  readonly paymentIntentId: string
  /**
   * Where its money stands (docs/product.md#order-payments): authorized (the cut-off captures
   * it) or, for a payment taken at once, captured.
   */
  readonly paymentStatus: Extract<PaymentState, 'authorized' | 'captured'>
  /** cents the card is good for: the order's total when it is made */
  readonly authorizedAmount: Cents
  /** when the card was authorised (and, for a payment taken at once, captured) */
  readonly authorizedAt: Date
  /** the payment the cut-off captures and refunds go back to */
  readonly currentPaymentId: string
  /** until when the provider lets that payment be captured, when it says */
  readonly authorizationExpiresAt?: Date | null
  readonly lines: readonly NewOrderLine[]
}

/** An order's one-line delivery address: "street, apt, city, TX zip". */
export function formatDeliveryAddress(info: DeliveryInfo): string {
  const street = info.apt ? `${info.address}, ${info.apt}` : info.address
  return `${street}, ${info.city}, TX ${info.zipCode}`
}

/**
 * The order rules every line keeps whoever made it (docs/product.md#farm-boxes): a quantity of
 * 1 to 20, and chosen items only on a farm box, exactly seven of them. Stock and categories of
 * the chosen items were judged when the basket was priced; an order already paid for is not
 * refused because a product sold out since.
 */
export function orderLineProblem(line: NewOrderLine): string | null {
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
    return `Quantity must be between 1 and ${MAX_LINE_QUANTITY}`
  }
  const chosen = line.customSelections ?? []
  if (chosen.length === 0) return null
  if (!isFarmBox(line)) return BOX_RULE_MESSAGES.notABox(line.productName)
  const count = chosen.reduce((sum, selection) => sum + selection.count, 0)
  return count === CUSTOM_BOX_SIZE ? null : BOX_RULE_MESSAGES.wrongCount(line.productName, count)
}

/** The first of the order's lines that breaks the order rules, and why; null when none does. */
export function orderProblem(order: NewOrder): string | null {
  if (order.lines.length === 0) return 'An order needs items'
  for (const line of order.lines) {
    const problem = orderLineProblem(line)
    if (problem) return problem
  }
  return null
}

/** The refusal of an order whose lines break the rules (400 naming the broken line). */
export const orderRefusal = (problem: string) =>
  new AppError('INVALID_BOX', { message: problem, fields: { items: problem } })

/** A priced basket's lines (as checkout and a change price them) as an order's lines. */
export function orderLinesOf(lines: readonly PricedLine[]): NewOrderLine[] {
  return lines.map((line) => ({
    productId: line.productId,
    productName: line.name,
    category: line.category,
    unitPrice: line.price,
    quantity: line.quantity,
    farmSource: line.farmSource,
    imageUrl: line.imageUrl,
    customSelections: line.customSelections,
    taxable: line.taxable ?? false,
  }))
}

/** An order's lines as item rows, prices written in the database's two-decimal form. */
export function itemRowsOf(lines: readonly NewOrderLine[]): NewOrderItemRow[] {
  return lines.map((line) => ({
    productId: line.productId,
    productName: line.productName,
    productPrice: centsToDecimal(line.unitPrice),
    quantity: line.quantity,
    farmSource: line.farmSource,
    imageUrl: line.imageUrl,
    customSelections: line.customSelections,
    taxable: line.taxable,
  }))
}

/** The rows of a new order, money written in the database's two-decimal form. */
export function newOrderRows(order: NewOrder): { row: NewOrderRow; items: NewOrderItemRow[] } {
  return {
    row: {
      userId: order.userId,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      deliveryAddress: order.deliveryAddress,
      deliveryDate: order.deliveryDate,
      ...orderMoneyColumns(order),
      taxRateBasisPoints: order.taxRateBasisPoints,
      promoCode: order.promoCode,
      specialInstructions: order.specialInstructions,
      paymentIntentId: order.paymentIntentId,
      paymentStatus: order.paymentStatus,
      currentPaymentId: order.currentPaymentId,
      authorizedAmount: centsToDecimal(order.authorizedAmount),
      authorizedAt: order.authorizedAt,
      authorizationExpiresAt: order.authorizationExpiresAt ?? null,
      ...(order.paymentStatus === 'captured'
        ? { capturedAmount: centsToDecimal(order.authorizedAmount), capturedAt: order.authorizedAt }
        : {}),
    },
    items: itemRowsOf(order.lines),
  }
}
