import { randomBytes } from 'node:crypto'

/**
 * The stand-in's own Stripe: its PaymentIntents, charges and refunds, the API calls that move
 * them (create, retrieve, capture, cancel, refund) with Stripe's rules and error shapes, and the
 * events Stripe would send about each change. fake-stripe.ts serves it over HTTP; customers,
 * their saved cards and off-session charges are in fake-stripe-customers.ts.
 */

export interface FakeCharge {
  id: string
  object: 'charge'
  amount: number
  amount_captured: number
  amount_refunded: number
  captured: boolean
  refunded: boolean
  currency: string
  payment_intent: string
  status: 'succeeded'
  /** `card.capture_before`: until when an uncaptured charge can be captured (Unix seconds) */
  payment_method_details: { type: 'card'; card: { capture_before: number | null } }
  created: number
  livemode: false
}

export interface FakePaymentIntent {
  id: string
  object: 'payment_intent'
  amount: number
  amount_capturable: number
  amount_received: number
  capture_method: 'automatic' | 'automatic_async' | 'manual'
  currency: string
  status: string
  client_secret: string
  metadata: Record<string, string>
  last_payment_error: {
    type: string
    code?: string
    decline_code?: string
    message: string
    /** the card that was refused, as Stripe names it on a declined intent */
    payment_method?: { readonly id: string }
  } | null
  description: string | null
  /** the Stripe customer the payment is for (its saved cards can pay it) */
  customer: string | null
  /** the card paying it, once one is chosen (a saved card off-session, or the form's) */
  payment_method: string | null
  /** keep the card on the customer once it has paid (Stripe's saved cards) */
  setup_future_usage: 'off_session' | 'on_session' | null
  /** what the customer still has to do in the browser (3-D Secure), while requires_action */
  next_action: { type: string; use_stripe_sdk?: Record<string, string> } | null
  automatic_payment_methods: { enabled: boolean } | null
  latest_charge: string | null
  cancellation_reason: string | null
  created: number
  livemode: false
}

export interface FakeRefund {
  id: string
  object: 'refund'
  amount: number
  charge: string
  payment_intent: string
  currency: string
  metadata: Record<string, string>
  reason: null
  status: 'succeeded' | 'pending' | 'failed'
  failure_reason: string | null
  created: number
}

/** An event Stripe would send about a change: its type and the object's snapshot. */
export interface FakeEvent {
  type: string
  object: { readonly id: string }
}

export type Answer = { statusCode: number; body: unknown; headers?: Record<string, string> }

export const stripeError = (
  type: string,
  message: string,
  extra: Record<string, unknown> = {},
) => ({
  error: { type, message, ...extra },
})

export const invalid = (message: string, extra: Record<string, unknown> = {}): Answer => ({
  statusCode: 400,
  body: stripeError('invalid_request_error', message, extra),
})

export const noSuch = (kind: string, id: string): Answer => ({
  statusCode: 404,
  body: stripeError('invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
  }),
})

const unexpectedState = (intent: FakePaymentIntent, action: string, allowed: string[]) =>
  invalid(
    `This PaymentIntent could not be ${action} because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
    { code: 'payment_intent_unexpected_state' },
  )

export const objectOf = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' ? { ...(value as Record<string, string>) } : {}

/** `expand[0]=latest_charge` → ['latest_charge'] */
export const expandOf = (form: Record<string, unknown>): string[] =>
  Object.values(objectOf(form['expand']))

/** a whole number of cents from the form, or undefined when absent; NaN when not a number */
const centsOf = (value: unknown): number | undefined =>
  value === undefined
    ? undefined
    : typeof value === 'string' && /^\d+$/.test(value)
      ? Number(value)
      : Number.NaN

/** an uncaptured card payment can be captured for 7 days (Stripe's usual window) */
const HOLD_SECONDS = 7 * 24 * 60 * 60

const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]

export function createStripeLedger() {
  const intents = new Map<string, FakePaymentIntent>()
  const charges = new Map<string, FakeCharge>()
  const refunds: FakeRefund[] = []
  const events: FakeEvent[] = []
  /** payments whose next capture is declined, with the message */
  const declinedCaptures = new Map<string, string>()
  /** what the next refunds are made as: Stripe leaves some pending (bank transfers, some cards) */
  const refundOutcome = { next: 'succeeded' as 'succeeded' | 'pending' }

  const snapshot = <T>(value: T): T => structuredClone(value)
  const now = () => Math.floor(Date.now() / 1000)
  const emit = (type: string, object: { readonly id: string }) =>
    events.push({ type, object: snapshot(object) })

  /** the intent as Stripe answers it, its latest charge expanded when asked */
  const render = (intent: FakePaymentIntent, expand: string[]): unknown =>
    expand.includes('latest_charge') && intent.latest_charge
      ? { ...snapshot(intent), latest_charge: snapshot(charges.get(intent.latest_charge)) }
      : snapshot(intent)

  function createIntent(form: Record<string, unknown>): FakePaymentIntent {
    const id = `pi_${randomBytes(12).toString('hex')}`
    const automatic = objectOf(form['automatic_payment_methods'])
    const captureMethod = form['capture_method']
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount: Number(form['amount']),
      amount_capturable: 0,
      amount_received: 0,
      capture_method:
        captureMethod === 'manual' || captureMethod === 'automatic_async'
          ? captureMethod
          : 'automatic',
      currency: String(form['currency']),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: objectOf(form['metadata']),
      last_payment_error: null,
      description: typeof form['description'] === 'string' ? form['description'] : null,
      automatic_payment_methods:
        automatic['enabled'] === undefined ? null : { enabled: automatic['enabled'] === 'true' },
      latest_charge: null,
      cancellation_reason: null,
      customer: typeof form['customer'] === 'string' ? form['customer'] : null,
      payment_method: typeof form['payment_method'] === 'string' ? form['payment_method'] : null,
      setup_future_usage:
        form['setup_future_usage'] === 'off_session' || form['setup_future_usage'] === 'on_session'
          ? form['setup_future_usage']
          : null,
      next_action: null,
      created: now(),
      livemode: false,
    }
    intents.set(id, intent)
    emit('payment_intent.created', intent)
    return intent
  }

  /** the card's charge: uncaptured under manual capture, captured at once otherwise */
  function chargeFor(intent: FakePaymentIntent, captured: boolean): FakeCharge {
    const charge: FakeCharge = {
      id: `ch_${randomBytes(12).toString('hex')}`,
      object: 'charge',
      amount: intent.amount,
      amount_captured: captured ? intent.amount : 0,
      amount_refunded: 0,
      captured,
      refunded: false,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      payment_method_details: {
        type: 'card',
        card: { capture_before: captured ? null : now() + HOLD_SECONDS },
      },
      created: now(),
      livemode: false,
    }
    charges.set(charge.id, charge)
    intent.latest_charge = charge.id
    return charge
  }

  /** the parameters Stripe refuses before making a PaymentIntent, or null when they are fine */
  function refusedIntent(form: Record<string, unknown>): Answer | null {
    const amount = Number(form['amount'])
    if (!Number.isInteger(amount) || amount < 50) {
      return invalid('Amount must be at least $0.50 usd', { param: 'amount' })
    }
    if (typeof form['currency'] !== 'string') {
      return invalid('Missing required param: currency.', { param: 'currency' })
    }
    return null
  }

  function createPaymentIntent(form: Record<string, unknown>): Answer {
    return refusedIntent(form) ?? { statusCode: 200, body: snapshot(createIntent(form)) }
  }

  /**
   * The card went through: authorised (requires_capture) under manual capture, taken at once
   * under automatic; with its charge and its event.
   */
  function authorise(intent: FakePaymentIntent): void {
    const manual = intent.capture_method === 'manual'
    chargeFor(intent, !manual)
    Object.assign(intent, {
      status: manual ? 'requires_capture' : 'succeeded',
      amount_capturable: manual ? intent.amount : 0,
      amount_received: manual ? 0 : intent.amount,
      last_payment_error: null,
      next_action: null,
    })
    emit(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', intent)
  }

  function capture(intent: FakePaymentIntent, form: Record<string, unknown>): Answer {
    if (intent.status !== 'requires_capture') {
      return unexpectedState(intent, 'captured', ['requires_capture'])
    }
    const amount = centsOf(form['amount_to_capture']) ?? intent.amount_capturable
    if (!Number.isInteger(amount) || amount < 1) {
      return invalid('Invalid amount_to_capture', { param: 'amount_to_capture' })
    }
    if (amount > intent.amount_capturable) {
      return invalid(
        `The amount to capture (${amount}) is greater than the amount capturable (${intent.amount_capturable}).`,
        { code: 'amount_too_large', param: 'amount_to_capture' },
      )
    }
    const declined = declinedCaptures.get(intent.id)
    if (declined !== undefined) {
      declinedCaptures.delete(intent.id)
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: declined }
      return {
        statusCode: 402,
        body: stripeError('card_error', declined, {
          code: 'card_declined',
          decline_code: 'generic_decline',
          payment_intent: snapshot(intent),
        }),
      }
    }
    // a partial capture releases the rest of the authorisation
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined
    if (charge) Object.assign(charge, { amount_captured: amount, captured: true })
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: amount,
      amount_capturable: 0,
      last_payment_error: null,
    })
    emit('payment_intent.succeeded', intent)
    return { statusCode: 200, body: render(intent, expandOf(form)) }
  }

  function cancel(intent: FakePaymentIntent, form: Record<string, unknown>): Answer {
    if (!CANCELABLE.includes(intent.status)) {
      return unexpectedState(intent, 'canceled', CANCELABLE)
    }
    const reason = form['cancellation_reason']
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      cancellation_reason: typeof reason === 'string' ? reason : null,
    })
    emit('payment_intent.canceled', intent)
    return { statusCode: 200, body: render(intent, expandOf(form)) }
  }

  function refund(form: Record<string, unknown>): Answer {
    const paymentId = form['payment_intent']
    if (typeof paymentId !== 'string') {
      return invalid('Missing required param: payment_intent.', { param: 'payment_intent' })
    }
    const intent = intents.get(paymentId)
    if (!intent) return noSuch('payment_intent', paymentId)
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined
    if (intent.status !== 'succeeded' || !charge) {
      return invalid(
        `This PaymentIntent (${paymentId}) does not have a successful charge to refund.`,
        { code: 'charge_not_refundable' },
      )
    }
    const left = charge.amount_captured - charge.amount_refunded
    if (left === 0) {
      return invalid(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      })
    }
    const amount = centsOf(form['amount']) ?? left
    if (!Number.isInteger(amount) || amount < 1) {
      return invalid('Invalid positive integer', { param: 'amount' })
    }
    if (amount > left) {
      return invalid(
        `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`,
        { code: 'amount_too_large', param: 'amount' },
      )
    }
    const made: FakeRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      currency: intent.currency,
      metadata: objectOf(form['metadata']),
      reason: null,
      status: refundOutcome.next,
      failure_reason: null,
      created: now(),
    }
    refunds.push(made)
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount_captured
    emit('charge.refunded', charge)
    return { statusCode: 200, body: snapshot(made) }
  }

  /** the answer to a request that is neither replayed nor in trouble */
  function route(method: string, path: string, form: Record<string, unknown>): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(form)
    if (method === 'POST' && path === '/v1/refunds') return refund(form)
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path)
    if (method === 'GET' && refundPath) {
      const id = decodeURIComponent(refundPath[1] ?? '')
      const found = refunds.find((made) => made.id === id)
      return found ? { statusCode: 200, body: snapshot(found) } : noSuch('refund', id)
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path)
    if (match) {
      const id = decodeURIComponent(match[1] ?? '')
      const intent = intents.get(id)
      const action = match[2]
      if (method === 'GET' && !action) {
        return intent
          ? { statusCode: 200, body: render(intent, expandOf(form)) }
          : noSuch('payment_intent', id)
      }
      if (method === 'POST' && action) {
        if (!intent) return noSuch('payment_intent', id)
        return action === 'capture' ? capture(intent, form) : cancel(intent, form)
      }
    }
    return {
      statusCode: 404,
      body: stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
    }
  }

  return {
    intents,
    charges,
    refunds,
    events,
    declinedCaptures,
    refundOutcome,
    snapshot,
    emit,
    now,
    chargeFor,
    createIntent,
    refusedIntent,
    authorise,
    render,
    route,
  }
}

export type StripeLedger = ReturnType<typeof createStripeLedger>
