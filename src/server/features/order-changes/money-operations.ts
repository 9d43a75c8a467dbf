import type { FastifyBaseLogger } from 'fastify'
import { centsToDecimal, decimalToCents, type Cents } from '#shared/domain/money.ts'
import {
  PaymentRefusedError,
  type PaymentProvider,
  type Refund,
} from '../../adapters/payments/index.ts'
import type { RunInTransaction, Transaction } from '../../db/transaction.ts'
import { addJobWithin } from '../../jobs/job-queue.ts'
import type { OrdersService } from '../orders/index.ts'
import type { OrderMoneyRepo, PaymentOperationRow } from './order-money.repo.ts'
import { judgeRefusal, type OperationOutcome } from './operation-outcomes.ts'

export const PAYMENT_OPERATION_JOB = 'payment_operation'

export type OperationKind = PaymentOperationRow['kind']

/**
 * Whoever stores an operation carries it out at once (carryOutSoon); its job is the fallback for
 * a process that died or a provider that was away, so it waits this long rather than racing
 * the caller for the same provider call.
 */
const FALLBACK_AFTER_SECONDS = 60

/**
 * The operation's idempotency key: one capture and one void per payment, a cancellation's
 * refund once per order, a late payment's refund once per payment, a staff refund once per
 * key its dialog sent.
 */
export const operationKey = {
  capture: (paymentId: string) => `capture:${paymentId}`,
  void: (paymentId: string) => `void:${paymentId}`,
  cancelRefund: (orderId: string) => `refund:${orderId}:cancel`,
  lateRefund: (paymentId: string) => `refund:late:${paymentId}`,
  staffRefund: (orderId: string, clientKey: string) => `refund:${orderId}:${clientKey}`,
}

/** a cancellation's refund: its customer was told by the cancellation's e-mail already */
export const isCancelRefund = (operation: Pick<PaymentOperationRow, 'idempotencyKey'>) =>
  operation.idempotencyKey.endsWith(':cancel')

export interface MoneyDeps {
  repo: OrderMoneyRepo
  transaction: RunInTransaction
  provider: PaymentProvider
  orders: Pick<OrdersService, 'recordPaymentWithin' | 'lockWithin'>
  log: FastifyBaseLogger
  now: () => Date
}

export interface OperationRequest {
  readonly key: string
  readonly orderId: string
  readonly kind: OperationKind
  readonly paymentId: string
  readonly amount: Cents
  readonly reason?: string
  readonly requestedByEmail?: string
}

/**
 * Money moves through stored operations (docs/product.md#order-payments): the operation is
 * written under its idempotency key inside the transaction that decides it, with a job that
 * carries it out, so a crash between the decision and the provider's answer only delays it.
 * Carrying it out sends the same key to the provider (which moves the money once however often
 * it is asked) and records the outcome once, on the locked operation row. A refusal is never
 * taken at its word: the payment is read back and the outcome follows what it is.
 */
export function createMoneyOperations(deps: MoneyDeps) {
  const { repo, transaction, provider, log, now } = deps

  /**
   * Stores an operation inside the caller's transaction, with the job that carries it out if the
   * caller does not (the caller calls carryOutSoon once the transaction has committed).
   */
  async function requestWithin(tx: Transaction, operation: OperationRequest) {
    const { row, stored } = await repo.within(tx).storeOperation({
      idempotencyKey: operation.key,
      orderId: operation.orderId,
      kind: operation.kind,
      paymentId: operation.paymentId,
      amount: centsToDecimal(operation.amount),
      reason: operation.reason ?? null,
      requestedByEmail: operation.requestedByEmail ?? null,
      createdAt: now(),
    })
    if (stored) {
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
    return { row, stored }
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

  /**
   * What the provider says of an operation: its answer, or after a refusal what the payment
   * turns out to be. A provider that cannot be reached throws: the operation stays as it was
   * and its job retries.
   */
  async function askProvider(operation: PaymentOperationRow): Promise<OperationOutcome> {
    if (operation.status === 'processing') {
      const refund = await provider.retrieveRefund(operation.providerReference ?? '')
      return refundOutcome(refund ?? null)
    }
    try {
      const refund = await callProvider(operation)
      return operation.kind === 'refund' ? refundOutcome(refund) : { status: 'succeeded' }
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error
      const payment = await provider.retrievePayment(operation.paymentId)
      return judgeRefusal(operation, payment, error.message, now())
    }
  }

  /**
   * Carries out a stored operation once: the provider is asked under the operation's key, and
   * the outcome recorded on the locked row, with what it means for the order (a racing run
   * finds it settled and changes nothing). A refund the bank has not answered stays
   * processing until its event (or the sweep) settles it.
   */
  async function carryOut(key: string): Promise<PaymentOperationRow | undefined> {
    const operation = await repo.findOperation(key)
    if (!operation || (operation.status !== 'pending' && operation.status !== 'processing')) {
      return operation
    }
    const outcome = await askProvider(operation)
    const followUps: string[] = []
    const settled = await transaction(async (tx) => {
      // the order first, as every writer of an order's money locks it before its operations
      await deps.orders.lockWithin(tx, operation.orderId)
      const locked = await repo.within(tx).lockOperation(key)
      if (!locked || locked.status !== operation.status) return locked
      const finishedAt = outcome.status === 'processing' ? null : now()
      await repo.within(tx).finishOperation(key, {
        status: outcome.status,
        error: outcome.status === 'failed' ? outcome.why : null,
        providerReference: outcome.reference ?? locked.providerReference,
        finishedAt,
      })
      followUps.push(...(await applyOutcome(tx, locked, outcome)))
      return {
        ...locked,
        status: outcome.status,
        finishedAt,
        providerReference: outcome.reference ?? locked.providerReference,
      }
    })
    for (const next of followUps) await carryOutSoon(next)
    return settled
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

  /**
   * What the operation's outcome changes on its order, recorded through the orders feature;
   * the keys of operations it asks for in turn (a refund of money a void found taken).
   */
  async function applyOutcome(
    tx: Transaction,
    operation: PaymentOperationRow,
    outcome: OperationOutcome,
  ): Promise<string[]> {
    const record = (change: Parameters<MoneyDeps['orders']['recordPaymentWithin']>[2]) =>
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
    const order = await deps.orders.lockWithin(tx, operation.orderId)
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
            tell: !isCancelRefund(operation),
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
    const order = await deps.orders.lockWithin(tx, operation.orderId)
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

  return { requestWithin, carryOut, carryOutSoon }
}

/** A refund as the provider answered it, as an operation's outcome. */
function refundOutcome(refund: Refund | null): OperationOutcome {
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

export type MoneyOperations = ReturnType<typeof createMoneyOperations>
