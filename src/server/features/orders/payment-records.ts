import { payAgainDeadlineOfDelivery } from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents, formatCents, type Cents } from '#shared/domain/money.ts'
import type { PaymentState } from '#shared/schemas/order-status.ts'
import type { Transaction } from '../../db/transaction.ts'
import type { NoticeWithin } from './order-notices.ts'
import type { OrderSnapshots } from './order-snapshots.ts'
import type { OrderRow, OrdersRepo } from './orders.repo.ts'

/**
 * What happened to an order's money, as the order-changes feature learnt it from the provider
 * (docs/product.md#order-payments), recorded by the orders feature on the locked order: its
 * payment state and amounts, its history and its customer's e-mail, together.
 */

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

export function createPaymentRecords({
  repo,
  notice,
  now,
  snapshots,
}: {
  repo: OrdersRepo
  notice: NoticeWithin
  now: () => Date
  snapshots: OrderSnapshots
}) {
  const { wireWithin, lockedRow } = snapshots

  /**
   * The payment state a captured (or refunded) amount leaves: refunded in full, in part, or
   * captured; a cancelled order keeps the state its cancellation gave it.
   */
  const settledState = (order: OrderRow, captured: Cents, refunded: Cents): PaymentState => {
    if (order.status === 'cancelled' && refunded < captured) return order.paymentStatus
    if (refunded > 0) return refunded >= captured ? 'refunded' : 'partially_refunded'
    return 'captured'
  }

  async function recordCaptured(tx: Transaction, order: OrderRow, amount: Cents) {
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
    order: OrderRow,
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
    order: OrderRow,
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
      // paid while on hold, before packing stops: packed and delivered after all
      ...(order.status === 'on_hold'
        ? { status: 'confirmed' as const, heldAt: null, version: order.version + 1 }
        : {}),
    })
    await within.addEvent({
      orderId: order.id,
      kind: 'paid_again',
      actor: 'customer',
      summary: record.captured
        ? `Paid ${formatCents(record.amount)} with another card`
        : `Another card authorized for ${formatCents(record.amount)}`,
      newTotal: order.total,
    })
    if (order.status === 'on_hold') {
      await within.addEvent({
        orderId: order.id,
        kind: 'released',
        actor: 'customer',
        summary: 'Paid while on hold: back on for packing and delivery',
      })
    }
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
    order: OrderRow,
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
    /** What the provider did with the order's money, recorded once on the locked order. */
    async recordPaymentWithin(tx: Transaction, orderId: string, record: PaymentRecord) {
      const order = await lockedRow(tx, orderId)
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
  }
}
