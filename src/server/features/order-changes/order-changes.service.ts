import type { FastifyBaseLogger } from 'fastify'
import {
  centsToDecimal,
  decimalToCents,
  formatCents,
  sumCents,
  type Cents,
} from '#shared/domain/money.ts'
import { formatEditDeadline, cutoffOfDelivery } from '#shared/domain/delivery.ts'
import { lineTotal, MINIMUM_ORDER_CENTS, priceBasket } from '#shared/domain/pricing.ts'
import { CHECKOUT_MESSAGES, type CheckoutItemValues } from '#shared/schemas/checkout.ts'
import type { DeliveryInfo, Order, OrderRefund } from '#shared/schemas/order.ts'
import {
  ORDER_CHANGE_MESSAGES,
  type OrderChangeValues,
  type PaymentRequired,
} from '#shared/schemas/order-changes.ts'
import type { PaymentProvider } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import type { CatalogService } from '../catalog/index.ts'
import { formatDeliveryAddress, priceBasketLines, type PricedLine } from '../checkout/index.ts'
import type { AppliedCoupon, CouponsService } from '../coupons/index.ts'
import type { OrdersService } from '../orders/index.ts'
import type { Notify } from './notices.ts'
import { operationKey, type OrderMoney } from './order-money.ts'
import type {
  NewOrderItem,
  OrderChangeRow,
  OrderItemRow,
  OrderRow,
  OrderWeekRepo,
} from './order-week.repo.ts'

export interface OrderChangesDeps {
  repo: OrderWeekRepo
  transaction: RunInTransaction
  orders: Pick<OrdersService, 'orderOf' | 'wireOf' | 'adminOrderOf'>
  catalog: Pick<CatalogService, 'productsForOrder'>
  coupons: Pick<
    CouponsService,
    'judgeForOrder' | 'updateRedemptionWithin' | 'giveBackWithin' | 'redeemWithin'
  >
  provider: PaymentProvider
  money: OrderMoney
  notify: Notify
  log: FastifyBaseLogger
  now: () => Date
}

/** Who asks: the customer (their own orders only) or a member of staff. */
export type Actor =
  | { readonly kind: 'customer'; readonly userId: string }
  | { readonly kind: 'staff'; readonly id: string; readonly email: string }

interface Repriced {
  lines: PricedLine[]
  subtotal: Cents
  discount: Cents
  deliveryFee: Cents
  tax: Cents
  total: Cents
  coupon: AppliedCoupon | null
  couponDropped: string | null
}

/** A change as it will be written: lines and totals (when the items change) and the rest. */
interface Revision {
  repriced: Repriced | null
  deliveryInfo: DeliveryInfo | null
  /** undefined: unchanged; null: cleared */
  specialInstructions: string | null | undefined
}

const totalOf = (order: OrderRow) => decimalToCents(order.total)

/** "Tomatoes 2 → 3; added Farm Eggs ×1; removed Honey; new delivery address". */
function describeRevision(before: OrderItemRow[], revision: Revision, order: OrderRow): string {
  const parts: string[] = []
  if (revision.repriced) {
    const old = new Map(before.map((item) => [item.productId ?? item.id, item]))
    const seen = new Set<string>()
    for (const line of revision.repriced.lines) {
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
  if (revision.deliveryInfo) {
    const address = formatDeliveryAddress(revision.deliveryInfo)
    if (address !== order.deliveryAddress) parts.push('new delivery address')
    if (revision.deliveryInfo.phone !== order.customerPhone) parts.push('new phone number')
  }
  if (
    revision.specialInstructions !== undefined &&
    revision.specialInstructions !== order.specialInstructions
  ) {
    parts.push('new delivery instructions')
  }
  if (revision.repriced?.couponDropped) parts.push(`coupon ${order.promoCode} removed`)
  const text = parts.join('; ')
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : ''
}

/**
 * The customer's changes and cancellation until the cut-off, a payment after a failed
 * capture, and the staff's cancellations and refunds (docs/product.md#order-changes).
 */
export function createOrderChangesService(deps: OrderChangesDeps) {
  const { repo, transaction, orders, provider, money, notify, log, now } = deps

  const conflict = async (message: string, orderId: string) =>
    new AppError('ORDER_CONFLICT', { message, details: { order: await orders.wireOf(orderId) } })

  /** Why the customer may not change or cancel this order now; null when they may. */
  async function lockedReason(order: OrderRow, within: OrderWeekRepo): Promise<string | null> {
    if (order.status === 'cancelled') return ORDER_CHANGE_MESSAGES.cancelled
    const cutoff = cutoffOfDelivery(order.deliveryDate)
    const locked = ORDER_CHANGE_MESSAGES.locked(formatEditDeadline(cutoff))
    if (now() >= cutoff) return locked
    if (order.paymentStatus === 'payment_failed') return ORDER_CHANGE_MESSAGES.paymentProblem
    if (order.paymentStatus !== 'authorized') return locked
    // the cut-off's capture has begun (a process whose clock runs ahead): no change after it
    const captures = await within.operationsOf(order.id, 'capture')
    if (captures.some((capture) => capture.paymentId === order.currentPaymentId)) return locked
    return null
  }

  async function ownOrder(orderId: string, userId: string): Promise<OrderRow> {
    const order = await repo.findOrder(orderId)
    if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND')
    return order
  }

  /** The new lines priced as checkout prices them, the order's coupon judged again. */
  async function reprice(order: OrderRow, items: CheckoutItemValues[]): Promise<Repriced> {
    let lines: PricedLine[]
    try {
      lines = await priceBasketLines(deps.catalog, items)
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
    const subtotal = sumCents(lines.map((line) => lineTotal(line.price, line.quantity)))
    if (subtotal < MINIMUM_ORDER_CENTS) {
      throw new AppError('BELOW_MINIMUM_ORDER', {
        message: CHECKOUT_MESSAGES.belowMinimum(
          formatCents(MINIMUM_ORDER_CENTS),
          formatCents(MINIMUM_ORDER_CENTS - subtotal),
        ),
      })
    }
    let coupon: AppliedCoupon | null = null
    let couponDropped: string | null = null
    if (order.promoCode) {
      const judged = await deps.coupons.judgeForOrder(order.promoCode, subtotal, order.createdAt)
      if ('problem' in judged) {
        couponDropped = ORDER_CHANGE_MESSAGES.couponDropped(order.promoCode, judged.problem)
      } else coupon = judged.coupon
    }
    const totals = priceBasket(subtotal, coupon?.discount)
    return {
      lines,
      subtotal: totals.subtotal,
      discount: totals.discount,
      deliveryFee: totals.deliveryFee,
      tax: totals.tax,
      total: totals.total,
      coupon,
      couponDropped,
    }
  }

  function itemsOf(lines: PricedLine[]): NewOrderItem[] {
    return lines.map((line) => ({
      productId: line.productId,
      productName: line.name,
      productPrice: centsToDecimal(line.price),
      quantity: line.quantity,
      farmSource: line.farmSource,
      imageUrl: line.imageUrl,
      customSelections: line.customSelections,
    }))
  }

  /**
   * Writes a revision on the locked order: lines, totals, coupon, address, instructions; the
   * version goes up, the history and the customer's e-mail record it.
   */
  async function writeRevision(
    tx: Transaction,
    order: OrderRow & { items: OrderItemRow[] },
    revision: Revision,
    by: Actor,
    authorization?: { paymentId: string; amount: Cents },
  ) {
    const within = repo.within(tx)
    const summary = describeRevision(order.items, revision, order) || 'Order saved'
    const { repriced, deliveryInfo } = revision
    if (repriced) {
      await within.replaceItems(order.id, itemsOf(repriced.lines))
      if (repriced.couponDropped) await deps.coupons.giveBackWithin(tx, order.id)
      else if (repriced.coupon) {
        await deps.coupons.updateRedemptionWithin(tx, order.id, repriced.discount)
      }
    }
    await within.updateOrder(order.id, {
      version: order.version + 1,
      ...(repriced
        ? {
            subtotal: centsToDecimal(repriced.subtotal),
            discountAmount: centsToDecimal(repriced.discount),
            deliveryFee: centsToDecimal(repriced.deliveryFee),
            tax: centsToDecimal(repriced.tax),
            total: centsToDecimal(repriced.total),
            promoCode: repriced.couponDropped ? null : order.promoCode,
          }
        : {}),
      ...(deliveryInfo
        ? {
            customerName: `${deliveryInfo.firstName} ${deliveryInfo.lastName}`,
            customerEmail: deliveryInfo.email,
            customerPhone: deliveryInfo.phone,
            deliveryAddress: formatDeliveryAddress(deliveryInfo),
          }
        : {}),
      ...(revision.specialInstructions !== undefined
        ? { specialInstructions: revision.specialInstructions }
        : {}),
      ...(authorization
        ? {
            currentPaymentId: authorization.paymentId,
            authorizedAmount: centsToDecimal(authorization.amount),
            authorizedAt: now(),
          }
        : {}),
    })
    const newTotal = repriced ? repriced.total : totalOf(order)
    await within.addEvent({
      orderId: order.id,
      kind: 'changed',
      actor: by.kind,
      actorEmail: by.kind === 'staff' ? by.email : null,
      summary,
      oldTotal: order.total,
      newTotal: centsToDecimal(newTotal),
    })
    await notify(
      tx,
      order.id,
      { kind: 'order_changed', oldTotal: totalOf(order), summary },
      `order_changed:${order.id}:${order.version + 1}`,
    )
  }

  /** The revision the input asks for; null when it changes nothing. */
  async function revisionOf(order: OrderRow & { items: OrderItemRow[] }, input: OrderChangeValues) {
    const revision: Revision = {
      repriced: input.items ? await reprice(order, input.items) : null,
      deliveryInfo: input.deliveryInfo ?? null,
      specialInstructions:
        input.specialInstructions === undefined ? undefined : input.specialInstructions || null,
    }
    return revision
  }

  /** A change above what the card authorised: stored with its own payment for the new total. */
  async function askForPayment(
    order: OrderRow,
    revision: Revision,
    purpose: 'change' | 'pay_again',
  ): Promise<PaymentRequired> {
    const priced = revision.repriced
    const total = priced ? priced.total : totalOf(order)
    const change = await repo.insertChange({
      orderId: order.id,
      userId: order.userId,
      purpose,
      baseVersion: order.version,
      paymentIntentId: `awaiting_payment_${crypto.randomUUID()}`,
      items: priced?.lines ?? [],
      couponId: priced?.coupon?.id ?? null,
      promoCode: priced?.couponDropped ? null : order.promoCode,
      subtotal: centsToDecimal(priced?.subtotal ?? decimalToCents(order.subtotal)),
      discountAmount: centsToDecimal(priced?.discount ?? decimalToCents(order.discountAmount)),
      deliveryFee: centsToDecimal(priced?.deliveryFee ?? decimalToCents(order.deliveryFee)),
      tax: centsToDecimal(priced?.tax ?? decimalToCents(order.tax)),
      total: centsToDecimal(total),
      deliveryInfo: revision.deliveryInfo,
      specialInstructions: revision.specialInstructions ?? null,
      changesInstructions: revision.specialInstructions !== undefined,
      createdAt: now(),
    })
    let payment
    try {
      payment = await provider.createPayment({
        amount: total,
        currency: 'usd',
        metadata: {
          orderId: order.id,
          userId: order.userId,
          ...(purpose === 'change' ? { orderChangeId: change.id } : { purpose: 'pay_again' }),
        },
        idempotencyKey: `order_${purpose}_${change.id}`,
        description: `Order ${order.id.slice(0, 8)}: ${purpose === 'change' ? 'change' : 'payment'}`,
        // after the cut-off a payment is taken at once: there is no capture left to wait for
        capture: purpose === 'pay_again' ? 'automatic' : 'manual',
      })
    } catch (error) {
      await repo.removeChange(change.id)
      log.error({ err: error, orderId: order.id }, 'creating the payment for an order failed')
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
    }
    await repo.attachChangePayment(change.id, payment.id)
    return {
      paymentRequired: {
        clientSecret: payment.clientSecret,
        paymentIntentId: payment.id,
        total: centsToDecimal(total),
        provider: provider.name,
      },
    }
  }

  /** Voids the replaced or refused authorisation, once, after the transaction that decided it. */
  async function voidWithin(tx: Transaction, orderId: string, paymentId: string | null) {
    if (!paymentId) return null
    const key = operationKey.void(paymentId)
    await money.requestWithin(tx, { key, orderId, kind: 'void', paymentId, amount: 0 })
    return key
  }

  /** Applies a change (or a payment after a failed capture) whose payment succeeded. */
  async function applyPaid(change: OrderChangeRow): Promise<Order> {
    const payment = await provider.retrievePayment(change.paymentIntentId).catch((error) => {
      log.error(
        { err: error, paymentIntentId: change.paymentIntentId },
        'reading the payment failed',
      )
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
    })
    const total = decimalToCents(change.total)
    const authorised =
      payment?.status === 'requires_capture'
        ? payment.amountCapturable === total
        : payment?.status === 'succeeded' && payment.amountReceived === total
    if (!payment || !authorised || payment.metadata['orderId'] !== change.orderId) {
      throw new AppError('PAYMENT_NOT_COMPLETED')
    }
    const voids: string[] = []
    const outcome = await transaction(async (tx) => {
      const within = repo.within(tx)
      const locked = await within.lockChange(change.id)
      if (!locked || locked.status === 'applied') return 'applied' as const
      if (locked.status !== 'pending') return 'refused' as const
      const order = await within.lockOrder(change.orderId)
      if (!order) return 'refused' as const
      if (locked.purpose === 'pay_again') {
        if (order.status === 'cancelled' || order.paymentStatus !== 'payment_failed') {
          await within.closeChange(locked.id, 'refused')
          return 'refused' as const
        }
        await within.updateOrder(order.id, {
          paymentStatus: 'captured',
          currentPaymentId: locked.paymentIntentId,
          authorizedAmount: locked.total,
          authorizedAt: now(),
          capturedAmount: centsToDecimal(payment.amountReceived),
          capturedAt: now(),
        })
        await within.addEvent({
          orderId: order.id,
          kind: 'paid_again',
          actor: 'customer',
          summary: `Paid ${formatCents(payment.amountReceived)} with another card`,
          newTotal: locked.total,
        })
        await notify(tx, order.id, { kind: 'payment_captured' }, `payment_captured:${order.id}`)
        await within.closeChange(locked.id, 'applied')
        return 'applied' as const
      }
      if (order.version !== locked.baseVersion || (await lockedReason(order, within))) {
        await within.closeChange(locked.id, 'refused')
        const key = await voidWithin(tx, order.id, locked.paymentIntentId)
        if (key) voids.push(key)
        return 'refused' as const
      }
      const items = locked.items as PricedLine[]
      const revision: Revision = {
        repriced:
          items.length > 0
            ? {
                lines: items,
                subtotal: decimalToCents(locked.subtotal),
                discount: decimalToCents(locked.discountAmount),
                deliveryFee: decimalToCents(locked.deliveryFee),
                tax: decimalToCents(locked.tax),
                total,
                coupon: null,
                couponDropped:
                  order.promoCode && !locked.promoCode
                    ? ORDER_CHANGE_MESSAGES.couponDropped(order.promoCode, 'changed order')
                    : null,
              }
            : null,
        deliveryInfo: (locked.deliveryInfo as DeliveryInfo | null) ?? null,
        specialInstructions: locked.changesInstructions ? locked.specialInstructions : undefined,
      }
      if (revision.repriced && locked.promoCode && decimalToCents(locked.discountAmount) > 0) {
        await deps.coupons.updateRedemptionWithin(
          tx,
          order.id,
          decimalToCents(locked.discountAmount),
        )
      }
      const replaced = order.currentPaymentId
      await writeRevision(
        tx,
        order,
        revision,
        { kind: 'customer', userId: order.userId },
        {
          paymentId: locked.paymentIntentId,
          amount: total,
        },
      )
      await within.closeChange(locked.id, 'applied')
      // the old authorisation goes only now that the new one holds: never an unpaid order
      const key = await voidWithin(tx, order.id, replaced)
      if (key) voids.push(key)
      return 'applied' as const
    })
    for (const key of voids) await money.carryOutSoon(key)
    if (outcome === 'refused') {
      throw await conflict(ORDER_CHANGE_MESSAGES.stale, change.orderId)
    }
    const order = await orders.wireOf(change.orderId)
    if (!order) throw new AppError('ORDER_NOT_FOUND')
    return order
  }

  async function cancel(orderId: string, by: Actor): Promise<void> {
    const operations: string[] = []
    await transaction(async (tx) => {
      const within = repo.within(tx)
      const order = await within.lockOrder(orderId)
      if (!order || (by.kind === 'customer' && order.userId !== by.userId)) {
        throw new AppError('ORDER_NOT_FOUND')
      }
      if (by.kind === 'customer') {
        const reason = await lockedReason(order, within)
        if (reason) throw await conflict(reason, orderId)
      } else if (order.status === 'cancelled') {
        throw await conflict(ORDER_CHANGE_MESSAGES.cancelled, orderId)
      }
      let paymentStatus = order.paymentStatus
      const captured = decimalToCents(order.capturedAmount)
      const left =
        captured - decimalToCents(order.refundedAmount) - (await pendingRefunds(within, orderId))
      if (order.paymentStatus === 'authorized' && order.currentPaymentId) {
        const key = await voidWithin(tx, orderId, order.currentPaymentId)
        if (key) operations.push(key)
        paymentStatus = 'voided'
      } else if (left > 0 && order.currentPaymentId) {
        // captured already: the whole amount left goes back to the card
        const key = operationKey.refund(`${orderId}:cancel`)
        await money.requestWithin(tx, {
          key,
          orderId,
          kind: 'refund',
          paymentId: order.currentPaymentId,
          amount: left,
          reason: 'Order cancelled',
          ...(by.kind === 'staff' ? { requestedByEmail: by.email } : {}),
        })
        operations.push(key)
      } else if (order.paymentStatus === 'payment_failed') {
        paymentStatus = 'voided'
      }
      await within.updateOrder(orderId, {
        status: 'cancelled',
        cancelledAt: now(),
        paymentStatus,
        version: order.version + 1,
      })
      await deps.coupons.giveBackWithin(tx, orderId)
      await within.addEvent({
        orderId,
        kind: 'cancelled',
        actor: by.kind,
        actorEmail: by.kind === 'staff' ? by.email : null,
        summary: by.kind === 'customer' ? 'Cancelled by the customer' : `Cancelled by ${by.email}`,
        oldTotal: order.total,
      })
      await notify(
        tx,
        orderId,
        { kind: 'order_cancelled', by: by.kind },
        `order_cancelled:${orderId}`,
      )
    })
    for (const key of operations) await money.carryOutSoon(key)
  }

  async function pendingRefunds(within: OrderWeekRepo, orderId: string): Promise<Cents> {
    const refunds = await within.operationsOf(orderId, 'refund')
    return sumCents(
      refunds
        .filter((refund) => refund.status === 'pending')
        .map((refund) => decimalToCents(refund.amount)),
    )
  }

  return {
    async change(orderId: string, userId: string, input: OrderChangeValues) {
      // the order as it is now: the change is priced from it, and judged again under its lock
      const current = await repo.orderWithItems(orderId)
      if (!current || current.userId !== userId) throw new AppError('ORDER_NOT_FOUND')
      const early = await lockedReason(current, repo)
      if (early) throw await conflict(early, orderId)
      if (current.version !== input.version) {
        throw await conflict(ORDER_CHANGE_MESSAGES.stale, orderId)
      }
      const revision = await revisionOf(current, input)
      const newTotal = revision.repriced?.total ?? totalOf(current)
      if (newTotal > decimalToCents(current.authorizedAmount)) {
        return askForPayment(current, revision, 'change')
      }
      await transaction(async (tx) => {
        const within = repo.within(tx)
        const order = await within.lockOrder(orderId)
        if (!order) throw new AppError('ORDER_NOT_FOUND')
        const reason = await lockedReason(order, within)
        if (reason) throw await conflict(reason, orderId)
        // another tab saved first: this change was made from an order that is gone
        if (order.version !== input.version) {
          throw await conflict(ORDER_CHANGE_MESSAGES.stale, orderId)
        }
        await writeRevision(tx, order, revision, { kind: 'customer', userId })
      })
      return orders.orderOf(orderId, userId)
    },

    /** After the card form: applies the change its payment was for, exactly once. */
    async completePayment(orderId: string, userId: string, paymentIntentId: string) {
      const change = await repo.findChangeByPayment(paymentIntentId)
      if (!change || change.orderId !== orderId || change.userId !== userId) {
        throw new AppError('PAYMENT_NOT_FOUND')
      }
      return applyPaid(change)
    },

    /** A new payment for an order whose capture failed, until the Friday noon deadline. */
    async payAgain(orderId: string, userId: string): Promise<PaymentRequired> {
      const order = await ownOrder(orderId, userId)
      const wire = await orders.orderOf(orderId, userId)
      if (order.status === 'cancelled' || order.paymentStatus !== 'payment_failed') {
        throw await conflict(ORDER_CHANGE_MESSAGES.notPayable, orderId)
      }
      if (!wire.payAgainUntil) throw await conflict(ORDER_CHANGE_MESSAGES.payAgainClosed, orderId)
      return askForPayment(
        order,
        { repriced: null, deliveryInfo: null, specialInstructions: undefined },
        'pay_again',
      )
    },

    async cancelByCustomer(orderId: string, userId: string): Promise<Order> {
      await cancel(orderId, { kind: 'customer', userId })
      return orders.orderOf(orderId, userId)
    },

    async cancelByStaff(orderId: string, by: { id: string; email: string }) {
      await cancel(orderId, { kind: 'staff', ...by })
      return orders.adminOrderOf(orderId)
    },

    /** Part of a captured order given back, never more than is left (docs/product.md#order-payments). */
    async refund(
      orderId: string,
      input: { amount: Cents; reason: string },
      by: { id: string; email: string },
    ): Promise<OrderRefund> {
      if (input.amount <= 0) {
        throw new AppError('BAD_REQUEST', {
          message: 'Please enter an amount above $0.00',
          fields: { amount: 'Please enter an amount above $0.00' },
        })
      }
      const key = operationKey.refund(crypto.randomUUID())
      await transaction(async (tx) => {
        const within = repo.within(tx)
        const order = await within.lockOrder(orderId)
        if (!order) throw new AppError('ORDER_NOT_FOUND')
        if (
          order.paymentStatus === 'authorized' ||
          decimalToCents(order.capturedAmount) === 0 ||
          !order.currentPaymentId
        ) {
          throw new AppError('REFUND_REFUSED', {
            message: ORDER_CHANGE_MESSAGES.refundBeforeCapture,
          })
        }
        const left =
          decimalToCents(order.capturedAmount) -
          decimalToCents(order.refundedAmount) -
          (await pendingRefunds(within, orderId))
        if (input.amount > left) {
          const message = ORDER_CHANGE_MESSAGES.refundTooLarge(formatCents(Math.max(left, 0)))
          throw new AppError('BAD_REQUEST', { message, fields: { amount: message } })
        }
        await money.requestWithin(tx, {
          key,
          orderId,
          kind: 'refund',
          paymentId: order.currentPaymentId,
          amount: input.amount,
          reason: input.reason,
          requestedByEmail: by.email,
        })
      })
      const done = await money.carryOutSoon(key)
      const refunds = await repo.operationsOf(orderId, 'refund')
      const stored = done ?? refunds.find((refund) => refund.idempotencyKey === key)
      if (!stored) throw new Error('refund vanished')
      return {
        id: stored.idempotencyKey,
        amount: stored.amount,
        reason: stored.reason ?? '',
        status: stored.status,
        createdAt: stored.createdAt.toISOString(),
      }
    },

    /** A provider's event for a payment that is not a checkout's (docs/product.md#payments). */
    async handleEvent(event: { type: string; paymentId?: string }): Promise<void> {
      if (!event.paymentId) return
      const change = await repo.findChangeByPayment(event.paymentId)
      if (!change || change.status !== 'pending') return
      if (event.type === 'succeeded') {
        try {
          await applyPaid(change)
        } catch (error) {
          if (error instanceof AppError && error.status < 500) return
          throw error
        }
      } else if (event.type === 'canceled') {
        await repo.closeChange(change.id, 'abandoned')
      }
    },

    /** Whose change a payment is for: the demo card form confirms only the owner's. */
    async ownerOf(paymentId: string): Promise<string | null> {
      return (await repo.findChangeByPayment(paymentId))?.userId ?? null
    },

    /**
     * Changes left waiting for a payment for an hour: their payment is voided (if the card was
     * authorised after all, applying it first) and they are dropped.
     */
    async settleStaleChanges(): Promise<number> {
      const stale = await repo.staleChanges(new Date(now().getTime() - 60 * 60_000), 100)
      for (const change of stale) {
        try {
          await applyPaid(change)
          continue
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error
        }
        await transaction(async (tx) => {
          const within = repo.within(tx)
          const locked = await within.lockChange(change.id)
          if (!locked || locked.status !== 'pending') return
          await within.closeChange(change.id, 'abandoned')
          if (!locked.paymentIntentId.startsWith('awaiting_payment_')) {
            await voidWithin(tx, locked.orderId, locked.paymentIntentId)
          }
        })
      }
      return stale.length
    },
  }
}

export type OrderChangesService = ReturnType<typeof createOrderChangesService>
