import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A local stand-in for the part of Stripe's API the shop uses, for the real `stripe` package to
 * talk to (its host/port/protocol options): POST /v1/payment_intents (form-encoded, honouring
 * Idempotency-Key the way Stripe does) and GET /v1/payment_intents/:id. Tests move payments on
 * with the controls (succeed, decline, update) instead of a browser confirming them, and can make
 * the next calls fail, hang or lose their answer.
 */

export interface FakePaymentIntent {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: string
  client_secret: string
  metadata: Record<string, string>
  last_payment_error: { type: string; code?: string; message: string } | null
  description: string | null
  automatic_payment_methods: { enabled: boolean } | null
  created: number
  livemode: false
}

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

export interface FakeStripe {
  /** for createStripeProvider({ api }) */
  readonly api: { host: string; port: number; protocol: 'http' }
  /** every request received, oldest first */
  readonly requests: RecordedRequest[]
  intent(id: string): FakePaymentIntent
  intents(): FakePaymentIntent[]
  update(id: string, patch: Partial<Omit<FakePaymentIntent, 'id' | 'object'>>): FakePaymentIntent
  /** paid in full (or with the patch's amount_received, for a forged cheaper payment) */
  succeed(id: string, patch?: Partial<Omit<FakePaymentIntent, 'id' | 'object'>>): FakePaymentIntent
  /** a declined card: the payment waits for another payment method, as on Stripe */
  decline(id: string, message?: string): FakePaymentIntent
  /** the next `count` requests get this trouble instead of their normal answer */
  troubleNext(trouble: Trouble, count?: number): void
  /** forgets trouble a test set up but did not use */
  clearTroubles(): void
  close(): Promise<void>
}

const stripeError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { type, message, ...extra },
})

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

const objectOf = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' ? { ...(value as Record<string, string>) } : {}

export async function startFakeStripe(options: { secretKey: string }): Promise<FakeStripe> {
  const intents = new Map<string, FakePaymentIntent>()
  /** idempotency key → the request body it was first used with and the intent it made */
  const idempotent = new Map<string, { body: string; intentId: string }>()
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

  const snapshot = (intent: FakePaymentIntent): FakePaymentIntent => structuredClone(intent)

  function createIntent(form: Record<string, unknown>): FakePaymentIntent {
    const id = `pi_${randomBytes(12).toString('hex')}`
    const automatic = objectOf(form['automatic_payment_methods'])
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount: Number(form['amount']),
      amount_received: 0,
      currency: String(form['currency']),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: objectOf(form['metadata']),
      last_payment_error: null,
      description: typeof form['description'] === 'string' ? form['description'] : null,
      automatic_payment_methods:
        automatic['enabled'] === undefined ? null : { enabled: automatic['enabled'] === 'true' },
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    }
    intents.set(id, intent)
    return intent
  }

  /** the answer to a request, or null for a route this stand-in does not have */
  function handle(
    method: string,
    path: string,
    body: string,
    form: Record<string, unknown>,
    idempotencyKey: string | undefined,
  ): { statusCode: number; body: unknown; headers?: Record<string, string> } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form['amount'])
      if (!Number.isInteger(amount) || amount < 50) {
        return {
          statusCode: 400,
          body: stripeError('invalid_request_error', 'Amount must be at least $0.50 usd', {
            param: 'amount',
          }),
        }
      }
      if (typeof form['currency'] !== 'string') {
        return {
          statusCode: 400,
          body: stripeError('invalid_request_error', 'Missing required param: currency.', {
            param: 'currency',
          }),
        }
      }
      if (idempotencyKey) {
        const seen = idempotent.get(idempotencyKey)
        if (seen && seen.body !== body) {
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
            statusCode: 200,
            body: snapshot(intents.get(seen.intentId) as FakePaymentIntent),
            headers: { 'idempotent-replayed': 'true' },
          }
        }
      }
      const intent = createIntent(form)
      if (idempotencyKey) idempotent.set(idempotencyKey, { body, intentId: intent.id })
      return { statusCode: 200, body: snapshot(intent) }
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
    if (method === 'GET' && match) {
      const id = decodeURIComponent(match[1] ?? '')
      const intent = intents.get(id)
      if (!intent) {
        return {
          statusCode: 404,
          body: stripeError('invalid_request_error', `No such payment_intent: '${id}'`, {
            code: 'resource_missing',
            param: 'intent',
          }),
        }
      }
      return { statusCode: 200, body: snapshot(intent) }
    }
    return {
      statusCode: 404,
      body: stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
    }
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
    intent: (id) => snapshot(intent(id)),
    intents: () => [...intents.values()].map(snapshot),
    update(id, patch) {
      Object.assign(intent(id), structuredClone(patch))
      return fake.intent(id)
    },
    succeed(id, patch = {}) {
      return fake.update(id, {
        status: 'succeeded',
        amount_received: intent(id).amount,
        last_payment_error: null,
        ...patch,
      })
    },
    decline(id, message = 'Your card was declined.') {
      return fake.update(id, {
        status: 'requires_payment_method',
        amount_received: 0,
        last_payment_error: { type: 'card_error', code: 'card_declined', message },
      })
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
