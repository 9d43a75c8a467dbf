import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type FakeStripe,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
} from '#tests/setup/fake-stripe.ts'
import { WebhookSignatureError, type CreatePaymentRequest } from './payment-provider.ts'
import { createStripeProvider, type StripeProviderOptions } from './stripe-provider.ts'

/**
 * The Stripe adapter with the real `stripe` package, pointed at a local stand-in for Stripe's API
 * (docs/product.md#payments). Webhooks are signed with the SDK's own generateTestHeaderString.
 */

const SECRET_KEY = 'sk_test_adapter_0123456789'
const WEBHOOK_SECRET = 'whsec_test_adapter_0123456789'

let fake: FakeStripe

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY })
})
afterAll(() => fake.close())

const stripeProvider = (options: Partial<StripeProviderOptions> = {}) =>
  createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_adapter',
    webhookSecret: WEBHOOK_SECRET,
    api: fake.api,
    ...options,
  })

const paymentRequest = (overrides: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest => {
  const checkoutId = randomUUID()
  return {
    amount: 6427,
    currency: 'usd',
    metadata: { checkoutId, userId: randomUUID() },
    idempotencyKey: `checkout_${checkoutId}`,
    description: 'Order from maria@example.com',
    ...overrides,
  }
}

const requestsWithKey = (key: string) =>
  fake.requests.filter((request) => request.idempotencyKey === key)

describe('createPayment', () => {
  test('sends the amount in cents, the currency, the checkout and an Idempotency-Key to Stripe', async () => {
    const request = paymentRequest()
    const created = await stripeProvider().createPayment(request)

    const [sent, ...more] = requestsWithKey(request.idempotencyKey)
    expect(more).toHaveLength(0)
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents' })
    expect(sent?.headers['authorization']).toBe(`Bearer ${SECRET_KEY}`)
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(sent?.form).toEqual({
      amount: '6427',
      currency: 'usd',
      automatic_payment_methods: { enabled: 'true' },
      // authorised only: the cut-off captures it
      capture_method: 'manual',
      metadata: request.metadata,
      description: 'Order from maria@example.com',
    })

    const intent = fake.intent(created.id)
    expect(created).toEqual({ id: intent.id, clientSecret: intent.client_secret })
    expect(created.id).toMatch(/^pi_/)
    expect(intent).toMatchObject({ amount: 6427, currency: 'usd', metadata: request.metadata })
  })

  test('the same checkout attempt (same key) gets the same payment; another attempt a new one', async () => {
    const provider = stripeProvider()
    const request = paymentRequest()
    const first = await provider.createPayment(request)
    const again = await provider.createPayment(request)
    expect(again).toEqual(first)
    expect(requestsWithKey(request.idempotencyKey)).toHaveLength(2)
    expect(fake.intents().filter((intent) => intent.id === first.id)).toHaveLength(1)

    const other = await provider.createPayment(paymentRequest())
    expect(other.id).not.toBe(first.id)
  })

  test('a key reused with other parameters is refused by Stripe, and the adapter says so', async () => {
    const provider = stripeProvider()
    const request = paymentRequest()
    await provider.createPayment(request)
    await expect(provider.createPayment({ ...request, amount: 100 })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    )
  })

  test('an answer lost on the way back is retried with the same key: one payment, not two', async () => {
    const request = paymentRequest()
    const before = fake.intents().length
    fake.troubleNext({ kind: 'drop-after-processing' })
    const created = await stripeProvider().createPayment(request)

    const sent = requestsWithKey(request.idempotencyKey)
    expect(sent).toHaveLength(2)
    expect(fake.intents()).toHaveLength(before + 1)
    expect(created.id).toBe(fake.intents().at(-1)?.id)
  })

  test('a Stripe that does not answer is given up after the configured timeout; retries keep the key', async () => {
    const request = paymentRequest()
    fake.troubleNext({ kind: 'hang' }, 3)
    const started = Date.now()
    const error: unknown = await stripeProvider({ timeout: 150 })
      .createPayment(request)
      .catch((caught: unknown) => caught)
    // two retries (the SDK waits 0.5 s before each) of 150 ms each: nowhere near the SDK's 80 s
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError)
    expect((error as Error).message).toMatch(/timeout/i)
    const sent = requestsWithKey(request.idempotencyKey)
    expect(sent).toHaveLength(3)
  })

  test('a wrong secret key or a Stripe error rejects; no client secret is made up', async () => {
    await expect(
      stripeProvider({ secretKey: 'sk_test_wrong' }).createPayment(paymentRequest()),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError)

    fake.troubleNext({ kind: 'error', statusCode: 500, shouldRetry: false })
    await expect(stripeProvider().createPayment(paymentRequest())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    )
  })
})

describe('retrievePayment', () => {
  test('reads a payment back as the port describes it', async () => {
    const provider = stripeProvider()
    const request = paymentRequest()
    const { id } = await provider.createPayment(request)

    expect(await provider.retrievePayment(id)).toEqual({
      id,
      status: 'requires_payment_method',
      amount: 6427,
      amountReceived: 0,
      amountCapturable: 0,
      amountRefunded: 0,
      currency: 'usd',
      metadata: request.metadata,
      lastError: null,
      captureBefore: null,
    })
    const sent = fake.requests.at(-1)
    expect(sent).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${id}`,
      form: { expand: { '0': 'latest_charge' } },
    })

    fake.decline(id)
    expect(await provider.retrievePayment(id)).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 0,
      lastError: 'Your card was declined.',
    })

    fake.confirm(id)
    expect(await provider.retrievePayment(id)).toMatchObject({
      status: 'requires_capture',
      amount: 6427,
      amountCapturable: 6427,
      amountReceived: 0,
      lastError: null,
    })
  })

  test('a status this code does not know counts as processing, never as paid', async () => {
    const provider = stripeProvider()
    const { id } = await provider.createPayment(paymentRequest())
    fake.update(id, { status: 'requires_something_new', amount_received: 6427 })
    expect((await provider.retrievePayment(id))?.status).toBe('processing')
  })

  test('a payment Stripe does not know is null; a Stripe that fails is an error, not "unknown"', async () => {
    const provider = stripeProvider()
    expect(await provider.retrievePayment('pi_does_not_exist')).toBeNull()

    const { id } = await provider.createPayment(paymentRequest())
    fake.troubleNext({ kind: 'error', statusCode: 500, shouldRetry: false })
    await expect(provider.retrievePayment(id)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError)
  })
})

describe('parseWebhook', () => {
  const intent = { id: 'pi_webhook_test', object: 'payment_intent', status: 'succeeded' }
  const parse = (payload: string, header: string | undefined) =>
    stripeProvider().parseWebhook?.(Buffer.from(payload), header)
  const signed = (payload: string, timestamp?: number) =>
    parse(payload, signStripePayload(payload, WEBHOOK_SECRET, timestamp))

  test('reduces a signed event to what checkout and orders act on', () => {
    const outcomes = {
      'payment_intent.amount_capturable_updated': 'succeeded',
      'payment_intent.succeeded': 'succeeded',
      'payment_intent.payment_failed': 'failed',
      'payment_intent.canceled': 'canceled',
    }
    for (const [type, outcome] of Object.entries(outcomes)) {
      expect(signed(stripeEvent(type, intent)), type).toEqual({
        type: outcome,
        paymentId: intent.id,
      })
    }
    // a refund is an event about the charge: it names its payment
    const charge = { id: 'ch_1', object: 'charge', payment_intent: intent.id }
    expect(signed(stripeEvent('charge.refunded', charge))).toEqual({
      type: 'refunded',
      paymentId: intent.id,
    })
    const orphan = { ...charge, payment_intent: null }
    expect(signed(stripeEvent('charge.refunded', orphan))).toEqual({
      type: 'ignored',
      eventType: 'charge.refunded',
    })
    expect(signed(stripeEvent('charge.succeeded', charge))).toEqual({
      type: 'ignored',
      eventType: 'charge.succeeded',
    })
    // within Stripe's 5-minute tolerance
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 240
    expect(signed(stripeEvent('payment_intent.succeeded', intent), fourMinutesAgo)?.type).toBe(
      'succeeded',
    )
  })

  test('refuses a wrong secret, a missing header, a re-serialized body and an old signature', () => {
    const payload = stripeEvent('payment_intent.succeeded', intent)
    const header = signStripePayload(payload, WEBHOOK_SECRET)
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360
    const refused = {
      'wrong secret': () => parse(payload, signStripePayload(payload, 'whsec_someone_else')),
      'missing header': () => parse(payload, undefined),
      'empty header': () => parse(payload, ''),
      'garbage header': () => parse(payload, 'not a signature'),
      're-serialized body': () => parse(JSON.stringify(JSON.parse(payload), null, 2), header),
      'another payload': () => parse(stripeEvent('payment_intent.succeeded', intent), header),
      'older than 5 minutes': () => signed(payload, sixMinutesAgo),
    }
    for (const [name, attempt] of Object.entries(refused)) {
      expect(attempt, name).toThrow(WebhookSignatureError)
    }
  })

  test('without a webhook secret nothing verifies', () => {
    const payload = stripeEvent('payment_intent.succeeded', intent)
    const provider = stripeProvider({ webhookSecret: undefined })
    expect(() =>
      provider.parseWebhook?.(Buffer.from(payload), signStripePayload(payload, WEBHOOK_SECRET)),
    ).toThrow(WebhookSignatureError)
  })
})
