import { cutoffOfDelivery, formatDeliveryDate, nextDeliveryDate } from '#shared/domain/delivery.ts'
import { centsToDecimal, type Cents } from '#shared/domain/money.ts'
import {
  CHECKOUT_MESSAGES,
  type AmountMismatch,
  type CheckoutItemValues,
  type CheckoutTotals,
} from '#shared/schemas/checkout.ts'
import type { Order } from '#shared/schemas/order.ts'
import { ORDER_CHANGE_MESSAGES, type PaymentRequired } from '#shared/schemas/order-changes.ts'
import { AppError } from '../../app-error.ts'
import type { OrderWithLines } from '../orders/index.ts'
import { orderMoneyColumns } from '../quote/index.ts'
import { captureOf, conflict, lockedReason, type ChangeContext } from './change-context.ts'
import { changeOrder } from './customer-changes.ts'
import { draftOf } from './drafts.ts'

/**
 * One order per household per Saturday (docs/product.md#one-order-per-saturday): a checkout for
 * a Saturday the customer already has an open order for may add its basket to that order. The
 * lines join through the order's own change path, so the order keeps one delivery fee judged on
 * the combined subtotal, one coupon, one stop and one e-mail saying what was added; paying
 * follows the change's rules (a saved card in the background, or the card form for the new
 * total, replacing the hold).
 */

export type JoinOutcome =
  | { kind: 'amount-mismatch'; body: AmountMismatch }
  | { kind: 'joined'; order: Order }
  | {
      kind: 'payment'
      required: PaymentRequired['paymentRequired']
      totals: CheckoutTotals
      deliveryDate: Date
    }

/** The order's lines with the basket's added: a product on both is one line of both counts. */
function combinedLines(order: OrderWithLines, basket: CheckoutItemValues[]): CheckoutItemValues[] {
  const lines = new Map<string, CheckoutItemValues>()
  for (const item of order.items) {
    if (!item.productId) continue
    lines.set(item.productId, {
      id: item.productId,
      quantity: item.quantity,
      ...(item.customSelections ? { customSelections: item.customSelections as string[] } : {}),
    })
  }
  for (const line of basket) {
    const held = lines.get(line.id)
    if (!held) {
      lines.set(line.id, { id: line.id, quantity: line.quantity, ...pick(line) })
      continue
    }
    // a farm box's chosen items are its own: a second set cannot be added to the first
    if (held.customSelections || line.customSelections) {
      const name = order.items.find((item) => item.productId === line.id)?.productName ?? 'box'
      throw new AppError('CHECKOUT_CONFLICT', { message: ORDER_CHANGE_MESSAGES.joinBoxTwice(name) })
    }
    lines.set(line.id, { ...held, quantity: held.quantity + line.quantity })
  }
  return [...lines.values()]
}

const pick = (line: CheckoutItemValues) =>
  line.customSelections ? { customSelections: line.customSelections } : {}

/**
 * The Saturday closed before the basket could join: it goes to the next one as its own order
 * (the first Saturday still open at this one's cut-off, whatever this process's clock says).
 */
const closed = (order: Pick<OrderWithLines, 'deliveryDate'>) =>
  new AppError('ORDER_CONFLICT', {
    message: ORDER_CHANGE_MESSAGES.joinClosed(
      formatDeliveryDate(nextDeliveryDate(cutoffOfDelivery(order.deliveryDate))),
    ),
  })

/**
 * Adds a basket to the customer's open order. `amount` is the order's new total as the page
 * showed it: a different one answers the server's figures (as checkout does) and changes
 * nothing. At the cut-off the basket either joined before the order's lock or is refused
 * with the Saturday it would go to instead.
 */
export async function joinOrder(
  ctx: ChangeContext,
  orderId: string,
  userId: string,
  input: { amount: Cents; items: CheckoutItemValues[]; paymentMethodId?: string | undefined },
): Promise<JoinOutcome> {
  const order = await ctx.orders.findWithLines(orderId)
  if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND')
  const pastCutoff = () => ctx.now() >= cutoffOfDelivery(order.deliveryDate)
  if (pastCutoff()) throw closed(order)
  const locked = await lockedReason(ctx, order)
  if (locked) {
    // the cut-off's capture began, or ended, on another process whose clock is a little ahead
    if (order.paymentStatus === 'captured' || (await captureOf(ctx, order))) throw closed(order)
    throw await conflict(ctx, locked, orderId)
  }

  const items = combinedLines(order, input.items)
  const draft = await draftOf(ctx, order, { version: order.version, items })
  const priced = draft.priced
  if (!priced) throw new Error('a join always has lines')
  const totals = {
    ...orderMoneyColumns(priced.totals),
    promoCode: priced.coupon?.code ?? null,
  }
  if (priced.totals.total !== input.amount) {
    return {
      kind: 'amount-mismatch',
      body: {
        message: CHECKOUT_MESSAGES.amountChanged,
        totals,
        items: priced.lines
          .filter((line) => input.items.some((item) => item.id === line.productId))
          .map((line) => ({
            id: line.productId,
            name: line.name,
            price: centsToDecimal(line.price),
            taxable: line.taxable ?? false,
          })),
      },
    }
  }

  let result
  try {
    result = await changeOrder(ctx, orderId, userId, {
      version: order.version,
      items,
      ...(input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : {}),
    })
  } catch (error) {
    // the cut-off came first: its time has passed, or its capture began (another process's
    // clock may be a little ahead of this one's)
    if (
      error instanceof AppError &&
      error.code === 'ORDER_CONFLICT' &&
      (pastCutoff() || (await captureOf(ctx, order)))
    ) {
      throw closed(order)
    }
    throw error
  }
  if (!('paymentRequired' in result)) return { kind: 'joined', order: result }
  return {
    kind: 'payment',
    required: result.paymentRequired,
    totals,
    deliveryDate: order.deliveryDate,
  }
}
