import { randomBytes } from 'node:crypto'
import { CHECKOUT_MESSAGES } from '#shared/schemas/checkout.ts'
import type {
  DemoOperation,
  DemoOperationDecision,
  DemoOperationResult,
  DemoPaymentChange,
  DemoPaymentRecord,
  DemoPaymentStore,
} from './demo-payment-store.ts'
import {
  knownStatus,
  PaymentRefusedError,
  type CaptureRequest,
  type Payment,
  type Refund,
  type RefundRequest,
  type VoidRequest,
} from './payment-provider.ts'

/**
 * The demo holds an authorisation for exactly 7 days from the moment the card authorised it
 * (Stripe's usual window for an online card payment), and says it expired after.
 */
export const AUTHORISATION_LIFETIME_MS = 7 * 24 * 60 * 60_000

export const DEMO_REFUSALS = {
  declined: CHECKOUT_MESSAGES.cardDeclined,
  expired: 'The card authorization expired (held for 7 days): the customer must pay again.',
  notCapturable: (status: string) =>
    `This payment cannot be captured: its status is ${status}, not requires_capture.`,
  captureAmount: (capturable: number) =>
    `The amount to capture must be a whole number of cents from 1 to ${capturable}.`,
  notVoidable: (status: string) => `This payment cannot be voided: its status is ${status}.`,
  notRefundable: (status: string) =>
    `This payment cannot be refunded: its status is ${status}, not succeeded.`,
  refundAmount: (left: number) =>
    `The amount to refund must be a whole number of cents from 1 to ${left}.`,
  notAnAmount: 'The amount must be a whole number of cents.',
  noSuchPayment: (id: string) => `No such payment: ${id}`,
} as const

/**
 * Marks kept in a demo payment's metadata, never shown in Payment.metadata: that it is taken at
 * once (capture 'automatic'), and that its card declines at capture.
 */
export const DEMO_MARKS = {
  capture: 'capture',
  declineCapture: 'declineCapture',
  /** the provider customer the payment is for */
  customer: 'customer',
  /** keep the card on the customer once it has paid */
  saveCard: 'saveCard',
  /** the card to keep once the bank's check passes (JSON, never the number) */
  pendingCard: 'pendingCard',
} as const

const MARK_NAMES = new Set<string>(Object.values(DEMO_MARKS))

const publicMetadata = (metadata: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(metadata).filter(([name]) => !MARK_NAMES.has(name)))

/** what a void may release besides an authorisation: a payment the card never completed */
const UNPAID = ['requires_payment_method', 'requires_confirmation', 'requires_action']

/** Stripe's codes for the demo's refusals, so callers can tell them apart as with Stripe */
export const DEMO_REFUSAL_CODES = {
  declined: 'card_declined',
  expired: 'charge_expired_for_capture',
  unexpectedState: 'payment_intent_unexpected_state',
  amount: 'amount_too_large',
  notAnAmount: 'parameter_invalid_integer',
  noSuchPayment: 'resource_missing',
} as const

const refused = (message: string, code: string, change: DemoPaymentChange | null = null) => ({
  change,
  result: { refused: message, code },
})

/**
 * The demo provider's capture, void and refund (docs/product.md#order-payments), with Stripe's
 * rules: a capture takes up to the authorised amount once (the rest is released), a void
 * releases an authorisation, refunds give back at most what was captured. Each runs once per
 * idempotency key; a refusal is stored too, and a repeated call gets it again.
 */
export function createDemoOperations({ store, now }: { store: DemoPaymentStore; now: () => Date }) {
  /** until when an authorisation can be captured: 7 days after the card authorised it */
  const captureBefore = (row: DemoPaymentRecord): Date | null =>
    row.status === 'requires_capture'
      ? new Date((row.authorizedAt ?? row.createdAt).getTime() + AUTHORISATION_LIFETIME_MS)
      : null

  const expired = (row: DemoPaymentRecord) => {
    const deadline = captureBefore(row)
    return deadline !== null && now().getTime() > deadline.getTime()
  }

  /** The payment as the port reads it; an authorisation past its 7 days reads canceled. */
  const toPayment = (row: DemoPaymentRecord): Payment => {
    const status = expired(row) ? 'canceled' : knownStatus(row.status)
    return {
      id: row.id,
      status,
      amount: row.amount,
      amountReceived: row.amountReceived,
      amountCapturable: status === 'requires_capture' ? row.amount : 0,
      amountRefunded: row.amountRefunded,
      currency: row.currency,
      metadata: publicMetadata(row.metadata),
      lastError: row.lastError,
      captureBefore: status === 'requires_capture' ? captureBefore(row) : null,
    }
  }

  /** the answer of an operation; a refusal (now or stored) is a PaymentRefusedError */
  async function operate(
    operation: DemoOperation,
    decide: (row: DemoPaymentRecord) => DemoOperationDecision,
  ): Promise<Exclude<DemoOperationResult, { readonly refused: string }>> {
    if (!Number.isSafeInteger(operation.amount)) {
      throw new PaymentRefusedError(DEMO_REFUSALS.notAnAmount, DEMO_REFUSAL_CODES.notAnAmount)
    }
    const result = await store.operateOnce(operation, decide)
    if (!result) {
      throw new PaymentRefusedError(
        DEMO_REFUSALS.noSuchPayment(operation.paymentId),
        DEMO_REFUSAL_CODES.noSuchPayment,
      )
    }
    // a refusal stored before codes were kept has none
    if ('refused' in result) throw new PaymentRefusedError(result.refused, result.code)
    return result
  }

  function decideCapture(row: DemoPaymentRecord, amount: number): DemoOperationDecision {
    if (row.status !== 'requires_capture')
      return refused(DEMO_REFUSALS.notCapturable(row.status), DEMO_REFUSAL_CODES.unexpectedState)
    if (expired(row)) {
      return refused(DEMO_REFUSALS.expired, DEMO_REFUSAL_CODES.expired, {
        status: 'canceled',
        lastError: DEMO_REFUSALS.expired,
      })
    }
    if (row.metadata[DEMO_MARKS.declineCapture] === 'true') {
      // nothing moves; the authorisation stays until it is voided or lapses
      return refused(DEMO_REFUSALS.declined, DEMO_REFUSAL_CODES.declined, {
        status: row.status,
        lastError: DEMO_REFUSALS.declined,
      })
    }
    if (amount < 1 || amount > row.amount) {
      return refused(DEMO_REFUSALS.captureAmount(row.amount), DEMO_REFUSAL_CODES.amount)
    }
    // the rest of the authorisation is released, as Stripe does with a partial capture
    const change = { status: 'succeeded', lastError: null, amountReceived: amount }
    return { change, result: { payment: toPayment({ ...row, ...change }) } }
  }

  function decideVoid(row: DemoPaymentRecord): DemoOperationDecision {
    // voided already (or lapsed): the authorisation is released either way
    if (row.status === 'canceled') return { change: null, result: { payment: toPayment(row) } }
    if (row.status !== 'requires_capture' && !UNPAID.includes(row.status)) {
      return refused(DEMO_REFUSALS.notVoidable(row.status), DEMO_REFUSAL_CODES.unexpectedState)
    }
    const change = { status: 'canceled', lastError: null }
    return { change, result: { payment: toPayment({ ...row, ...change }) } }
  }

  function decideRefund(row: DemoPaymentRecord, amount: number): DemoOperationDecision {
    if (row.status !== 'succeeded') {
      return refused(DEMO_REFUSALS.notRefundable(row.status), DEMO_REFUSAL_CODES.unexpectedState)
    }
    const left = row.amountReceived - row.amountRefunded
    if (amount < 1 || amount > left) {
      return refused(DEMO_REFUSALS.refundAmount(left), DEMO_REFUSAL_CODES.amount)
    }
    const refund: Refund = {
      id: `re_demo_${randomBytes(12).toString('hex')}`,
      paymentId: row.id,
      amount,
      status: 'succeeded',
      failureReason: null,
    }
    return {
      change: { status: row.status, amountRefunded: row.amountRefunded + amount },
      result: { refund },
    }
  }

  return {
    expired,
    toPayment,

    capture: async (request: CaptureRequest): Promise<Payment> => {
      const { idempotencyKey, paymentId, amount } = request
      const done = await operate({ idempotencyKey, paymentId, kind: 'capture', amount }, (row) =>
        decideCapture(row, amount),
      )
      if (!('payment' in done)) throw new Error(`${idempotencyKey} answered a refund`)
      return done.payment
    },

    void: async (request: VoidRequest): Promise<Payment> => {
      const { idempotencyKey, paymentId } = request
      const done = await operate({ idempotencyKey, paymentId, kind: 'void', amount: 0 }, decideVoid)
      if (!('payment' in done)) throw new Error(`${idempotencyKey} answered a refund`)
      return done.payment
    },

    refund: async (request: RefundRequest): Promise<Refund> => {
      const { idempotencyKey, paymentId, amount } = request
      const done = await operate({ idempotencyKey, paymentId, kind: 'refund', amount }, (row) =>
        decideRefund(row, amount),
      )
      if (!('refund' in done)) throw new Error(`${idempotencyKey} answered a payment`)
      return done.refund
    },

    retrieveRefund: async (id: string): Promise<Refund | null> =>
      (await store.findRefund(id)) ?? null,
  }
}
