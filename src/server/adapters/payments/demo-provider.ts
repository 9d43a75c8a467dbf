import { randomBytes } from 'node:crypto'
import {
  CHECKOUT_MESSAGES,
  type DemoConfirmResult,
  type DemoCardSchema,
} from '#shared/schemas/checkout.ts'
import type { z } from 'zod'
import { createDemoOperations, DEMO_MARKS } from './demo-operations.ts'
import type {
  DemoPaymentChange,
  DemoPaymentRecord,
  DemoPaymentStore,
} from './demo-payment-store.ts'
import type { CreatePaymentRequest, PaymentEvent, PaymentProvider } from './payment-provider.ts'

/** Stripe's test cards (docs/product.md#payments): the demo provider answers them the way Stripe would. */
export const DEMO_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  needsAuthentication: '4000002500003155',
  /** Stripe's "attaches, but the charge fails": authorises, then declines at capture */
  declinesAtCapture: '4000000000000341',
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

/**
 * The built-in payment provider used when no Stripe key is set. Payments live in the store it
 * is given (a table), so confirming works on any app process. Card numbers are checked and
 * forgotten: never stored, never logged. It answers as Stripe does with manual capture: a good
 * card authorises (requires_capture), a capture takes up to that amount (succeeded), a void
 * releases it (canceled), and refunds give captured money back (docs/product.md#payments).
 */
export function createDemoProvider({
  store,
  now = () => new Date(),
  onPaymentFailed = () => {},
  onEvent = () => Promise.resolve(),
}: {
  store: DemoPaymentStore
  now?: () => Date
  /** a decline or a failed authentication that this call made (payments_failed_total) */
  onPaymentFailed?: () => void
  /**
   * What Stripe's webhook would tell the shop about a payment the customer's card moved
   * (authorised, paid, declined): the shop hears it apart from the browser's own calls
   * (docs/product.md#payments). A failure to pass it on is the shop's sweep's to catch up.
   */
  onEvent?: (event: PaymentEvent) => Promise<void>
}) {
  const find = (id: string) => store.find(id)

  const operations = createDemoOperations({ store, now })
  const { expired, toPayment } = operations

  /** where a good card (or a completed verification) leaves the payment */
  const authorised = (row: DemoPaymentRecord): DemoPaymentChange =>
    row.metadata[DEMO_MARKS.capture] === 'automatic'
      ? { status: 'succeeded', lastError: null, amountReceived: row.amount }
      : { status: 'requires_capture', lastError: null, authorizedAt: now() }

  /**
   * Tells the shop about an order's payment (a change's, a payment after a failed capture), as
   * Stripe's webhook would, so a customer who closes the tab still has it applied. A checkout's
   * order is made by the browser's call or the sweep, as before. The card form's answer does not
   * wait on the telling failing.
   */
  const tell = async (row: DemoPaymentRecord, event: PaymentEvent) => {
    if (!row.metadata['orderId']) return
    await onEvent(event).catch(() => undefined)
  }

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
        metadata: {
          ...request.metadata,
          ...(request.capture === 'automatic' ? { [DEMO_MARKS.capture]: 'automatic' } : {}),
        },
        idempotencyKey: request.idempotencyKey,
        createdAt: now(),
      })
      return { id: row.id, clientSecret: row.clientSecret }
    },

    async retrievePayment(id: string) {
      const row = await find(id)
      return row ? toPayment(row) : null
    },

    capture: operations.capture,
    void: operations.void,
    refund: operations.refund,
    retrieveRefund: operations.retrieveRefund,

    /** The card form's submit: authorises, declines or asks for authentication, like Stripe. */
    async confirmWithCard(
      id: string,
      card: z.output<typeof DemoCardSchema>,
    ): Promise<DemoConfirmResult | null> {
      const row = await find(id)
      if (!row) return null
      if (row.status === 'succeeded') return { status: 'succeeded' }
      if (row.status === 'requires_capture' && !expired(row)) return { status: 'requires_capture' }
      if (row.status === 'requires_action') {
        return { status: 'requires_action', redirectUrl: authenticationUrl(id) }
      }
      if (row.status !== 'requires_payment_method') {
        return { status: 'failed', message: CHECKOUT_MESSAGES.paymentNotCompleted }
      }
      const outcome = decide(card, row)
      const moved = await store.transition(id, ['requires_payment_method'], changeFor(outcome, row))
      // another tab confirmed it in the meantime: answer with where it stands now
      if (!moved) return provider.confirmWithCard(id, card)
      switch (outcome.kind) {
        case 'failed':
          onPaymentFailed()
          await tell(row, { type: 'failed', paymentId: id })
          return { status: 'failed', message: outcome.message }
        case 'requires_action':
          return { status: 'requires_action', redirectUrl: authenticationUrl(id) }
        case 'authorised':
          await tell(row, { type: 'succeeded', paymentId: id })
          return moved.status === 'succeeded'
            ? { status: 'succeeded' }
            : { status: 'requires_capture' }
      }
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
            ? authorised(row)
            : { status: 'requires_payment_method', lastError: DEMO_MESSAGES.authenticationFailed },
        )
        if (moved && outcome === 'failed') onPaymentFailed()
        if (moved) await tell(row, { type: outcome, paymentId: id })
      }
      const final = await find(id)
      const paid = final && ['requires_capture', 'succeeded'].includes(toPayment(final).status)
      // Stripe's redirect_status reads succeeded for an authorised payment too
      const query = `payment_intent=${encodeURIComponent(id)}&redirect_status=${paid ? 'succeeded' : 'failed'}`
      // an order's payment (a change, a payment after a failed capture) goes back to its order
      const orderId = row.metadata['orderId']
      return {
        returnUrl: orderId
          ? `/orders/${encodeURIComponent(orderId)}?${query}`
          : `/checkout?${query}`,
      }
    },
  }

  type CardOutcome =
    | { kind: 'authorised'; declinesAtCapture: boolean }
    | { kind: 'failed'; message: string }
    | { kind: 'requires_action' }

  function decide(card: z.output<typeof DemoCardSchema>, row: DemoPaymentRecord): CardOutcome {
    if (!passesLuhn(card.cardNumber)) {
      return { kind: 'failed', message: DEMO_MESSAGES.incorrectNumber }
    }
    if (hasExpired(card.expiry, now())) return { kind: 'failed', message: DEMO_MESSAGES.expired }
    switch (card.cardNumber) {
      case DEMO_CARDS.succeeds:
        return { kind: 'authorised', declinesAtCapture: false }
      case DEMO_CARDS.declinesAtCapture:
        // taken at once, the charge is the capture: it declines now
        return row.metadata[DEMO_MARKS.capture] === 'automatic'
          ? { kind: 'failed', message: CHECKOUT_MESSAGES.cardDeclined }
          : { kind: 'authorised', declinesAtCapture: true }
      case DEMO_CARDS.declined:
        return { kind: 'failed', message: CHECKOUT_MESSAGES.cardDeclined }
      case DEMO_CARDS.needsAuthentication:
        return { kind: 'requires_action' }
      default:
        return { kind: 'failed', message: DEMO_MESSAGES.onlyTestCards }
    }
  }

  function changeFor(outcome: CardOutcome, row: DemoPaymentRecord): DemoPaymentChange {
    switch (outcome.kind) {
      case 'failed':
        return { status: 'requires_payment_method', lastError: outcome.message }
      case 'requires_action':
        return { status: 'requires_action', lastError: null }
      case 'authorised':
        return outcome.declinesAtCapture
          ? {
              ...authorised(row),
              metadata: { ...row.metadata, [DEMO_MARKS.declineCapture]: 'true' },
            }
          : authorised(row)
    }
  }

  return provider satisfies PaymentProvider
}

export const authenticationUrl = (id: string) =>
  `/checkout/authenticate?payment_intent=${encodeURIComponent(id)}`

export type DemoProvider = ReturnType<typeof createDemoProvider>
