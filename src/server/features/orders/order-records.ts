import type { FastifyBaseLogger } from 'fastify'
import { formatDeliveryDate, formatEditDeadline, orderCutoffFor } from '#shared/domain/delivery.ts'
import { centsToDecimal, decimalToCents, type Cents } from '#shared/domain/money.ts'
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
import { createOrderSnapshots } from './order-snapshots.ts'
import { createPaymentRecords } from './payment-records.ts'
import type { OrdersRepo } from './orders.repo.ts'

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
  const snapshots = createOrderSnapshots({ repo, now })
  const { wireWithin, lockedRow } = snapshots
  const payments = createPaymentRecords({ repo, notice, now, snapshots })

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
          summary: `Moved to ${saturday}: the payment came after the order deadline for ${formatDeliveryDate(movedFrom)} (${formatEditDeadline(orderCutoffFor(movedFrom))})`,
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
        customerEmail,
      )
      return wire
    },

    /** The order and its lines, locked until the caller's transaction ends. */
    lockWithin: (tx: Transaction, orderId: string) => repo.within(tx).lockWithLines(orderId),

    /** The order's row alone, locked until the caller's transaction ends (money, not lines). */
    lockRowWithin: (tx: Transaction, orderId: string) => repo.within(tx).lock(orderId),

    /**
     * A change of the order (its customer's, before the cut-off): lines, totals and coupon,
     * contact, instructions, the payment that holds it now; its version goes up, the history
     * and the customer's e-mail say what changed.
     */
    async reviseWithin(tx: Transaction, orderId: string, revision: OrderRevision, by: OrderActor) {
      const order = await lockedRow(tx, orderId)
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

    ...payments,

    /** Cancels the locked order; the caller decided what happens to its money. */
    async cancelWithin(tx: Transaction, orderId: string, cancellation: Cancellation) {
      const order = await lockedRow(tx, orderId)
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
