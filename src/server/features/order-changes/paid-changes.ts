import { cutoffOfDelivery, packingClosesOfDelivery } from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents, type Cents } from '#shared/domain/money.ts'
import type { DeliveryInfo, Order } from '#shared/schemas/order.ts'
import { ORDER_CHANGE_MESSAGES, type PaymentRequired } from '#shared/schemas/order-changes.ts'
import { SAVED_CARD_MESSAGES } from '#shared/schemas/saved-cards.ts'
import type { OffSessionResult, Payment } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { Transaction } from '../../db/transaction.ts'
import type { OrderWithLines } from '../orders/index.ts'
import { orderMoneyColumns, totalsOfColumns, type PricedLine } from '../quote/index.ts'
import type { StockLine } from '../weekly-stock/index.ts'
import {
  conflict,
  lockedReason,
  readPayment,
  voidWithin,
  type ChangeContext,
} from './change-context.ts'
import { revisionOf, type Draft } from './drafts.ts'
import { operationKey } from './operation-keys.ts'
import type { OrderChangeRow } from './order-money.repo.ts'

/**
 * Changes that need a new payment (docs/product.md#order-changes): a change above what the card
 * authorised, and a payment with another card after the cut-off's capture failed. The change is
 * kept beside its payment and applied exactly once, when the provider says the card is good
 * for it (the browser's call, the provider's event or the sweep, whichever comes first).
 */

/** An order's lines as weekly quantities count them: less what was short. */
export function stockLinesOf(order: OrderWithLines): StockLine[] {
  return order.items.flatMap((item) =>
    item.productId
      ? [
          {
            productId: item.productId,
            quantity: item.quantity - item.shortQuantity,
            customSelections: item.customSelections as StockLine['customSelections'],
          },
        ]
      : [],
  )
}

/** A saved card of the customer's, with the provider customer it is kept on. */
export interface SavedCardChoice {
  readonly id: string
  readonly customer: string
}

/** The customer's saved card, or 404 when it is not theirs (or no longer saved). */
export async function savedCardOf(
  ctx: ChangeContext,
  userId: string,
  cardId: string,
): Promise<SavedCardChoice> {
  const customer = await ctx.cards.customerOfCard(userId, cardId)
  if (!customer) throw new AppError('CARD_NOT_FOUND')
  return { id: cardId, customer }
}

/** before the cut-off a card is only authorised, as at checkout; after it, taken at once */
const captureAt = (at: Date, order: Pick<OrderWithLines, 'deliveryDate'>) =>
  at < cutoffOfDelivery(order.deliveryDate) ? ('manual' as const) : ('automatic' as const)

/** The change stored before any payment is asked for: it holds what it raises of a limited product. */
async function storeChange(
  ctx: ChangeContext,
  order: OrderWithLines,
  draft: Draft,
  purpose: 'change' | 'pay_again',
  savedCardId: string | null,
) {
  const priced = draft.priced
  const totals = priced ? priced.totals : totalsOfColumns(order)
  const change = await ctx.transaction(async (tx) => {
    if (priced) {
      await ctx.stock.reserveWithin(tx, {
        saturday: order.deliveryDate,
        lines: priced.lines,
        order: { id: order.id, lines: stockLinesOf(order) },
      })
    }
    return ctx.repo.within(tx).insertChange({
      orderId: order.id,
      userId: order.userId,
      purpose,
      baseVersion: order.version,
      paymentIntentId: `awaiting_payment_${crypto.randomUUID()}`,
      items: priced?.lines ?? [],
      couponId: priced?.coupon?.id ?? null,
      promoCode: priced?.couponDropped ? null : order.promoCode,
      ...orderMoneyColumns(totals),
      deliveryInfo: draft.deliveryInfo,
      specialInstructions: draft.specialInstructions ?? null,
      changesInstructions: draft.specialInstructions !== undefined,
      savedCardId,
      createdAt: ctx.now(),
    })
  })
  return { change, totals }
}

/** The card form's payment for a stored change; without one, the change goes (503). */
async function paymentForForm(
  ctx: ChangeContext,
  order: OrderWithLines,
  change: OrderChangeRow,
  savedCard?: PaymentRequired['paymentRequired']['savedCard'],
): Promise<PaymentRequired> {
  const purpose = change.purpose
  const total = decimalToCents(change.total)
  let payment
  try {
    payment = await ctx.provider.createPayment({
      amount: total,
      currency: 'usd',
      metadata: {
        orderId: order.id,
        userId: order.userId,
        ...(purpose === 'change' ? { orderChangeId: change.id } : { purpose: 'pay_again' }),
      },
      idempotencyKey: `order_${purpose}_${change.id}`,
      description: `Order ${order.id.slice(0, 8)}: ${purpose === 'change' ? 'change' : 'payment'}`,
      capture: captureAt(change.createdAt, order),
    })
  } catch (error) {
    await ctx.repo.removeChange(change.id)
    ctx.log.error({ err: error, orderId: order.id }, 'creating the payment for an order failed')
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
  }
  await ctx.repo.attachChangePayment(change.id, payment.id)
  // the change holds what it raises of a limited product from now on
  if (hasLines(change)) ctx.stock.changed()
  return {
    paymentRequired: {
      clientSecret: payment.clientSecret,
      paymentIntentId: payment.id,
      total: centsToDecimal(total),
      provider: ctx.provider.name,
      ...(savedCard ? { savedCard } : {}),
    },
  }
}

const hasLines = (change: OrderChangeRow) =>
  Array.isArray(change.items) && (change.items as unknown[]).length > 0

/** A change kept with a new payment for its total: what the card form needs. */
export async function askForPayment(
  ctx: ChangeContext,
  order: OrderWithLines,
  draft: Draft,
  purpose: 'change' | 'pay_again',
): Promise<PaymentRequired> {
  const { change } = await storeChange(ctx, order, draft, purpose, null)
  return paymentForForm(ctx, order, change)
}

/**
 * Charges the change's saved card without the customer, under a key of the change's own: asked
 * again (the sweep, after an answer was lost), it answers the same payment.
 */
export function chargeSavedCard(
  ctx: ChangeContext,
  change: OrderChangeRow,
  order: Pick<OrderWithLines, 'deliveryDate'>,
  customer: string,
): Promise<OffSessionResult> {
  if (!change.savedCardId) throw new Error(`change ${change.id} has no saved card`)
  return ctx.provider.chargeOffSession({
    customer,
    paymentMethod: change.savedCardId,
    amount: decimalToCents(change.total),
    currency: 'usd',
    capture: captureAt(change.createdAt, order),
    metadata: { orderId: change.orderId, userId: change.userId, orderChangeId: change.id },
    idempotencyKey: `order_change_saved_card_${change.id}`,
    description: `Order ${change.orderId.slice(0, 8)}: change`,
  })
}

/**
 * A change above the hold, paid with a saved card (docs/product.md#saved-cards): authorised in
 * the background and applied at once, the old hold released. Only a card the bank wants the
 * customer to confirm, or one it refuses, brings the card form back, for the same change.
 */
export async function payWithSavedCard(
  ctx: ChangeContext,
  order: OrderWithLines,
  draft: Draft,
  card: SavedCardChoice,
): Promise<Order | PaymentRequired> {
  const { change } = await storeChange(ctx, order, draft, 'change', card.id)
  const result = await chargeSavedCard(ctx, change, order, card.customer)
  const total = centsToDecimal(decimalToCents(change.total))
  const formFor = async (
    paymentId: string,
    clientSecret: string,
    savedCard: NonNullable<PaymentRequired['paymentRequired']['savedCard']>,
  ): Promise<PaymentRequired> => {
    await ctx.repo.attachChangePayment(change.id, paymentId)
    if (hasLines(change)) ctx.stock.changed()
    return {
      paymentRequired: {
        clientSecret,
        paymentIntentId: paymentId,
        total,
        provider: ctx.provider.name,
        savedCard,
      },
    }
  }
  switch (result.status) {
    case 'authorized':
    case 'succeeded':
      await ctx.repo.attachChangePayment(change.id, result.payment.id)
      if (hasLines(change)) ctx.stock.changed()
      return applyPaid(ctx, { ...change, paymentIntentId: result.payment.id })
    case 'requires_authentication':
      return formFor(result.paymentId, result.clientSecret, {
        status: 'requires_authentication',
        code: null,
        message: SAVED_CARD_MESSAGES.savedCardNeedsYou,
      })
    case 'declined': {
      const savedCard = {
        status: 'declined' as const,
        code: result.code,
        message: SAVED_CARD_MESSAGES.savedCardDeclined(result.message),
      }
      if (result.paymentId && result.clientSecret) {
        return formFor(result.paymentId, result.clientSecret, savedCard)
      }
      // no payment was made (the card is gone): a payment for the card form, same change
      return paymentForForm(ctx, order, change, savedCard)
    }
    case 'error':
      // the change stays with its saved card: the sweep asks again under the same key, so a
      // charge whose answer was lost is found, applied or released (docs/product.md#saved-cards)
      ctx.log.error({ orderId: order.id, changeId: change.id }, result.message)
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
  }
}

/** The card is good for the change's total: authorised for it, or (taken at once) paid. */
function paidFor(change: OrderChangeRow, payment: Payment | null): payment is Payment {
  if (!payment) return false
  const total = decimalToCents(change.total)
  const good =
    payment.status === 'requires_capture'
      ? payment.amountCapturable === total
      : payment.status === 'succeeded' && payment.amountReceived === total
  return good && payment.metadata['orderId'] === change.orderId
}

/** The draft a stored change holds, as it was priced when the customer asked. */
function draftOfChange(change: OrderChangeRow, order: OrderWithLines): Draft {
  const lines = change.items as PricedLine[]
  return {
    priced:
      lines.length > 0
        ? {
            lines,
            totals: totalsOfColumns(change),
            coupon: null,
            couponDropped:
              order.promoCode && !change.promoCode
                ? ORDER_CHANGE_MESSAGES.couponDropped(order.promoCode, 'changed order')
                : null,
          }
        : null,
    deliveryInfo: (change.deliveryInfo as DeliveryInfo | null) ?? null,
    specialInstructions: change.changesInstructions ? change.specialInstructions : undefined,
  }
}

/**
 * A payment that is not applied gives its money back: a hold is released, money taken at once
 * (a payment after the deadline) is refunded whole. Keys of the operations stored.
 */
async function giveBack(
  ctx: ChangeContext,
  tx: Transaction,
  change: OrderChangeRow,
  payment: Payment,
): Promise<string[]> {
  if (payment.status !== 'succeeded') {
    const key = await voidWithin(ctx, tx, change.orderId, change.paymentIntentId)
    return key ? [key] : []
  }
  const key = operationKey.lateRefund(change.paymentIntentId)
  await ctx.money.requestWithin(tx, {
    key,
    orderId: change.orderId,
    kind: 'refund',
    paymentId: change.paymentIntentId,
    amount: payment.amountReceived,
    reason: 'Paid after the deadline to pay',
  })
  return [key]
}

type Applied = { outcome: 'applied' | 'refused'; operations: string[] }

/** A change (or payment) that can no longer be applied: closed, and its money given back. */
async function refuse(
  ctx: ChangeContext,
  tx: Transaction,
  change: OrderChangeRow,
  payment: Payment,
): Promise<Applied> {
  await ctx.repo.within(tx).closeChange(change.id, 'refused')
  return { outcome: 'refused', operations: await giveBack(ctx, tx, change, payment) }
}

/** A payment after a failed capture: the order paid (or authorised again), the old hold released. */
async function applyPayAgain(
  ctx: ChangeContext,
  tx: Transaction,
  change: OrderChangeRow,
  order: OrderWithLines,
  payment: Payment,
): Promise<Applied> {
  // past the Friday noon deadline the order is on hold, and may still be paid until packing
  // stops (docs/product.md#order-payments); after that the payment is given back
  const late = ctx.now() >= packingClosesOfDelivery(order.deliveryDate)
  const payable = order.status !== 'cancelled' && order.status !== 'completed'
  if (late || !payable || order.paymentStatus !== 'payment_failed') {
    return refuse(ctx, tx, change, payment)
  }
  const captured = payment.status === 'succeeded'
  const replaced = order.currentPaymentId
  await ctx.orders.recordPaymentWithin(tx, order.id, {
    kind: 'paid_again',
    paymentId: change.paymentIntentId,
    amount: captured ? payment.amountReceived : payment.amountCapturable,
    captured,
    captureBefore: payment.captureBefore,
  })
  await ctx.repo.within(tx).closeChange(change.id, 'applied')
  // the declined card's hold goes now that the new payment stands
  const key =
    replaced !== change.paymentIntentId ? await voidWithin(ctx, tx, order.id, replaced) : null
  return { outcome: 'applied', operations: key ? [key] : [] }
}

/** A change of the order: written once the new payment holds it, then the old hold released. */
async function applyChange(
  ctx: ChangeContext,
  tx: Transaction,
  change: OrderChangeRow,
  order: OrderWithLines,
  payment: Payment,
): Promise<Applied> {
  const within = ctx.repo.within(tx)
  if (order.version !== change.baseVersion || (await lockedReason(ctx, order, within))) {
    return refuse(ctx, tx, change, payment)
  }
  // the change's lines become the order's: counted in one place or the other, never in neither
  // (the products' locks before any coupon's: docs/product.md#weekly-quantities)
  await ctx.stock.lockWithin(tx, [
    ...stockLinesOf(order),
    ...(Array.isArray(change.items) ? (change.items as unknown[]) : []),
  ])
  const discount = decimalToCents(change.discountAmount)
  if (change.items && (change.items as unknown[]).length > 0 && change.promoCode && discount > 0) {
    await ctx.coupons.updateRedemptionWithin(tx, order.id, discount)
  }
  const draft = draftOfChange(change, order)
  if (draft.priced?.couponDropped) await ctx.coupons.giveBackWithin(tx, order.id)
  const replaced = order.currentPaymentId
  const total: Cents = decimalToCents(change.total)
  await ctx.orders.reviseWithin(
    tx,
    order.id,
    revisionOf(draft, order, {
      paymentId: change.paymentIntentId,
      amount: total,
      captureBefore: payment.captureBefore,
    }),
    { kind: 'customer', userId: order.userId },
  )
  await within.closeChange(change.id, 'applied')
  // the old authorisation goes only now that the new one holds: never an unpaid order
  const key = await voidWithin(ctx, tx, order.id, replaced)
  return { outcome: 'applied', operations: key ? [key] : [] }
}

/** Applies a change (or a payment after a failed capture) whose payment succeeded, once. */
export async function applyPaid(ctx: ChangeContext, change: OrderChangeRow): Promise<Order> {
  const payment = await readPayment(ctx, change.paymentIntentId)
  if (!paidFor(change, payment)) throw new AppError('PAYMENT_NOT_COMPLETED')
  const { outcome, operations } = await ctx.transaction(async (tx): Promise<Applied> => {
    const locked = await ctx.repo.within(tx).lockChange(change.id)
    if (!locked || locked.status === 'applied') return { outcome: 'applied', operations: [] }
    if (locked.status !== 'pending') return { outcome: 'refused', operations: [] }
    const order = await ctx.orders.lockWithin(tx, locked.orderId)
    if (!order) return { outcome: 'refused', operations: [] }
    return locked.purpose === 'pay_again'
      ? applyPayAgain(ctx, tx, locked, order, payment)
      : applyChange(ctx, tx, locked, order, payment)
  })
  for (const key of operations) await ctx.money.carryOutSoon(key)
  if (outcome === 'refused') {
    const message =
      change.purpose === 'pay_again'
        ? ORDER_CHANGE_MESSAGES.payAgainClosed
        : ORDER_CHANGE_MESSAGES.stale
    throw await conflict(ctx, message, change.orderId)
  }
  const order = await ctx.orders.wireOf(change.orderId)
  if (!order) throw new AppError('ORDER_NOT_FOUND')
  return order
}
