import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import {
  type CardDetails,
  createCustomerBook,
  type FakeCustomer,
  type FakePaymentMethod,
  type FakeSetupIntent,
  type TestCardNumber,
} from './fake-stripe-customers.ts'
import {
  type Answer,
  createStripeLedger,
  type FakeCharge,
  type FakeEvent,
  type FakePaymentIntent,
  type FakeRefund,
  stripeError,
} from './fake-stripe-ledger.ts'

export type { FakeCharge, FakeEvent, FakePaymentIntent, FakeRefund } from './fake-stripe-ledger.ts'
export type {
  CardDetails,
  FakeCustomer,
  FakePaymentMethod,
  FakeSetupIntent,
  TestCardNumber,
} from './fake-stripe-customers.ts'

/**
 * A local stand-in for the part of Stripe's API the shop uses, for the real `stripe` package to
 * talk to (its host/port/protocol options): PaymentIntents (create, retrieve with the latest
 * charge expanded, capture, cancel), refunds, customers with their saved cards and
 * SetupIntents, and off-session charges of a saved card, form-encoded, each POST honouring
 * Idempotency-Key the way Stripe does (the first answer is stored and replayed; a key reused
 * with other parameters is refused). Tests move payments on with the controls (confirm,
 * decline, expire, ...) instead of a browser confirming them, can make the next calls fail, hang
 * or lose their answer, and read the events Stripe would send (`events`) to sign and deliver
 * with stripeEvent and signStripePayload.
 */

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** the form body, nested the way Stripe reads it (`metadata[checkoutId]` → metadata.checkoutId) */
  form: Record<string, unknown>
  idempotencyKey: string | undefined
}

/** What the stand-in does with the next request, instead of answering it normally. */
export type Trouble =
  /** answers this status with Stripe's error JSON; `shouldRetry: false` sends Stripe-Should-Retry */
  | { kind: 'error'; statusCode: number; shouldRetry?: boolean; message?: string }
  /** never answers (the client's timeout has to end it) */
  | { kind: 'hang' }
  /** does the work, then drops the connection before answering: a lost response */
  | { kind: 'drop-after-processing' }

type IntentPatch = Partial<Omit<FakePaymentIntent, 'id' | 'object'>>

export interface FakeStripe {
  /** for createStripeProvider({ api }) */
  readonly api: { host: string; port: number; protocol: 'http' }
  /** every request received, oldest first */
  readonly requests: RecordedRequest[]
  /** every event Stripe would have sent, oldest first */
  readonly events: FakeEvent[]
  intent(id: string): FakePaymentIntent
  intents(): FakePaymentIntent[]
  charge(id: string): FakeCharge
  /** the refunds of a payment, oldest first */
  refundsOf(paymentId: string): FakeRefund[]
  /** the events about one payment (a charge's count for its payment), oldest first */
  eventsFor(paymentId: string): FakeEvent[]
  update(id: string, patch: IntentPatch): FakePaymentIntent
  /**
   * The customer's card went through: authorised (requires_capture) under manual capture, taken
   * at once under automatic; with its charge and its event. A payment asked to keep its card
   * (setup_future_usage) for a customer leaves the card (4242… unless told) on that customer.
   */
  confirm(id: string, number?: TestCardNumber): FakePaymentIntent
  /** paid in full (or with the patch's amount_received, for a forged cheaper payment) */
  succeed(id: string, patch?: IntentPatch): FakePaymentIntent
  /** a declined card: the payment waits for another payment method, as on Stripe */
  decline(id: string, message?: string): FakePaymentIntent
  /** an authorisation Stripe let lapse (7 days uncaptured): canceled, nothing capturable */
  expire(id: string): FakePaymentIntent
  /** the next capture of this payment is declined (402 card_declined); nothing moves */
  declineNextCapture(id: string, message?: string): void
  /** sets until when the payment's uncaptured charge can be captured (its card's capture_before) */
  holdUntil(id: string, until: Date): FakeCharge
  /** the next refunds are made pending (until failRefund or settleRefund), or succeeded again */
  makeRefunds(status: 'succeeded' | 'pending'): void
  /** a pending refund the bank refused: failed, its amount back on the charge, the event sent */
  failRefund(refundId: string, reason?: string): FakeRefund
  /** a pending refund that went through, with its event */
  settleRefund(refundId: string): FakeRefund
  customer(id: string): FakeCustomer
  customers(): FakeCustomer[]
  paymentMethod(id: string): FakePaymentMethod
  setupIntent(id: string): FakeSetupIntent
  /**
   * A card the customer saved through Stripe's form (a visa, last4 from the number): how it
   * behaves when charged off-session is its test number's (docs/product.md#saved-cards).
   */
  attachCard(customer: string, card: CardDetails): FakePaymentMethod
  /** the customer finished the card form of a SetupIntent: it succeeds and the card is kept */
  confirmSetup(setupIntentId: string, number?: TestCardNumber): FakeSetupIntent
  /** Stripe forgets idempotency keys after 24 hours: a retry is then a new request */
  forgetIdempotencyKeys(): void
  /** the next `count` requests get this trouble instead of their normal answer */
  troubleNext(trouble: Trouble, count?: number): void
  /** forgets trouble a test set up but did not use */
  clearTroubles(): void
  close(): Promise<void>
}

/** `a[b][c]=v` → { a: { b: { c: 'v' } } }, as Stripe reads the SDK's form bodies */
export function parseStripeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = key.split('[').map((part) => part.replace(/\]$/, ''))
    let target = result
    let name = head
    for (const part of rest) {
      const next = (target[name] ??= {}) as Record<string, unknown>
      target = next
      name = part
    }
    target[name] = value
  }
  return result
}

export async function startFakeStripe(options: { secretKey: string }): Promise<FakeStripe> {
  const ledger = createStripeLedger()
  const book = createCustomerBook(ledger)
  const {
    intents,
    charges,
    refunds,
    events,
    declinedCaptures,
    refundOutcome,
    snapshot,
    emit,
    chargeFor,
    authorise,
  } = ledger
  const route = (method: string, path: string, form: Record<string, unknown>): Answer =>
    book.route(method, path, form) ?? ledger.route(method, path, form)
  /** idempotency key → the request it was first used with and the answer it got */
  const idempotent = new Map<string, { path: string; body: string; answer: Answer }>()
  const requests: RecordedRequest[] = []
  const troubles: Trouble[] = []

  const send = (
    response: ServerResponse,
    statusCode: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(statusCode, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(7).toString('hex')}`,
      ...headers,
    })
    response.end(JSON.stringify(body))
  }

  /**
   * Stripe keeps a key's first answer (a success, or a card's refusal) for 24 hours and sends it
   * again to a retry; the same key with other parameters or on another call is refused.
   */
  function handle(
    method: string,
    path: string,
    body: string,
    form: Record<string, unknown>,
    idempotencyKey: string | undefined,
  ): Answer {
    if (method !== 'POST' || !idempotencyKey) return route(method, path, form)
    const seen = idempotent.get(idempotencyKey)
    if (seen && (seen.body !== body || seen.path !== path)) {
      return {
        statusCode: 400,
        body: stripeError(
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        ),
      }
    }
    if (seen) {
      return {
        ...seen.answer,
        headers: { ...seen.answer.headers, 'idempotent-replayed': 'true' },
      }
    }
    const answer = route(method, path, form)
    if (answer.statusCode === 200 || answer.statusCode === 402) {
      idempotent.set(idempotencyKey, { path, body, answer })
    }
    return answer
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const method = request.method ?? 'GET'
      const form = parseStripeForm(method === 'GET' ? url.search.slice(1) : body)
      const header = request.headers['idempotency-key']
      const idempotencyKey = typeof header === 'string' ? header : undefined
      requests.push({ method, path: url.pathname, headers: request.headers, form, idempotencyKey })

      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        send(
          response,
          401,
          stripeError('invalid_request_error', 'Invalid API Key provided: sk_test_***'),
        )
        return
      }
      const trouble = troubles.shift()
      if (trouble?.kind === 'hang') return
      if (trouble?.kind === 'error') {
        send(
          response,
          trouble.statusCode,
          stripeError('api_error', trouble.message ?? 'Something went wrong on our end.'),
          trouble.shouldRetry === undefined
            ? {}
            : { 'stripe-should-retry': String(trouble.shouldRetry) },
        )
        return
      }
      const answer = handle(method, url.pathname, body, form, idempotencyKey)
      if (trouble?.kind === 'drop-after-processing') {
        request.socket.destroy()
        return
      }
      send(response, answer.statusCode, answer.body, answer.headers)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  function intent(id: string): FakePaymentIntent {
    const found = intents.get(id)
    if (!found) throw new Error(`the stand-in has no payment ${id}`)
    return found
  }

  const fake: FakeStripe = {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    events,
    intent: (id) => snapshot(intent(id)),
    intents: () => [...intents.values()].map(snapshot),
    charge(id) {
      const found = charges.get(id)
      if (!found) throw new Error(`the stand-in has no charge ${id}`)
      return snapshot(found)
    },
    refundsOf: (paymentId) =>
      refunds.filter((made) => made.payment_intent === paymentId).map(snapshot),
    eventsFor: (paymentId) =>
      events
        .filter((event) =>
          'payment_intent' in event.object
            ? event.object.payment_intent === paymentId
            : event.object.id === paymentId,
        )
        .map(snapshot),
    update(id, patch) {
      Object.assign(intent(id), structuredClone(patch))
      return fake.intent(id)
    },
    confirm(id, number = '4242424242424242') {
      const confirmed = intent(id)
      if (confirmed.setup_future_usage && confirmed.customer) {
        confirmed.payment_method = book.attachCard(confirmed.customer, { number }).id
      }
      authorise(confirmed)
      return fake.intent(id)
    },
    succeed(id, patch = {}) {
      const paid = intent(id)
      if (!paid.latest_charge) chargeFor(paid, true)
      const updated = fake.update(id, {
        status: 'succeeded',
        amount_received: paid.amount,
        amount_capturable: 0,
        last_payment_error: null,
        ...patch,
      })
      emit('payment_intent.succeeded', updated)
      return updated
    },
    decline(id, message = 'Your card was declined.') {
      const updated = fake.update(id, {
        status: 'requires_payment_method',
        amount_received: 0,
        amount_capturable: 0,
        last_payment_error: { type: 'card_error', code: 'card_declined', message },
      })
      emit('payment_intent.payment_failed', updated)
      return updated
    },
    expire(id) {
      const updated = fake.update(id, {
        status: 'canceled',
        amount_capturable: 0,
        cancellation_reason: 'automatic',
      })
      emit('payment_intent.canceled', updated)
      return updated
    },
    declineNextCapture(id, message = 'Your card was declined.') {
      intent(id)
      declinedCaptures.set(id, message)
    },
    holdUntil(id, until) {
      const chargeId = intent(id).latest_charge
      const charge = chargeId ? charges.get(chargeId) : undefined
      if (!charge) throw new Error(`payment ${id} has no charge yet`)
      charge.payment_method_details.card.capture_before = Math.floor(until.getTime() / 1000)
      return snapshot(charge)
    },
    makeRefunds(status) {
      refundOutcome.next = status
    },
    failRefund(refundId, reason = 'expired_or_canceled_card') {
      const made = refunds.find((found) => found.id === refundId)
      if (!made) throw new Error(`the stand-in has no refund ${refundId}`)
      const charge = charges.get(made.charge)
      if (charge && made.status !== 'failed') {
        charge.amount_refunded -= made.amount
        charge.refunded = false
      }
      Object.assign(made, { status: 'failed', failure_reason: reason })
      emit('charge.refund.updated', made)
      return snapshot(made)
    },
    settleRefund(refundId) {
      const made = refunds.find((found) => found.id === refundId)
      if (!made) throw new Error(`the stand-in has no refund ${refundId}`)
      made.status = 'succeeded'
      emit('charge.refund.updated', made)
      return snapshot(made)
    },
    customer(id) {
      const found = book.customers.get(id)
      if (!found) throw new Error(`the stand-in has no customer ${id}`)
      return snapshot(found)
    },
    customers: () => [...book.customers.values()].map(snapshot),
    paymentMethod(id) {
      const found = book.paymentMethods.get(id)
      if (!found) throw new Error(`the stand-in has no payment method ${id}`)
      return snapshot(found)
    },
    setupIntent(id) {
      const found = book.setupIntents.get(id)
      if (!found) throw new Error(`the stand-in has no setup intent ${id}`)
      return snapshot(found)
    },
    attachCard: (customer, card) => snapshot(book.attachCard(customer, card)),
    confirmSetup: (setupIntentId, number = '4242424242424242') =>
      book.confirmSetup(setupIntentId, number),
    forgetIdempotencyKeys() {
      idempotent.clear()
    },
    troubleNext(trouble, count = 1) {
      for (let index = 0; index < count; index++) troubles.push(trouble)
    },
    clearTroubles() {
      troubles.length = 0
    },
    async close() {
      // the SDK keeps connections alive: close them, or close() waits for their timeout
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
    },
  }
  return fake
}

/**
 * A Stripe Event as a webhook delivers it: the JSON text that is signed and sent. The payment's
 * snapshot is the event's data.object, as Stripe sends it.
 */
export function stripeEvent(type: string, object: { readonly id: string }) {
  return JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
  })
}

/** The Stripe-Signature header for a payload, as Stripe computes it. */
export const signStripePayload = (payload: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  })
