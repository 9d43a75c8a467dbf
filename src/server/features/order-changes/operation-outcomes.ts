import type { FastifyBaseLogger } from 'fastify'
import { decimalToCents, type Cents } from '#shared/domain/money.ts'
import { holdLapsed, type Payment, type Refund } from '../../adapters/payments/index.ts'
import type { Transaction } from '../../db/transaction.ts'
import type { OrdersService, PaymentRecord } from '../orders/index.ts'
import {
  isCancelRefund,
  isShortRefund,
  operationKey,
  type OperationRequest,
} from './operation-keys.ts'
import type { PaymentOperationRow } from './order-money.repo.ts'

/** What became of a capture, void or refund, as the provider tells it. */
export type OperationOutcome =
  | {
      readonly status: 'succeeded'
      /** what a capture took, when the provider says (a capture made before: its amount) */
      readonly amount?: Cents
      /** the provider's id for a refund */
      readonly reference?: string
    }
  /** the provider took a refund and the bank has not answered yet */
  | { readonly status: 'processing'; readonly reference: string }
  | {
      readonly status: 'failed'
      readonly why: string
      readonly reference?: string
      /** a void refused because the payment was taken: what was taken */
      readonly taken?: Cents
    }

/** the reason the order's history and e-mail give for a hold the provider let lapse */
export const HOLD_EXPIRED = 'the card authorization expired'

/**
 * A refusal is settled by what the payment is now (docs/product.md#order-payments): the
 * provider may refuse a capture it made already (a retry after its idempotency window, a
 * capture whose answer was lost), or a void of a payment that was taken. Only the payment
 * itself says whether money moved, and whether a hold truly lapsed.
 */
export function judgeRefusal(
  operation: Pick<PaymentOperationRow, 'kind'>,
  payment: Payment | null,
  refusal: string,
  now: Date,
): OperationOutcome {
  switch (operation.kind) {
    case 'capture':
      if (payment?.status === 'succeeded' && payment.amountReceived > 0) {
        return { status: 'succeeded', amount: payment.amountReceived }
      }
      return { status: 'failed', why: payment && holdLapsed(payment, now) ? HOLD_EXPIRED : refusal }
    case 'void':
      if (payment?.status === 'canceled') return { status: 'succeeded' }
      if (payment?.status === 'succeeded' && payment.amountReceived > payment.amountRefunded) {
        return {
          status: 'failed',
          why: refusal,
          taken: payment.amountReceived - payment.amountRefunded,
        }
      }
      return { status: 'failed', why: refusal }
    case 'refund':
      return { status: 'failed', why: refusal }
  }
}

/** A refund as the provider answered it, as an operation's outcome. */
export function refundOutcome(refund: Refund | null): OperationOutcome {
  if (!refund) return { status: 'failed', why: 'the provider does not know this refund' }
  switch (refund.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: refund.id }
    case 'pending':
      return { status: 'processing', reference: refund.id }
    case 'failed':
      return {
        status: 'failed',
        why: refund.failureReason?.replaceAll('_', ' ') ?? 'refused by the bank',
        reference: refund.id,
      }
  }
}

/**
 * What an operation's outcome changes on its order, recorded through the orders feature inside
 * the transaction that settles the operation.
 */
export function createOutcomeRecorder(deps: {
  orders: Pick<OrdersService, 'recordPaymentWithin' | 'lockRowWithin'>
  log: FastifyBaseLogger
  requestWithin: (tx: Transaction, operation: OperationRequest) => Promise<unknown>
}) {
  const { log, requestWithin } = deps

  /**
   * What the operation's outcome changes on its order, recorded through the orders feature;
   * the keys of operations it asks for in turn (a refund of money a void found taken).
   */
  async function applyWithin(
    tx: Transaction,
    operation: PaymentOperationRow,
    outcome: OperationOutcome,
  ): Promise<string[]> {
    const record = (change: PaymentRecord) =>
      deps.orders.recordPaymentWithin(tx, operation.orderId, change)
    const amount = decimalToCents(operation.amount)
    switch (operation.kind) {
      case 'capture':
        if (outcome.status === 'succeeded') {
          await record({ kind: 'captured', amount: outcome.amount ?? amount })
        } else if (outcome.status === 'failed') {
          await record({ kind: 'capture_failed', why: outcome.why })
        }
        return []
      case 'refund':
        return applyRefundOutcome(tx, operation, outcome, amount)
      case 'void':
        if (outcome.status === 'failed' && outcome.taken) {
          return refundTaken(tx, operation, outcome.taken)
        }
        if (outcome.status === 'failed') {
          log.error(
            { orderId: operation.orderId, key: operation.idempotencyKey, why: outcome.why },
            'the payment provider refused a void',
          )
        }
        return []
    }
  }

  async function applyRefundOutcome(
    tx: Transaction,
    operation: PaymentOperationRow,
    outcome: OperationOutcome,
    amount: Cents,
  ): Promise<string[]> {
    const order = await deps.orders.lockRowWithin(tx, operation.orderId)
    if (!order || outcome.status === 'processing') return []
    const ofTheOrder = operation.paymentId === order.currentPaymentId
    if (outcome.status === 'failed') {
      await deps.orders.recordPaymentWithin(tx, order.id, {
        kind: 'refund_failed',
        amount,
        why: outcome.why,
        byEmail: operation.requestedByEmail,
      })
      return []
    }
    await deps.orders.recordPaymentWithin(
      tx,
      order.id,
      ofTheOrder
        ? {
            kind: 'refunded',
            amount,
            reason: operation.reason ?? '',
            byEmail: operation.requestedByEmail,
            key: operation.idempotencyKey,
            tell: !isCancelRefund(operation) && !isShortRefund(operation),
          }
        : { kind: 'late_payment_refunded', amount, key: operation.idempotencyKey },
    )
    return []
  }

  /**
   * A void refused because the payment was taken after all: the order's own payment is
   * recorded as captured (and, the order being cancelled, refunded in full); any other payment
   * is given back whole. Never money kept for a cancelled order or a payment nobody applied.
   */
  async function refundTaken(
    tx: Transaction,
    operation: PaymentOperationRow,
    taken: Cents,
  ): Promise<string[]> {
    const order = await deps.orders.lockRowWithin(tx, operation.orderId)
    if (!order) return []
    log.error(
      { orderId: order.id, paymentId: operation.paymentId, taken },
      'a payment the shop released was taken: it is refunded',
    )
    const own = operation.paymentId === order.currentPaymentId
    if (own)
      await deps.orders.recordPaymentWithin(tx, order.id, { kind: 'captured', amount: taken })
    if (own && order.status !== 'cancelled') return []
    const key = own
      ? operationKey.cancelRefund(order.id)
      : operationKey.lateRefund(operation.paymentId)
    await requestWithin(tx, {
      key,
      orderId: order.id,
      kind: 'refund',
      paymentId: operation.paymentId,
      amount: taken,
      reason: own ? 'Order cancelled' : 'Paid after the order no longer needed it',
    })
    return [key]
  }

  return { applyWithin }
}
