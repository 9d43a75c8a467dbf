import type { FastifyBaseLogger } from 'fastify'
import {
  formatDeliveryDate,
  formatEditDeadline,
  orderCutoffFor,
  payAgainDeadlineOfDelivery,
} from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents, formatCents, type Cents } from '#shared/domain/money.ts'
import type { Order } from '#shared/schemas/order.ts'
import type { PaymentState } from '#shared/schemas/order-status.ts'
import type { Transaction } from '../../db/transaction.ts'
import { orderMoneyColumns, type QuoteTotals } from '../quote/index.ts'
import type { CancelMoney } from './order-email.ts'
import {
  itemRowsOf,
  newOrderRows,
  orderProblem,
  orderRefusal,
  type NewOrder,
  type NewOrderLine,
} from './order-lines.ts'
import type { NoticeWithin } from './order-notices.ts'
import { toOrder } from './order-wire.ts'
import type { OrdersRepo, OrderWithLines } from './orders.repo.ts'

/**
 * Every write to an order that another feature causes (docs/decisions/0012-one-owner-per-table.md):
 * checkout makes it, the order-changes feature revises, charges, refunds and cancels it. Each
 * runs inside the caller's transaction, on the order the caller has locked, and writes the
 * order's row, its lines, its history and its customer's e-mail together.
 */

/** Who did it, as the history records it: customers read "the shop" for the staff. */
export type OrderActor =
  | { readonly kind: 'customer'; readonly userId: string }
  | { readonly kind: 'staff'; readonly id: string; readonly email: string }
  | { readonly kind: 'shop' }

/** A change of the order before its cut-off, priced and judged by the caller. */
export interface OrderRevision {
  /** "Tomatoes 2 → 3; new delivery address" */
  readonly summary: string
  /** new lines and totals, when the items change */
  readonly priced: {
    readonly lines: readonly NewOrderLine[]
    readonly totals: QuoteTotals
    /** the coupon kept, or null when it was dropped */
    readonly promoCode: string | null
  } | null
  readonly contact: {
    readonly customerName: string
    readonly customerPhone: string | null
    readonly deliveryAddress: string
  } | null
  /** undefined: unchanged; null: cleared */
  readonly specialInstructions: string | null | undefined
  /** a new payment holds the order now (a change above what the old one authorised) */
  readonly authorization: {
    readonly paymentId: string
    readonly amount: Cents
    readonly captureBefore: Date | null
  } | null
}

/** What happened to an order's money, as the caller learnt it from the provider. */
export type PaymentRecord =
  | { readonly kind: 'captured'; readonly amount: Cents }
  | { readonly kind: 'capture_failed'; readonly why: string }
  /** the provider released the hold before the cut-off */
  | { readonly kind: 'hold_lost'; readonly why: string }
  | {
      readonly kind: 'paid_again'
      readonly paymentId: string
      readonly amount: Cents
      /** taken at once (after the cut-off), or only authorised (before it) */
      readonly captured: boolean
      readonly captureBefore: Date | null
    }
  | {
      readonly kind: 'refunded'
      readonly amount: Cents
      readonly reason: string
      readonly byEmail: string | null
      /** the refund's own key: its e-mail is written once */
      readonly key: string
      /** false when another e-mail (the cancellation's) told the customer already */
      readonly tell: boolean
    }
  /** a payment that came after its deadline, never applied, given back whole */
  | { readonly kind: 'late_payment_refunded'; readonly amount: Cents; readonly key: string }
  | {
      readonly kind: 'refund_failed'
      readonly amount: Cents
      readonly why: string
      readonly byEmail: string | null
    }

export interface Cancellation {
  readonly by: Extract<OrderActor, { kind: 'customer' | 'staff' }>
  readonly paymentStatus: PaymentState
  readonly money: CancelMoney
}

export interface RecordDeps {
  repo: OrdersRepo
  notice: NoticeWithin
  log: FastifyBaseLogger
  now: () => Date
  accountEmail: (userId: string, tx: Transaction) => Promise<string | null>
}

const actorColumns = (by: OrderActor) => ({
  actor: by.kind,
  actorEmail: by.kind === 'staff' ? by.email : null,
})

export function createOrderRecords({ repo, notice, log, now, accountEmail }: RecordDeps) {
  /** the order as its customer reads it, inside the transaction, for its e-mail */
  async function wireWithin(tx: Transaction, orderId: string) {
    const whole = await repo.within(tx).findWhole(orderId)
    if (!whole) throw new Error(`order ${orderId} vanished inside its transaction`)
    return { ...toOrder(whole, now()), userId: whole.userId } satisfies Order & { userId: string }
  }

  async function lockedOrder(tx: Transaction, orderId: string): Promise<OrderWithLines> {
    const order = await repo.within(tx).lockWithLines(orderId)
    if (!order) throw new Error(`order ${orderId} vanished inside its transaction`)
    return order
  }

  /**
   * The payment state a captured (or refunded) amount leaves: refunded in full, in part, or
   * captured; a cancelled order keeps the state its cancellation gave it.
   */
  const settledState = (order: OrderWithLines, captured: Cents, refunded: Cents): PaymentState => {
    if (order.status === 'cancelled' && refunded < captured) return order.paymentStatus
    if (refunded > 0) return refunded >= captured ? 'refunded' : 'partially_refunded'
    return 'captured'
  }

  async function recordCaptured(tx: Transaction, order: OrderWithLines, amount: Cents) {
    const within = repo.within(tx)
    await within.update(order.id, {
      paymentStatus: settledState(order, amount, decimalToCents(order.refundedAmount)),
      capturedAmount: centsToDecimal(amount),
      capturedAt: now(),
    })
    await within.addEvent({
      orderId: order.id,
      kind: 'captured',
      actor: 'shop',
      summary: `Card charged ${formatCents(amount)}`,
      newTotal: centsToDecimal(amount),
    })
    // a cancelled order charged in spite of its cancellation is refunded, never receipted
    if (order.status === 'cancelled') return
    const wire = await wireWithin(tx, order.id)
    await notice(tx, wire, { kind: 'payment_captured' }, `payment_captured:${order.id}`)
  }

  async function recordFailed(
    tx: Transaction,
    order: OrderWithLines,
    kind: 'capture_failed' | 'hold_lost',
    why: string,
  ) {
    if (order.status === 'cancelled' || order.paymentStatus === 'payment_failed') return
    const within = repo.within(tx)
    await within.update(order.id, { paymentStatus: 'payment_failed' })
    await within.addEvent({
      orderId: order.id,
      kind,
      actor: 'shop',
      summary:
        kind === 'capture_failed'
          ? `The card could not be charged: ${why}`
          : `The card's hold was released: ${why}`,
    })
    const payUntil = payAgainDeadlineOfDelivery(order.deliveryDate)
    const wire = await wireWithin(tx, order.id)
    await notice(
      tx,
      wire,
      { kind: 'payment_failed', payUntil, holdLost: kind === 'hold_lost' },
      `payment_failed:${order.id}:${order.currentPaymentId ?? ''}`,
    )
  }

  async function recordPaidAgain(
    tx: Transaction,
    order: OrderWithLines,
    record: Extract<PaymentRecord, { kind: 'paid_again' }>,
  ) {
    const within = repo.within(tx)
    const at = now()
    await within.update(order.id, {
      paymentStatus: record.captured ? 'captured' : 'authorized',
      currentPaymentId: record.paymentId,
      authorizedAmount: centsToDecimal(record.amount),
      authorizedAt: at,
      authorizationExpiresAt: record.captureBefore,
      ...(record.captured ? { capturedAmount: centsToDecimal(record.amount), capturedAt: at } : {}),
    })
    await within.addEvent({
      orderId: order.id,
      kind: 'paid_again',
      actor: 'customer',
      summary: record.captured
        ? `Paid ${formatCents(record.amount)} with another card`
        : `Another card authorised for ${formatCents(record.amount)}`,
      newTotal: order.total,
    })
    if (!record.captured) return
    const wire = await wireWithin(tx, order.id)
    await notice(
      tx,
      wire,
      { kind: 'payment_captured' },
      `payment_captured:${order.id}:${record.paymentId}`,
    )
  }

  async function recordRefunded(
    tx: Transaction,
    order: OrderWithLines,
    record: Extract<PaymentRecord, { kind: 'refunded' }>,
  ) {
    const within = repo.within(tx)
    const captured = decimalToCents(order.capturedAmount)
    const refunded = decimalToCents(order.refundedAmount) + record.amount
    await within.update(order.id, {
      refundedAmount: centsToDecimal(refunded),
      paymentStatus:
        order.status === 'cancelled'
          ? refunded >= captured
            ? 'refunded'
            : order.paymentStatus
          : settledState(order, captured, refunded),
    })
    await within.addEvent({
      orderId: order.id,
      kind: 'refunded',
      actor: record.byEmail ? 'staff' : 'shop',
      actorEmail: record.byEmail,
      summary: `Refunded ${formatCents(record.amount)}: ${record.reason}`.trim(),
    })
    if (!record.tell) return
    const wire = await wireWithin(tx, order.id)
    await notice(
      tx,
      wire,
      { kind: 'refund', amount: record.amount, reason: record.reason, late: false },
      `refund:${record.key}`,
    )
  }

  return {
    /**
     * The order and its items, inside checkout's transaction (so the order, its coupon
     * redemption and the checkout's completion commit together). Null when this payment has
     * its order already. Lines that break the order rules are refused with 400, except for a
     * payment that already succeeded: the money has moved, so the order is made as it was paid
     * for and the breach is logged for the staff. An order made after the cut-off of the
     * Saturday checkout showed (`movedFrom`) says so in its history and its confirmation.
     */
    async createWithin(
      tx: Transaction,
      order: NewOrder,
      {
        alreadyPaid = false,
        movedFrom = null,
      }: { alreadyPaid?: boolean; movedFrom?: Date | null } = {},
    ): Promise<Order | null> {
      const problem = orderProblem(order)
      if (problem && !alreadyPaid) throw orderRefusal(problem)
      if (problem) {
        log.error(
          { paymentIntentId: order.paymentIntentId, problem },
          'a paid checkout breaks the order rules: the order is made as it was paid for',
        )
      }
      // the order is the account's: an address typed at checkout is nobody's to confirm
      const customerEmail = (await accountEmail(order.userId, tx)) ?? order.customerEmail
      const { row, items } = newOrderRows({ ...order, customerEmail })
      const within = repo.within(tx)
      const created = await within.insert(row, items)
      if (!created) return null
      if (movedFrom) {
        const saturday = formatDeliveryDate(order.deliveryDate)
        const moved = await within.addEvent({
          orderId: created.id,
          kind: 'moved',
          actor: 'shop',
          summary: `For ${saturday}, not ${formatDeliveryDate(movedFrom)}: paid after that Saturday's order deadline (${formatEditDeadline(orderCutoffFor(movedFrom))})`,
        })
        created.events.push(moved)
      }
      // the lines as inserted, in the basket's order (a read back would order them by id)
      const wire = { ...toOrder(created, now()), userId: created.userId }
      await notice(
        tx,
        wire,
        { kind: 'order_confirmed', movedFrom },
        `order_confirmed:${created.id}`,
      )
      return wire
    },

    /** The order and its lines, locked until the caller's transaction ends. */
    lockWithin: (tx: Transaction, orderId: string) => repo.within(tx).lockWithLines(orderId),

    /**
     * A change of the order (its customer's, before the cut-off): lines, totals and coupon,
     * contact, instructions, the payment that holds it now; its version goes up, the history
     * and the customer's e-mail say what changed.
     */
    async reviseWithin(tx: Transaction, orderId: string, revision: OrderRevision, by: OrderActor) {
      const order = await lockedOrder(tx, orderId)
      const within = repo.within(tx)
      const { priced, contact, authorization } = revision
      if (priced) await within.replaceItems(order.id, itemRowsOf(priced.lines))
      await within.update(order.id, {
        version: order.version + 1,
        ...(priced ? { ...orderMoneyColumns(priced.totals), promoCode: priced.promoCode } : {}),
        ...(contact ?? {}),
        ...(revision.specialInstructions !== undefined
          ? { specialInstructions: revision.specialInstructions }
          : {}),
        ...(authorization
          ? {
              currentPaymentId: authorization.paymentId,
              authorizedAmount: centsToDecimal(authorization.amount),
              authorizedAt: now(),
              authorizationExpiresAt: authorization.captureBefore,
            }
          : {}),
      })
      const newTotal = priced ? priced.totals.total : decimalToCents(order.total)
      await within.addEvent({
        orderId: order.id,
        kind: 'changed',
        ...actorColumns(by),
        summary: revision.summary,
        oldTotal: order.total,
        newTotal: centsToDecimal(newTotal),
      })
      const wire = await wireWithin(tx, order.id)
      await notice(
        tx,
        wire,
        { kind: 'order_changed', oldTotal: decimalToCents(order.total), summary: revision.summary },
        `order_changed:${order.id}:${order.version + 1}`,
      )
    },

    /** What the provider did with the order's money, recorded once on the locked order. */
    async recordPaymentWithin(tx: Transaction, orderId: string, record: PaymentRecord) {
      const order = await lockedOrder(tx, orderId)
      switch (record.kind) {
        case 'captured':
          return recordCaptured(tx, order, record.amount)
        case 'capture_failed':
        case 'hold_lost':
          return recordFailed(tx, order, record.kind, record.why)
        case 'paid_again':
          return recordPaidAgain(tx, order, record)
        case 'refunded':
          return recordRefunded(tx, order, record)
        case 'late_payment_refunded': {
          await repo.within(tx).addEvent({
            orderId: order.id,
            kind: 'refunded',
            actor: 'shop',
            summary: `Refunded ${formatCents(record.amount)} paid after the deadline to pay`,
          })
          const wire = await wireWithin(tx, order.id)
          return notice(
            tx,
            wire,
            {
              kind: 'refund',
              amount: record.amount,
              reason: 'Paid after the deadline to pay',
              late: true,
            },
            `refund:${record.key}`,
          )
        }
        case 'refund_failed':
          return repo.within(tx).addEvent({
            orderId: order.id,
            kind: 'refund_failed',
            actor: record.byEmail ? 'staff' : 'shop',
            actorEmail: record.byEmail,
            summary: `A refund of ${formatCents(record.amount)} could not be made (${record.why}); the shop will refund it another way`,
          })
      }
    },

    /** Cancels the locked order; the caller decided what happens to its money. */
    async cancelWithin(tx: Transaction, orderId: string, cancellation: Cancellation) {
      const order = await lockedOrder(tx, orderId)
      const within = repo.within(tx)
      const { by } = cancellation
      await within.update(order.id, {
        status: 'cancelled',
        cancelledAt: now(),
        paymentStatus: cancellation.paymentStatus,
        version: order.version + 1,
      })
      await within.addEvent({
        orderId: order.id,
        kind: 'cancelled',
        ...actorColumns(by),
        summary: by.kind === 'customer' ? 'Cancelled by the customer' : 'Cancelled by the shop',
        oldTotal: order.total,
      })
      const wire = await wireWithin(tx, order.id)
      await notice(
        tx,
        wire,
        { kind: 'order_cancelled', by: by.kind, money: cancellation.money },
        `order_cancelled:${order.id}`,
      )
    },
  }
}

export type OrderRecords = ReturnType<typeof createOrderRecords>
