import type { Cents } from '#shared/domain/money.ts'
import type { DeliveryInfo } from '#shared/schemas/order.ts'
import { ORDER_CHANGE_MESSAGES, type OrderChangeValues } from '#shared/schemas/order-changes.ts'
import type { CheckoutItemValues } from '#shared/schemas/checkout.ts'
import { AppError } from '../../app-error.ts'
import type { AppliedCoupon } from '../coupons/index.ts'
import {
  formatDeliveryAddress,
  orderLinesOf,
  type OrderItemRow,
  type OrderRevision,
  type OrderRow,
  type OrderWithLines,
} from '../orders/index.ts'
import { appliedCoupon, assertMinimum, type PricedLine, type QuoteTotals } from '../quote/index.ts'
import type { ChangeContext } from './change-context.ts'

/**
 * A change the customer asks for, priced by the server (docs/product.md#order-changes): new
 * lines and totals when the items change, the address and the instructions; written on the
 * order once it is within what the card holds, or once a new payment holds it.
 */
export interface Draft {
  readonly priced: {
    readonly lines: PricedLine[]
    readonly totals: QuoteTotals
    readonly coupon: AppliedCoupon | null
    /** why the order's coupon no longer applies, when it does not */
    readonly couponDropped: string | null
  } | null
  readonly deliveryInfo: DeliveryInfo | null
  /** undefined: unchanged; null: cleared */
  readonly specialInstructions: string | null | undefined
}

/** The new lines priced as checkout prices them, the order's coupon judged again. */
async function reprice(
  ctx: ChangeContext,
  order: OrderRow,
  items: CheckoutItemValues[],
): Promise<NonNullable<Draft['priced']>> {
  let quote
  try {
    quote = await ctx.quote({
      items,
      promo: order.promoCode
        ? { code: order.promoCode, heldBy: { placedAt: order.createdAt } }
        : null,
      at: ctx.now(),
    })
  } catch (error) {
    // an unknown or sold-out product is bad input to a change (400), not a basket to review
    if (error instanceof AppError && error.code === 'CHECKOUT_CONFLICT') {
      throw new AppError('BAD_REQUEST', {
        message: error.message,
        fields: { items: error.message },
      })
    }
    throw error
  }
  assertMinimum(quote)
  const refused = quote.coupon?.verdict === 'refused' ? quote.coupon : null
  return {
    lines: quote.lines,
    totals: quote,
    coupon: appliedCoupon(quote),
    couponDropped: refused
      ? ORDER_CHANGE_MESSAGES.couponDropped(refused.code, refused.problem)
      : null,
  }
}

/** The draft the input asks for. */
export async function draftOf(
  ctx: ChangeContext,
  order: OrderRow,
  input: OrderChangeValues,
): Promise<Draft> {
  return {
    priced: input.items ? await reprice(ctx, order, input.items) : null,
    deliveryInfo: input.deliveryInfo ?? null,
    specialInstructions:
      input.specialInstructions === undefined ? undefined : input.specialInstructions || null,
  }
}

/** "Tomatoes 2 → 3; added Farm Eggs ×1; removed Honey; new delivery address"; '' when nothing. */
export function describeDraft(before: OrderItemRow[], draft: Draft, order: OrderRow): string {
  const parts: string[] = []
  if (draft.priced) {
    const old = new Map(before.map((item) => [item.productId ?? item.id, item]))
    const seen = new Set<string>()
    for (const line of draft.priced.lines) {
      seen.add(line.productId)
      const was = old.get(line.productId)
      if (!was) parts.push(`added ${line.name} ×${line.quantity}`)
      else if (was.quantity !== line.quantity) {
        parts.push(`${line.name} ${was.quantity} → ${line.quantity}`)
      } else if (
        JSON.stringify(was.customSelections ?? null) !== JSON.stringify(line.customSelections)
      ) {
        parts.push(`new choice of items in ${line.name}`)
      }
    }
    for (const item of before) {
      if (!seen.has(item.productId ?? item.id)) parts.push(`removed ${item.productName}`)
    }
  }
  if (draft.deliveryInfo) {
    const address = formatDeliveryAddress(draft.deliveryInfo)
    if (address !== order.deliveryAddress) parts.push('new delivery address')
    if (draft.deliveryInfo.phone !== order.customerPhone) parts.push('new phone number')
    const name = `${draft.deliveryInfo.firstName} ${draft.deliveryInfo.lastName}`
    if (name !== order.customerName) parts.push('new name for the delivery')
  }
  if (
    draft.specialInstructions !== undefined &&
    draft.specialInstructions !== order.specialInstructions
  ) {
    parts.push('new delivery instructions')
  }
  if (draft.priced?.couponDropped) parts.push(`coupon ${order.promoCode} removed`)
  const text = parts.join('; ')
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : ''
}

/**
 * The revision the orders feature writes. The e-mail typed with an address is not kept: the
 * order's e-mails go to its account (docs/product.md#order-emails).
 */
export function revisionOf(
  draft: Draft,
  order: OrderWithLines,
  authorization: { paymentId: string; amount: Cents; captureBefore: Date | null } | null = null,
): OrderRevision {
  const { priced, deliveryInfo } = draft
  return {
    summary: describeDraft(order.items, draft, order) || 'Order saved',
    priced: priced
      ? {
          lines: orderLinesOf(priced.lines),
          totals: priced.totals,
          promoCode: priced.couponDropped ? null : order.promoCode,
        }
      : null,
    contact: deliveryInfo
      ? {
          customerName: `${deliveryInfo.firstName} ${deliveryInfo.lastName}`,
          customerPhone: deliveryInfo.phone,
          deliveryAddress: formatDeliveryAddress(deliveryInfo),
        }
      : null,
    specialInstructions: draft.specialInstructions,
    authorization,
  }
}
