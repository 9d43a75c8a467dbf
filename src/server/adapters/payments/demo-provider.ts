import { randomBytes } from 'node:crypto'
import {
  CHECKOUT_MESSAGES,
  type DemoConfirmResult,
  type DemoCardSchema,
} from '#shared/schemas/checkout.ts'
import type { z } from 'zod'
import {
  knownStatus,
  type CreatePaymentRequest,
  type Payment,
  type PaymentProvider,
} from './payment-provider.ts'

/** Stripe's test cards (docs/product.md#payments): the demo provider answers them the way Stripe would. */
export const DEMO_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  needsAuthentication: '4000002500003155',
} as const

const DEMO_MESSAGES = {
  expired: 'Your card has expired.',
  incorrectNumber: 'Your card number is incorrect.',
  onlyTestCards: 'This demo takes only the test cards shown on the page.',
  authenticationFailed: 'We are unable to authenticate your payment method.',
} as const

/** The Luhn checksum every real card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

function hasExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()))
  if (!month || year === undefined) return true
  // a card is good through the last day of its expiry month
  const endOfMonth = Date.UTC(2000 + year, month, 1)
  return endOfMonth <= now.getTime()
}

/** A demo payment as its store keeps it: amounts in cents, statuses named as Stripe names them. */
export interface DemoPaymentRecord {
  readonly id: string
  readonly clientSecret: string
  readonly amount: number
  readonly currency: string
  readonly status: string
  readonly metadata: Record<string, string>
  readonly lastError: string | null
}

/** Where the demo provider keeps its payments (a table, so every app process sees them). */
export interface DemoPaymentStore {
  /** stores the payment, or returns the one already stored under its idempotency key */
  insertOnce(
    payment: Omit<DemoPaymentRecord, 'status' | 'lastError'> & { idempotencyKey: string },
  ): Promise<DemoPaymentRecord>
  find(id: string): Promise<DemoPaymentRecord | undefined>
  /** moves a payment on, only from the statuses given (two confirmations cannot both win) */
  transition(
    id: string,
    from: readonly string[],
    to: { status: string; lastError: string | null },
  ): Promise<DemoPaymentRecord | undefined>
}

const toPayment = (row: DemoPaymentRecord): Payment => {
  const status = knownStatus(row.status)
  return {
    id: row.id,
    status,
    amount: row.amount,
    amountReceived: status === 'succeeded' ? row.amount : 0,
    currency: row.currency,
    metadata: row.metadata,
    lastError: row.lastError,
  }
}

/**
 * The built-in payment provider used when no Stripe key is set. Payments live in the store it
 * is given (a table), so confirming works on any app process. Card numbers are checked and
 * forgotten: never stored, never logged.
 */
export function createDemoProvider({
  store,
  now = () => new Date(),
  onPaymentFailed = () => {},
}: {
  store: DemoPaymentStore
  now?: () => Date
  /** a decline or a failed authentication that this call made (payments_failed_total) */
  onPaymentFailed?: () => void
}) {
  const find = (id: string) => store.find(id)

  const provider = {
    name: 'demo' as const,
    publishableKey: null,

    async createPayment(request: CreatePaymentRequest) {
      const id = `pi_demo_${randomBytes(12).toString('hex')}`
      const row = await store.insertOnce({
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        amount: request.amount,
        currency: request.currency,
        metadata: { ...request.metadata },
        idempotencyKey: request.idempotencyKey,
      })
      return { id: row.id, clientSecret: row.clientSecret }
    },

    async retrievePayment(id: string) {
      const row = await find(id)
      return row ? toPayment(row) : null
    },

    /** The card form's submit: succeeds, declines or asks for authentication, like Stripe. */
    async confirmWithCard(
      id: string,
      card: z.output<typeof DemoCardSchema>,
    ): Promise<DemoConfirmResult | null> {
      const row = await find(id)
      if (!row) return null
      if (row.status === 'succeeded') return { status: 'succeeded' }
      if (row.status === 'requires_action') {
        return { status: 'requires_action', redirectUrl: authenticationUrl(id) }
      }
      if (row.status !== 'requires_payment_method') {
        return { status: 'failed', message: CHECKOUT_MESSAGES.paymentNotCompleted }
      }
      const outcome = decide(card)
      const moved = await store.transition(id, ['requires_payment_method'], {
        status: outcome.status === 'failed' ? 'requires_payment_method' : outcome.status,
        lastError: outcome.status === 'failed' ? outcome.message : null,
      })
      // another tab confirmed it in the meantime: answer with where it stands now
      if (!moved) return provider.confirmWithCard(id, card)
      if (outcome.status === 'failed') onPaymentFailed()
      return outcome.status === 'requires_action'
        ? { status: 'requires_action', redirectUrl: authenticationUrl(id) }
        : outcome
    },

    /** The demo bank's verification page: completes or fails the payment. */
    async completeAuthentication(
      id: string,
      outcome: 'succeeded' | 'failed',
    ): Promise<{ returnUrl: string } | null> {
      const row = await find(id)
      if (!row) return null
      if (row.status === 'requires_action') {
        const moved = await store.transition(
          id,
          ['requires_action'],
          outcome === 'succeeded'
            ? { status: 'succeeded', lastError: null }
            : { status: 'requires_payment_method', lastError: DEMO_MESSAGES.authenticationFailed },
        )
        if (moved && outcome === 'failed') onPaymentFailed()
      }
      const final = await find(id)
      const redirectStatus = final?.status === 'succeeded' ? 'succeeded' : 'failed'
      return {
        returnUrl: `/checkout?payment_intent=${encodeURIComponent(id)}&redirect_status=${redirectStatus}`,
      }
    },
  }

  function decide(card: z.output<typeof DemoCardSchema>): DemoConfirmResult {
    if (!passesLuhn(card.cardNumber)) {
      return { status: 'failed', message: DEMO_MESSAGES.incorrectNumber }
    }
    if (hasExpired(card.expiry, now())) return { status: 'failed', message: DEMO_MESSAGES.expired }
    switch (card.cardNumber) {
      case DEMO_CARDS.succeeds:
        return { status: 'succeeded' }
      case DEMO_CARDS.declined:
        return { status: 'failed', message: CHECKOUT_MESSAGES.cardDeclined }
      case DEMO_CARDS.needsAuthentication:
        return { status: 'requires_action', redirectUrl: '' }
      default:
        return { status: 'failed', message: DEMO_MESSAGES.onlyTestCards }
    }
  }

  return provider satisfies PaymentProvider
}

export const authenticationUrl = (id: string) =>
  `/checkout/authenticate?payment_intent=${encodeURIComponent(id)}`

export type DemoProvider = ReturnType<typeof createDemoProvider>
