import type { FastifyBaseLogger } from 'fastify'
import {
  centsToDecimal,
  decimalToCents,
  formatCents,
  sumCents,
  type Cents,
} from '#shared/domain/money.ts'
import { payAgainDeadlineOfDelivery } from '#shared/domain/delivery.ts'
import {
  PaymentRefusedError,
  type PaymentProvider,
  type Refund,
} from '../../adapters/payments/index.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import { addJobWithin } from '../../jobs/job-queue.ts'
import type { Notify } from './notices.ts'
import type { OrderWeekRepo, PaymentOperationRow } from './order-week.repo.ts'

export const PAYMENT_OPERATION_JOB = 'payment_operation'

export type OperationKind = PaymentOperationRow['kind']

/**
 * Whoever stores an operation carries it out at once (carryOutSoon); its job is the fallback for
 * a process that died or a provider that was away, so it waits this long rather than racing
 * the caller for the same provider call.
 */
const FALLBACK_AFTER_SECONDS = 60

export interface MoneyDeps {
  repo: OrderWeekRepo
  transaction: RunInTransaction
  provider: PaymentProvider
  notify: Notify
  log: FastifyBaseLogger
  now: () => Date
}

/** The operation's idempotency key: one capture and one void per payment, refunds each their own. */
export const operationKey = {
  capture: (paymentId: string) => `capture:${paymentId}`,
  void: (paymentId: string) => `void:${paymentId}`,
  refund: (refundId: string) => `refund:${refundId}`,
}

/**
 * Money moves through stored operations (docs/product.md#order-payments): the operation is
 * written under its idempotency key inside the transaction that decides it, with a job that
 * carries it out, so a crash between the decision and the provider's answer only delays it.
 * Carrying it out sends the same key to the provider (which moves the money once however often
 * it is asked) and records the outcome once, on the locked operation row.
 */
export function createOrderMoney(deps: MoneyDeps) {
  const { repo, transaction, provider, notify, log, now } = deps

  /**
   * Stores an operation inside the caller's transaction, with the job that carries it out if the
   * caller does not (the caller calls carryOutSoon once the transaction has committed).
   */
  async function requestWithin(
    tx: Transaction,
    operation: {
      key: string
      orderId: string
      kind: OperationKind
      paymentId: string
      amount: Cents
      reason?: string
      requestedByEmail?: string
    },
  ): Promise<PaymentOperationRow> {
    const stored = await repo.within(tx).storeOperation({
      idempotencyKey: operation.key,
      orderId: operation.orderId,
      kind: operation.kind,
      paymentId: operation.paymentId,
      amount: centsToDecimal(operation.amount),
      reason: operation.reason ?? null,
      requestedByEmail: operation.requestedByEmail ?? null,
      createdAt: now(),
    })
    if (stored.status === 'pending') {
      await addJobWithin(
        tx,
        PAYMENT_OPERATION_JOB,
        { key: operation.key },
        {
          jobKey: `${PAYMENT_OPERATION_JOB}:${operation.key}`,
          maxAttempts: 25,
          delaySeconds: FALLBACK_AFTER_SECONDS,
        },
      )
    }
    return stored
  }

  async function callProvider(operation: PaymentOperationRow): Promise<Refund | null> {
    const amount = decimalToCents(operation.amount)
    switch (operation.kind) {
      case 'capture':
        await provider.capture({
          paymentId: operation.paymentId,
          amount,
          idempotencyKey: operation.idempotencyKey,
        })
        return null
      case 'void':
        await provider.void({
          paymentId: operation.paymentId,
          idempotencyKey: operation.idempotencyKey,
        })
        return null
      case 'refund':
        return provider.refund({
          paymentId: operation.paymentId,
          amount,
          reason: operation.reason ?? 'requested by the shop',
          idempotencyKey: operation.idempotencyKey,
        })
    }
  }

  /** What a succeeded operation changes on its order, in the transaction that records it. */
  async function onSucceeded(tx: Transaction, operation: PaymentOperationRow) {
    const within = repo.within(tx)
    const order = await within.lockOrder(operation.orderId)
    if (!order) return
    const amount = decimalToCents(operation.amount)
    if (operation.kind === 'capture') {
      await within.updateOrder(order.id, {
        paymentStatus: order.status === 'cancelled' ? order.paymentStatus : 'captured',
        capturedAmount: operation.amount,
        capturedAt: now(),
      })
      await within.addEvent({
        orderId: order.id,
        kind: 'captured',
        actor: 'shop',
        summary: `Card charged ${formatCents(amount)}`,
        newTotal: operation.amount,
      })
      await notify(tx, order.id, { kind: 'payment_captured' }, `payment_captured:${order.id}`)
    } else if (operation.kind === 'refund') {
      const refunded = sumCents([decimalToCents(order.refundedAmount), amount])
      const all = refunded >= decimalToCents(order.capturedAmount)
      await within.updateOrder(order.id, {
        refundedAmount: centsToDecimal(refunded),
        paymentStatus: all ? 'refunded' : 'partially_refunded',
      })
      await within.addEvent({
        orderId: order.id,
        kind: 'refunded',
        actor: operation.requestedByEmail ? 'staff' : 'shop',
        actorEmail: operation.requestedByEmail,
        summary: `Refunded ${formatCents(amount)}: ${operation.reason ?? ''}`.trim(),
      })
      await notify(
        tx,
        order.id,
        { kind: 'refund', amount, reason: operation.reason ?? '' },
        `refund:${operation.idempotencyKey}`,
      )
    }
  }

  /** What a refused operation changes on its order. */
  async function onRefused(tx: Transaction, operation: PaymentOperationRow, message: string) {
    const within = repo.within(tx)
    if (operation.kind !== 'capture') {
      log.error(
        { orderId: operation.orderId, key: operation.idempotencyKey, message },
        `the payment provider refused a ${operation.kind}`,
      )
      return
    }
    const order = await within.lockOrder(operation.orderId)
    if (!order || order.status === 'cancelled') return
    await markPaymentFailedWithin(tx, order.id, order.deliveryDate, message)
  }

  /** A capture that failed: the customer is asked to pay with another card until Friday noon. */
  async function markPaymentFailedWithin(
    tx: Transaction,
    orderId: string,
    deliveryDate: Date,
    why: string,
  ) {
    const within = repo.within(tx)
    await within.updateOrder(orderId, { paymentStatus: 'payment_failed' })
    await within.addEvent({
      orderId,
      kind: 'capture_failed',
      actor: 'shop',
      summary: `The card could not be charged: ${why}`,
    })
    await notify(
      tx,
      orderId,
      { kind: 'payment_failed', payUntil: payAgainDeadlineOfDelivery(deliveryDate) },
      `payment_failed:${orderId}:${now().toISOString()}`,
    )
  }

  /**
   * Carries out a stored operation once: the provider is called with its key, and the outcome
   * recorded on the locked row (a racing run finds it settled and changes nothing). A provider
   * that cannot be reached leaves it pending: the error goes to the job, which retries.
   */
  async function carryOut(key: string): Promise<PaymentOperationRow | undefined> {
    const operation = await repo.findOperation(key)
    if (!operation || operation.status !== 'pending') return operation
    let refund: Refund | null = null
    let refusal: string | null = null
    try {
      refund = await callProvider(operation)
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error
      refusal = error.message
    }
    return transaction(async (tx) => {
      const within = repo.within(tx)
      const locked = await within.lockOperation(key)
      if (!locked || locked.status !== 'pending') return locked
      const finishedAt = now()
      if (refusal !== null) {
        await within.finishOperation(key, { status: 'failed', error: refusal, finishedAt })
        await onRefused(tx, locked, refusal)
        return { ...locked, status: 'failed' as const, error: refusal, finishedAt }
      }
      const providerReference = refund?.id ?? null
      await within.finishOperation(key, { status: 'succeeded', providerReference, finishedAt })
      await onSucceeded(tx, locked)
      return { ...locked, status: 'succeeded' as const, providerReference, finishedAt }
    })
  }

  /** Carries it out now for a prompt answer; if the provider is away, the job retries later. */
  async function carryOutSoon(key: string): Promise<PaymentOperationRow | undefined> {
    try {
      return await carryOut(key)
    } catch (error) {
      log.warn({ err: error, key }, 'payment operation deferred to the job queue')
      return undefined
    }
  }

  return { requestWithin, carryOut, carryOutSoon, markPaymentFailedWithin }
}

export type OrderMoney = ReturnType<typeof createOrderMoney>
