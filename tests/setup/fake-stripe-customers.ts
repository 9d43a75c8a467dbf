import { randomBytes } from 'node:crypto'
import {
  type Answer,
  expandOf,
  type FakePaymentIntent,
  invalid,
  noSuch,
  objectOf,
  type StripeLedger,
  stripeError,
} from './fake-stripe-ledger.ts'

/**
 * The stand-in's customers and the cards kept on them (docs/product.md#saved-cards): Customers,
 * PaymentMethods (listed, retrieved, detached), SetupIntents, and PaymentIntents confirmed at
 * creation with a saved card, off-session, each answered the way Stripe answers it. A card's
 * test number decides how it behaves when charged, as Stripe's test cards do.
 */

type CardBehaviour =
  | { readonly charge: 'succeeds' | 'requires_authentication' }
  | { readonly charge: 'declines'; readonly declineCode: string; readonly message: string }

/** Stripe's test cards the stand-in knows, and what each does when charged without the customer */
export const TEST_CARDS = {
  /** goes through */
  '4242424242424242': { charge: 'succeeds' },
  /** attaches fine, but every charge is declined (card_declined, the bank giving no reason) */
  '4000000000000341': {
    charge: 'declines',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  /**
   * declined with the bank's reason (card_declined, insufficient_funds). Stripe may refuse to
   * set this one up at all; kept on a customer here so a charge can show a specific reason.
   */
  '4000000000009995': {
    charge: 'declines',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  /** every charge wants 3-D Secure, however the card was set up */
  '4000002760003184': { charge: 'requires_authentication' },
} as const satisfies Record<string, CardBehaviour>
export type TestCardNumber = keyof typeof TEST_CARDS

export interface FakeCustomer {
  id: string
  object: 'customer'
  email: string | null
  metadata: Record<string, string>
  description: string | null
  name: string | null
  invoice_settings: { default_payment_method: string | null }
  created: number
  livemode: false
}

export interface FakePaymentMethod {
  id: string
  object: 'payment_method'
  type: 'card'
  card: {
    brand: string
    display_brand: string
    last4: string
    exp_month: number
    exp_year: number
    funding: 'credit'
    country: 'US'
    fingerprint: string
  }
  billing_details: { email: null; name: null; phone: null }
  /** the customer it is kept on; null once detached (or never attached) */
  customer: string | null
  metadata: Record<string, string>
  created: number
  livemode: false
}

export interface FakeSetupIntent {
  id: string
  object: 'setup_intent'
  client_secret: string
  customer: string | null
  usage: 'off_session' | 'on_session'
  /** what the SetupIntent was asked to allow (null when not asked) */
  allowed_payment_method_types: string[] | null
  /** what the card form may offer */
  payment_method_types: string[]
  payment_method: string | null
  status: 'requires_payment_method' | 'succeeded'
  last_setup_error: null
  next_action: null
  metadata: Record<string, string>
  created: number
  livemode: false
}

export interface CardDetails {
  number: TestCardNumber
  expMonth?: number
  expYear?: number
}

const noSuchPaymentMethod = (id: string, status = 400): Answer => ({
  statusCode: status,
  body: stripeError('invalid_request_error', `No such PaymentMethod: '${id}'`, {
    code: 'resource_missing',
    param: status === 400 ? 'payment_method' : undefined,
  }),
})

const cardError = (intent: FakePaymentIntent, extra: Record<string, unknown>): Answer => ({
  statusCode: 402,
  body: stripeError('card_error', intent.last_payment_error?.message ?? 'Your card was declined.', {
    ...extra,
    payment_intent: structuredClone(intent),
  }),
})

export function createCustomerBook(ledger: StripeLedger) {
  const { snapshot, emit, now, authorise, render } = ledger
  const customers = new Map<string, FakeCustomer>()
  /** in the order they were made: Stripe lists the newest first */
  const paymentMethods = new Map<string, FakePaymentMethod>()
  /** which test card each payment method is: Stripe keeps the number, never shows it */
  const numbers = new Map<string, TestCardNumber>()
  const setupIntents = new Map<string, FakeSetupIntent>()
  /** detached cards: Stripe never lets one be used again */
  const detached = new Set<string>()

  /** the form's customer: null when none is named, Stripe's refusal when it is not known */
  function customerOf(form: Record<string, unknown>): string | null | Answer {
    const customer = form['customer']
    if (customer === undefined) return null
    if (typeof customer === 'string' && customers.has(customer)) return customer
    return invalid(`No such customer: '${typeof customer === 'string' ? customer : ''}'`, {
      code: 'resource_missing',
      param: 'customer',
    })
  }

  function createCustomer(form: Record<string, unknown>): Answer {
    const id = `cus_${randomBytes(7).toString('hex')}`
    const customer: FakeCustomer = {
      id,
      object: 'customer',
      email: typeof form['email'] === 'string' ? form['email'] : null,
      metadata: objectOf(form['metadata']),
      description: typeof form['description'] === 'string' ? form['description'] : null,
      name: typeof form['name'] === 'string' ? form['name'] : null,
      invoice_settings: { default_payment_method: null },
      created: now(),
      livemode: false,
    }
    customers.set(id, customer)
    emit('customer.created', customer)
    return { statusCode: 200, body: snapshot(customer) }
  }

  /** a card the customer typed into Stripe's form, kept on them (or on no one) */
  function attachCard(customer: string | null, details: CardDetails): FakePaymentMethod {
    if (customer !== null && !customers.has(customer)) {
      throw new Error(`the stand-in has no customer ${customer}`)
    }
    if (!(details.number in TEST_CARDS)) {
      throw new Error(`the stand-in knows no test card ${details.number}`)
    }
    const id = `pm_${randomBytes(12).toString('hex')}`
    const method: FakePaymentMethod = {
      id,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: 'visa',
        display_brand: 'visa',
        last4: details.number.slice(-4),
        exp_month: details.expMonth ?? 12,
        // any date in the future will do for a test card
        exp_year: details.expYear ?? new Date().getUTCFullYear() + 3,
        funding: 'credit',
        country: 'US',
        fingerprint: randomBytes(8).toString('hex'),
      },
      billing_details: { email: null, name: null, phone: null },
      customer,
      metadata: {},
      created: now(),
      livemode: false,
    }
    paymentMethods.set(id, method)
    numbers.set(id, details.number)
    if (customer !== null) emit('payment_method.attached', method)
    return method
  }

  function listPaymentMethods(customerId: string, form: Record<string, unknown>): Answer {
    if (!customers.has(customerId)) return noSuch('customer', customerId)
    const type = form['type']
    const limit = form['limit'] === undefined ? 10 : Number(form['limit'])
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return invalid('Invalid integer: limit must be between 1 and 100', { param: 'limit' })
    }
    const kept = [...paymentMethods.values()]
      .filter((method) => method.customer === customerId)
      .filter((method) => type === undefined || method.type === type)
      .reverse()
    return {
      statusCode: 200,
      body: {
        object: 'list',
        data: snapshot(kept.slice(0, limit)),
        has_more: kept.length > limit,
        url: `/v1/customers/${customerId}/payment_methods`,
      },
    }
  }

  function detach(method: FakePaymentMethod): Answer {
    if (method.customer === null) {
      return invalid(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      )
    }
    method.customer = null
    detached.add(method.id)
    emit('payment_method.detached', method)
    return { statusCode: 200, body: snapshot(method) }
  }

  function createSetupIntent(form: Record<string, unknown>): Answer {
    const customer = customerOf(form)
    if (typeof customer !== 'string' && customer !== null) return customer
    const usage = form['usage'] ?? 'off_session'
    if (usage !== 'off_session' && usage !== 'on_session') {
      return invalid(`Invalid usage: must be one of on_session or off_session`, { param: 'usage' })
    }
    if (form['payment_method_types'] !== undefined) {
      // gone from the API version the SDK pins, in favour of allowed_payment_method_types
      return invalid('Received unknown parameter: payment_method_types', {
        code: 'parameter_unknown',
        param: 'payment_method_types',
      })
    }
    const id = `seti_${randomBytes(12).toString('hex')}`
    const allowed = form['allowed_payment_method_types']
    const types = allowed === undefined ? null : Object.values(objectOf(allowed))
    const setup: FakeSetupIntent = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer,
      usage,
      allowed_payment_method_types: types,
      payment_method_types: types ?? ['card'],
      payment_method: null,
      status: 'requires_payment_method',
      last_setup_error: null,
      next_action: null,
      metadata: objectOf(form['metadata']),
      created: now(),
      livemode: false,
    }
    setupIntents.set(id, setup)
    emit('setup_intent.created', setup)
    return { statusCode: 200, body: snapshot(setup) }
  }

  /** the customer finished the card form of a SetupIntent: the card is kept on them */
  function confirmSetup(setupIntentId: string, number: TestCardNumber): FakeSetupIntent {
    const setup = setupIntents.get(setupIntentId)
    if (!setup) throw new Error(`the stand-in has no setup intent ${setupIntentId}`)
    const method = attachCard(setup.customer, { number })
    Object.assign(setup, { status: 'succeeded', payment_method: method.id })
    emit('setup_intent.succeeded', setup)
    return snapshot(setup)
  }

  /**
   * A PaymentIntent that names a customer or a card, or is confirmed at once, is checked as
   * Stripe checks it, made by the ledger, then confirmed with the card: an off-session charge.
   */
  function createPaymentIntent(form: Record<string, unknown>): Answer {
    const refused = ledger.refusedIntent(form)
    if (refused) return refused
    const customer = customerOf(form)
    if (typeof customer !== 'string' && customer !== null) return customer
    const usage = form['setup_future_usage']
    if (usage !== undefined && usage !== 'off_session' && usage !== 'on_session') {
      return invalid('Invalid setup_future_usage: must be one of on_session or off_session', {
        param: 'setup_future_usage',
      })
    }
    const confirm = form['confirm'] === 'true'
    const offSession = form['off_session'] === 'true'
    if (form['off_session'] !== undefined && !confirm) {
      return invalid('off_session can only be set when confirm=true.', { param: 'off_session' })
    }
    const methodId = form['payment_method']
    let method: FakePaymentMethod | undefined
    if (methodId !== undefined) {
      method = typeof methodId === 'string' ? paymentMethods.get(methodId) : undefined
      // another customer's card (or one detached) is as unknown as one never made
      if (!method || (method.customer !== null && method.customer !== customer)) {
        return noSuchPaymentMethod(typeof methodId === 'string' ? methodId : '')
      }
      if (detached.has(method.id)) {
        return invalid(
          'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
          { param: 'payment_method' },
        )
      }
      if (offSession && method.customer === null) {
        return invalid(
          'The PaymentMethod must be attached to the customer to be used off-session.',
          { param: 'payment_method' },
        )
      }
    }
    if (confirm && !method) {
      return invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, pass a payment_method.",
        { code: 'payment_intent_unexpected_state' },
      )
    }
    const intent = ledger.createIntent(form)
    if (!confirm || !method) return { statusCode: 200, body: render(intent, expandOf(form)) }
    return charge(intent, method, offSession, expandOf(form))
  }

  /** confirms the payment with the card: the card's test number decides what the bank says */
  function charge(
    intent: FakePaymentIntent,
    method: FakePaymentMethod,
    offSession: boolean,
    expand: string[],
  ): Answer {
    const behaviour: CardBehaviour = TEST_CARDS[numbers.get(method.id) ?? '4242424242424242']
    intent.payment_method = method.id
    if (behaviour.charge === 'declines') {
      Object.assign(intent, {
        status: 'requires_payment_method',
        // a declined card is taken off the payment: another one has to be chosen
        payment_method: null,
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: behaviour.declineCode,
          message: behaviour.message,
          payment_method: snapshot(method),
        },
      })
      emit('payment_intent.payment_failed', intent)
      return cardError(intent, { code: 'card_declined', decline_code: behaviour.declineCode })
    }
    if (behaviour.charge === 'requires_authentication') {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'use_stripe_sdk',
          use_stripe_sdk: { type: 'three_d_secure_redirect', source: `src_${intent.id}` },
        },
      })
      if (offSession) {
        // nobody is there to authenticate: Stripe answers with an error naming the payment
        intent.last_payment_error = {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
          payment_method: snapshot(method),
        }
      }
      emit('payment_intent.requires_action', intent)
      return offSession
        ? cardError(intent, {
            code: 'authentication_required',
            decline_code: 'authentication_required',
          })
        : { statusCode: 200, body: render(intent, expand) }
    }
    authorise(intent)
    return { statusCode: 200, body: render(intent, expand) }
  }

  /** the answer to one of its paths, or undefined for the ledger to answer */
  function route(method: string, path: string, form: Record<string, unknown>): Answer | undefined {
    if (method === 'POST' && path === '/v1/customers') return createCustomer(form)
    if (method === 'POST' && path === '/v1/setup_intents') return createSetupIntent(form)
    if (method === 'POST' && path === '/v1/payment_intents') {
      const offSessionish = ['customer', 'payment_method', 'confirm', 'off_session'].some(
        (name) => form[name] !== undefined,
      )
      return offSessionish ? createPaymentIntent(form) : undefined
    }
    const listPath = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path)
    if (method === 'GET' && listPath) {
      return listPaymentMethods(decodeURIComponent(listPath[1] ?? ''), form)
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path)
    if (method === 'GET' && customerPath) {
      const id = decodeURIComponent(customerPath[1] ?? '')
      const found = customers.get(id)
      return found ? { statusCode: 200, body: snapshot(found) } : noSuch('customer', id)
    }
    const methodPath = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path)
    if (methodPath) {
      const id = decodeURIComponent(methodPath[1] ?? '')
      const found = paymentMethods.get(id)
      if (method === 'GET' && !methodPath[2]) {
        return found ? { statusCode: 200, body: snapshot(found) } : noSuchPaymentMethod(id, 404)
      }
      if (method === 'POST' && methodPath[2]) {
        return found ? detach(found) : noSuchPaymentMethod(id, 404)
      }
    }
    const setupPath = /^\/v1\/setup_intents\/([^/]+)$/.exec(path)
    if (method === 'GET' && setupPath) {
      const id = decodeURIComponent(setupPath[1] ?? '')
      const found = setupIntents.get(id)
      return found ? { statusCode: 200, body: snapshot(found) } : noSuch('setupintent', id)
    }
    return undefined
  }

  return {
    customers,
    paymentMethods,
    setupIntents,
    attachCard,
    confirmSetup,
    route,
  }
}

export type CustomerBook = ReturnType<typeof createCustomerBook>
