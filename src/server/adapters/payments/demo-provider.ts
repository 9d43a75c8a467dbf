import { createHash, randomBytes } from 'node:crypto'
import {
  CHECKOUT_MESSAGES,
  type DemoConfirmResult,
  type DemoCardSchema,
} from '#shared/schemas/checkout.ts'
import type { z } from 'zod'
import { createDemoOperations, DEMO_MARKS, DEMO_REFUSAL_CODES } from './demo-operations.ts'
import type {
  DemoCardBehaviour,
  DemoPaymentChange,
  DemoPaymentRecord,
  DemoPaymentStore,
  DemoSavedCardRecord,
} from './demo-payment-store.ts'
import type {
  CreateCustomerRequest,
  CreatePaymentRequest,
  OffSessionChargeRequest,
  OffSessionResult,
  PaymentEvent,
  PaymentProvider,
  SavedCard,
} from './payment-provider.ts'

/** Stripe's test cards (docs/product.md#payments): the demo provider answers them the way Stripe would. */
export const DEMO_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  needsAuthentication: '4000002500003155',
  /**
   * Stripe's "attaches, but the charge fails": authorises at checkout, then declines at capture;
   * saved, it is declined when charged later without the customer
   */
  declinesAtCapture: '4000000000000341',
  /** asks the customer to authenticate every payment, even one made without them */
  alwaysAuthenticates: '4000002760003184',
} as const

/** What a saved card does when charged without the customer: as its test number would. */
function behaviourOf(cardNumber: string): DemoCardBehaviour {
  if (cardNumber === DEMO_CARDS.declinesAtCapture) return 'declines'
  if (cardNumber === DEMO_CARDS.alwaysAuthenticates) return 'needs_authentication'
  return 'succeeds'
}

function brandOf(cardNumber: string): string {
  if (cardNumber.startsWith('4')) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'mastercard'
  if (/^3[47]/.test(cardNumber)) return 'amex'
  if (cardNumber.startsWith('6')) return 'discover'
  return 'unknown'
}

/** What the demo keeps of a card it saves: never the number. */
type CardToSave = Omit<DemoSavedCardRecord, 'id' | 'customerId' | 'createdAt' | 'removedAt'>

function cardToSave(card: z.output<typeof DemoCardSchema>): CardToSave {
  const [month = 0, year = 0] = card.expiry.split('/').map((part) => Number(part.trim()))
  return {
    brand: brandOf(card.cardNumber),
    last4: card.cardNumber.slice(-4),
    expMonth: month,
    expYear: 2000 + year,
    behaviour: behaviourOf(card.cardNumber),
  }
}

const toSavedCard = (card: DemoSavedCardRecord): SavedCard => ({
  id: card.id,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
})

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

  /** a new payment, or the one stored already under the request's idempotency key */
  const insertPayment = async (
    request: Pick<
      CreatePaymentRequest,
      'amount' | 'currency' | 'metadata' | 'idempotencyKey' | 'capture'
    >,
    marks: Record<string, string>,
  ) => {
    const id = `pi_demo_${randomBytes(12).toString('hex')}`
    const row = await store.insertOnce({
      id,
      clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      amount: request.amount,
      currency: request.currency,
      metadata: {
        ...request.metadata,
        ...(request.capture === 'automatic' ? { [DEMO_MARKS.capture]: 'automatic' } : {}),
        ...marks,
      },
      idempotencyKey: request.idempotencyKey,
      createdAt: now(),
    })
    return { row, made: row.id === id }
  }

  /** keeps a card on the customer, as Stripe attaches it once it has paid or been set up */
  const keepCard = (customerId: string, card: CardToSave) =>
    store.saveCard({
      id: `pm_demo_${randomBytes(12).toString('hex')}`,
      customerId,
      createdAt: now(),
      ...card,
    })

  /** the payment's card, kept when the payment asked for it and the card has now paid */
  const keepCardOf = async (row: DemoPaymentRecord, card: CardToSave | null) => {
    const customerId = row.metadata[DEMO_MARKS.customer]
    if (!customerId || row.metadata[DEMO_MARKS.saveCard] !== 'true' || !card) return
    await keepCard(customerId, card)
  }

  const pendingCardOf = (row: DemoPaymentRecord): CardToSave | null => {
    const text = row.metadata[DEMO_MARKS.pendingCard]
    return text ? (JSON.parse(text) as CardToSave) : null
  }

  /** An off-session charge as the port answers it, from where its payment stands. */
  const offSessionResultOf = (row: DemoPaymentRecord): OffSessionResult => {
    const payment = toPayment(row)
    switch (payment.status) {
      case 'requires_capture':
        return { status: 'authorized', payment }
      case 'succeeded':
        return { status: 'succeeded', payment }
      case 'requires_action':
        return {
          status: 'requires_authentication',
          paymentId: row.id,
          clientSecret: row.clientSecret,
        }
      default:
        return {
          status: 'declined',
          paymentId: row.id,
          clientSecret: row.clientSecret,
          code: DEMO_REFUSAL_CODES.declined,
          message: row.lastError ?? CHECKOUT_MESSAGES.cardDeclined,
        }
    }
  }

  const provider = {
    name: 'demo' as const,
    publishableKey: null,

    async createPayment(request: CreatePaymentRequest) {
      const { row } = await insertPayment(request, {
        ...(request.customer ? { [DEMO_MARKS.customer]: request.customer } : {}),
        ...(request.customer && request.savePaymentMethod ? { [DEMO_MARKS.saveCard]: 'true' } : {}),
      })
      return { id: row.id, clientSecret: row.clientSecret }
    },

    async retrievePayment(id: string) {
      const row = await find(id)
      return row ? toPayment(row) : null
    },

    /** the same key always names the same customer, as Stripe's idempotency would */
    async createCustomer(request: CreateCustomerRequest) {
      const digest = createHash('sha256').update(request.idempotencyKey).digest('hex')
      return { id: `cus_demo_${digest.slice(0, 24)}` }
    },

    async createSetup(request: { customer: string; idempotencyKey: string }) {
      const id = `seti_demo_${randomBytes(12).toString('hex')}`
      const setup = await store.insertSetupOnce({
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        customerId: request.customer,
        idempotencyKey: request.idempotencyKey,
      })
      return { id: setup.id, clientSecret: setup.clientSecret }
    },

    async listSavedCards(customer: string) {
      return (await store.listCards(customer)).map(toSavedCard)
    },

    /** the customer a card setup keeps its card for (the card form confirms only theirs) */
    async setupCustomer(setupId: string): Promise<string | null> {
      return (await store.findSetup(setupId))?.customerId ?? null
    },

    removeSavedCard: (customer: string, paymentMethod: string) =>
      store.removeCard(customer, paymentMethod, now()),

    /**
     * A saved card charged without the customer, as its test number would answer: 4242 pays,
     * 0341 is declined, 3184 wants the customer to authenticate. The same key answers the same
     * payment again.
     */
    async chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionResult> {
      const card = await store.findCard(request.paymentMethod)
      if (!card || card.customerId !== request.customer || card.removedAt) {
        return {
          status: 'declined',
          paymentId: null,
          clientSecret: null,
          code: DEMO_REFUSAL_CODES.noSuchPayment,
          message: `No such saved card: ${request.paymentMethod}`,
        }
      }
      const { row, made } = await insertPayment(request, {
        [DEMO_MARKS.customer]: request.customer,
      })
      // a repeated key: the payment it made, as it stands
      if (!made || row.status !== 'requires_payment_method') return offSessionResultOf(row)
      const change: DemoPaymentChange =
        card.behaviour === 'succeeds'
          ? authorised(row)
          : card.behaviour === 'declines'
            ? { status: 'requires_payment_method', lastError: CHECKOUT_MESSAGES.cardDeclined }
            : { status: 'requires_action', lastError: null }
      const moved = (await store.transition(row.id, ['requires_payment_method'], change)) ?? row
      if (card.behaviour === 'declines') onPaymentFailed()
      if (card.behaviour === 'succeeds') await tell(moved, { type: 'succeeded', paymentId: row.id })
      return offSessionResultOf(moved)
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
      if (id.startsWith('seti_')) return confirmSetup(id, card)
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
      const moved = await store.transition(
        id,
        ['requires_payment_method'],
        changeFor(outcome, row, cardToSave(card)),
      )
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
          await keepCardOf(row, cardToSave(card))
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
      if (id.startsWith('seti_')) return completeSetupAuthentication(id, outcome)
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
        if (moved && outcome === 'succeeded') await keepCardOf(row, pendingCardOf(row))
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

  /** The card form on a card setup: the card is kept, refused, or waits for the bank's check. */
  async function confirmSetup(
    id: string,
    card: z.output<typeof DemoCardSchema>,
  ): Promise<DemoConfirmResult | null> {
    const setup = await store.findSetup(id)
    if (!setup) return null
    if (setup.status === 'succeeded') return { status: 'succeeded' }
    if (setup.status === 'requires_action') {
      return { status: 'requires_action', redirectUrl: authenticationUrl(id) }
    }
    const refusal = refusalOf(card)
    if (refusal) {
      onPaymentFailed()
      await store.transitionSetup(id, ['requires_payment_method'], { lastError: refusal })
      return { status: 'failed', message: refusal }
    }
    const needsCheck = [DEMO_CARDS.needsAuthentication, DEMO_CARDS.alwaysAuthenticates].some(
      (number) => number === card.cardNumber,
    )
    const kept = cardToSave(card)
    const moved = await store.transitionSetup(
      id,
      ['requires_payment_method'],
      needsCheck
        ? { status: 'requires_action', pendingCard: kept, lastError: null }
        : { status: 'succeeded', lastError: null },
    )
    // another tab confirmed it in the meantime: answer with where it stands now
    if (!moved) return confirmSetup(id, card)
    if (needsCheck) return { status: 'requires_action', redirectUrl: authenticationUrl(id) }
    const saved = await keepCard(setup.customerId, kept)
    await store.transitionSetup(id, ['succeeded'], { savedCardId: saved.id })
    return { status: 'succeeded' }
  }

  async function completeSetupAuthentication(
    id: string,
    outcome: 'succeeded' | 'failed',
  ): Promise<{ returnUrl: string } | null> {
    const setup = await store.findSetup(id)
    if (!setup) return null
    if (setup.status === 'requires_action') {
      const moved = await store.transitionSetup(
        id,
        ['requires_action'],
        outcome === 'succeeded'
          ? { status: 'succeeded', pendingCard: null }
          : {
              status: 'requires_payment_method',
              pendingCard: null,
              lastError: DEMO_MESSAGES.authenticationFailed,
            },
      )
      if (moved && outcome === 'succeeded' && setup.pendingCard) {
        const saved = await keepCard(setup.customerId, setup.pendingCard as CardToSave)
        await store.transitionSetup(id, ['succeeded'], { savedCardId: saved.id })
      }
      if (moved && outcome === 'failed') onPaymentFailed()
    }
    const final = await store.findSetup(id)
    const query = `setup_intent=${encodeURIComponent(id)}&redirect_status=${final?.status === 'succeeded' ? 'succeeded' : 'failed'}`
    return { returnUrl: `/profile?${query}` }
  }

  /** why a card number or expiry is refused before any bank is asked; null when it is not */
  function refusalOf(card: z.output<typeof DemoCardSchema>): string | null {
    if (!passesLuhn(card.cardNumber)) return DEMO_MESSAGES.incorrectNumber
    if (hasExpired(card.expiry, now())) return DEMO_MESSAGES.expired
    if (card.cardNumber === DEMO_CARDS.declined) return CHECKOUT_MESSAGES.cardDeclined
    const known: readonly string[] = Object.values(DEMO_CARDS)
    return known.includes(card.cardNumber) ? null : DEMO_MESSAGES.onlyTestCards
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
      case DEMO_CARDS.alwaysAuthenticates:
        return { kind: 'requires_action' }
      default:
        return { kind: 'failed', message: DEMO_MESSAGES.onlyTestCards }
    }
  }

  function changeFor(
    outcome: CardOutcome,
    row: DemoPaymentRecord,
    card: CardToSave,
  ): DemoPaymentChange {
    switch (outcome.kind) {
      case 'failed':
        return { status: 'requires_payment_method', lastError: outcome.message }
      case 'requires_action':
        // the card to keep once the bank's check passes (what is shown of it, never the number)
        return row.metadata[DEMO_MARKS.saveCard] === 'true'
          ? {
              status: 'requires_action',
              lastError: null,
              metadata: { ...row.metadata, [DEMO_MARKS.pendingCard]: JSON.stringify(card) },
            }
          : { status: 'requires_action', lastError: null }
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
