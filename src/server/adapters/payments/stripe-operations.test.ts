import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
  type FakeEvent,
  type FakeStripe,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
} from '#tests/setup/fake-stripe.ts'
import { PaymentRefusedError, type PaymentProvider } from './payment-provider.ts'
import { createStripeProvider } from './stripe-provider.ts'

/**
 * The Stripe adapter's capture, void and refund (docs/product.md#order-payments) with the real
 * `stripe` package against the local stand-in: manual capture, partial capture, Idempotency-Key
 * on every call, Stripe's refusals as PaymentRefusedError, and the events Stripe sends for each.
 */

const SECRET_KEY = 'sk_test_operations_0123456789'
const WEBHOOK_SECRET = 'whsec_test_operations_0123456789'

let fake: FakeStripe
let provider: PaymentProvider

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY })
  provider = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_operations',
    webhookSecret: WEBHOOK_SECRET,
    api: fake.api,
    timeout: 2_000,
  })
})
afterEach(() => fake.clearTroubles())
afterAll(() => fake.close())

const key = () => `op_${randomUUID()}`

async function created(amount = 6427, capture?: 'manual' | 'automatic') {
  const { id } = await provider.createPayment({
    amount,
    currency: 'usd',
    metadata: { orderId: randomUUID(), userId: randomUUID() },
    idempotencyKey: `create_${randomUUID()}`,
    ...(capture ? { capture } : {}),
  })
  return id
}

/** a payment the customer's card authorised */
async function authorised(amount = 6427) {
  const id = await created(amount)
  fake.confirm(id)
  return id
}

const requestsWithKey = (idempotencyKey: string) =>
  fake.requests.filter((request) => request.idempotencyKey === idempotencyKey)

/** the event as Stripe would deliver it, through the adapter's signature check */
const parsed = (event: FakeEvent) => {
  const payload = stripeEvent(event.type, event.object)
  return provider.parseWebhook?.(Buffer.from(payload), signStripePayload(payload, WEBHOOK_SECRET))
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(PaymentRefusedError)
      return (error as Error).message
    },
  )

describe('authorising', () => {
  test('a checkout payment is only authorised: requires_capture, with Stripe telling us so', async () => {
    const id = await authorised()
    expect(fake.intent(id)).toMatchObject({ capture_method: 'manual', status: 'requires_capture' })
    expect(await provider.retrievePayment(id)).toMatchObject({
      status: 'requires_capture',
      amountCapturable: 6427,
      amountReceived: 0,
      amountRefunded: 0,
    })
    const [event] = fake.eventsFor(id).filter((sent) => sent.type !== 'payment_intent.created')
    expect(event?.type).toBe('payment_intent.amount_capturable_updated')
    expect(parsed(event!)).toEqual({ type: 'succeeded', paymentId: id })
  })

  test('a payment asked to be taken at once is captured automatically', async () => {
    const id = await created(2500, 'automatic')
    expect(fake.requests.at(-1)?.form).toMatchObject({ capture_method: 'automatic' })
    fake.confirm(id)
    expect(await provider.retrievePayment(id)).toMatchObject({
      status: 'succeeded',
      amountReceived: 2500,
      amountCapturable: 0,
    })
  })
})

describe('capture', () => {
  test('takes the whole authorisation, with the amount and an Idempotency-Key; Stripe says succeeded', async () => {
    const id = await authorised()
    const idempotencyKey = key()
    const payment = await provider.capture({ paymentId: id, amount: 6427, idempotencyKey })
    expect(payment).toMatchObject({
      id,
      status: 'succeeded',
      amountReceived: 6427,
      amountCapturable: 0,
      amountRefunded: 0,
    })
    const [sent, ...more] = requestsWithKey(idempotencyKey)
    expect(more).toEqual([])
    expect(sent).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${id}/capture`,
      form: { amount_to_capture: '6427' },
    })
    const succeeded = fake.eventsFor(id).filter((sent) => sent.type === 'payment_intent.succeeded')
    expect(succeeded).toHaveLength(1)
    expect(parsed(succeeded[0]!)).toEqual({ type: 'succeeded', paymentId: id })
  })

  test('a partial capture takes less and Stripe releases the rest', async () => {
    const id = await authorised(8000)
    const payment = await provider.capture({ paymentId: id, amount: 6150, idempotencyKey: key() })
    expect(payment).toMatchObject({ status: 'succeeded', amount: 8000, amountReceived: 6150 })
    const intent = fake.intent(id)
    expect(intent).toMatchObject({ amount_received: 6150, amount_capturable: 0 })
    expect(fake.charge(intent.latest_charge!)).toMatchObject({ amount_captured: 6150 })
  })

  test("the same key again is answered from Stripe's store: one capture, even when an answer is lost", async () => {
    const id = await authorised()
    const request = { paymentId: id, amount: 6427, idempotencyKey: key() }
    const first = await provider.capture(request)
    expect(await provider.capture(request)).toEqual(first)
    expect(requestsWithKey(request.idempotencyKey)).toHaveLength(2)

    const other = await authorised()
    const lost = { paymentId: other, amount: 6000, idempotencyKey: key() }
    fake.troubleNext({ kind: 'drop-after-processing' })
    expect(await provider.capture(lost)).toMatchObject({ amountReceived: 6000 })
    // the SDK retried with the same key; Stripe captured once
    expect(requestsWithKey(lost.idempotencyKey)).toHaveLength(2)
    expect(fake.eventsFor(other).filter((e) => e.type === 'payment_intent.succeeded')).toHaveLength(
      1,
    )
  })

  test("Stripe's refusals are PaymentRefusedError: not authorised, too much, lapsed, declined", async () => {
    const unpaid = await created()
    expect(
      await refusal(provider.capture({ paymentId: unpaid, amount: 6427, idempotencyKey: key() })),
    ).toMatch(/status of requires_payment_method/)

    const id = await authorised(5000)
    expect(
      await refusal(provider.capture({ paymentId: id, amount: 5001, idempotencyKey: key() })),
    ).toMatch(/greater than the amount capturable/)

    fake.declineNextCapture(id)
    expect(
      await refusal(provider.capture({ paymentId: id, amount: 5000, idempotencyKey: key() })),
    ).toBe('Your card was declined.')
    // nothing moved; the authorisation is still there
    expect(await provider.retrievePayment(id)).toMatchObject({
      status: 'requires_capture',
      amountReceived: 0,
      lastError: 'Your card was declined.',
    })

    const lapsed = await authorised()
    const canceled = fake.expire(lapsed)
    expect(parsed({ type: 'payment_intent.canceled', object: canceled })).toEqual({
      type: 'canceled',
      paymentId: lapsed,
    })
    expect(
      await refusal(provider.capture({ paymentId: lapsed, amount: 6427, idempotencyKey: key() })),
    ).toMatch(/status of canceled/)
    expect(
      await refusal(
        provider.capture({ paymentId: 'pi_unknown', amount: 1, idempotencyKey: key() }),
      ),
    ).toMatch(/No such payment_intent/)
  })

  test('a Stripe that fails is an error to retry with the same key, not a refusal', async () => {
    const id = await authorised()
    const request = { paymentId: id, amount: 6427, idempotencyKey: key() }
    fake.troubleNext({ kind: 'error', statusCode: 500, shouldRetry: false })
    await expect(provider.capture(request)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError)
    expect((await provider.capture(request)).amountReceived).toBe(6427)
  })
})

describe('void', () => {
  test('releases an authorisation once; again it stays released; a capture then is refused', async () => {
    const id = await authorised()
    const request = { paymentId: id, idempotencyKey: key() }
    const voided = await provider.void(request)
    expect(voided).toMatchObject({ status: 'canceled', amountCapturable: 0, amountReceived: 0 })
    const [sent] = requestsWithKey(request.idempotencyKey)
    expect(sent).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${id}/cancel` })
    expect(await provider.void(request)).toEqual(voided)
    // under another key Stripe says it is canceled already: released all the same
    expect((await provider.void({ paymentId: id, idempotencyKey: key() })).status).toBe('canceled')

    const canceled = fake.eventsFor(id).filter((e) => e.type === 'payment_intent.canceled')
    expect(canceled).toHaveLength(1)
    expect(parsed(canceled[0]!)).toEqual({ type: 'canceled', paymentId: id })
    expect(
      await refusal(provider.capture({ paymentId: id, amount: 6427, idempotencyKey: key() })),
    ).toMatch(/status of canceled/)
  })

  test('a captured payment cannot be voided', async () => {
    const id = await authorised()
    await provider.capture({ paymentId: id, amount: 6427, idempotencyKey: key() })
    expect(await refusal(provider.void({ paymentId: id, idempotencyKey: key() }))).toMatch(
      /could not be canceled because it has a status of succeeded/,
    )
  })
})

describe('refund', () => {
  test('gives back part of a capture with its reason; the same key refunds once', async () => {
    const id = await authorised(9000)
    await provider.capture({ paymentId: id, amount: 8000, idempotencyKey: key() })
    const request = { paymentId: id, amount: 500, reason: 'a missing item', idempotencyKey: key() }
    const refund = await provider.refund(request)
    expect(refund).toEqual({
      id: expect.stringMatching(/^re_/) as unknown,
      paymentId: id,
      amount: 500,
      status: 'succeeded',
      failureReason: null,
    })
    expect(requestsWithKey(request.idempotencyKey)[0]).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      form: { payment_intent: id, amount: '500', metadata: { reason: 'a missing item' } },
    })
    expect(await provider.refund(request)).toEqual(refund)
    expect(fake.refundsOf(id)).toHaveLength(1)
    expect(await provider.retrievePayment(id)).toMatchObject({
      status: 'succeeded',
      amountReceived: 8000,
      amountRefunded: 500,
    })

    const [event, ...more] = fake.eventsFor(id).filter((e) => e.type === 'charge.refunded')
    expect(more).toEqual([])
    expect(parsed(event!)).toEqual({ type: 'refunded', paymentId: id })
  })

  test('never more than is left, and not before capture', async () => {
    const id = await authorised(3000)
    expect(
      await refusal(
        provider.refund({ paymentId: id, amount: 100, reason: 'early', idempotencyKey: key() }),
      ),
    ).toMatch(/does not have a successful charge/)
    await provider.capture({ paymentId: id, amount: 3000, idempotencyKey: key() })
    await provider.refund({ paymentId: id, amount: 2000, reason: 'damaged', idempotencyKey: key() })
    expect(
      await refusal(
        provider.refund({ paymentId: id, amount: 1001, reason: 'more', idempotencyKey: key() }),
      ),
    ).toMatch(/greater than unrefunded amount/)
    await provider.refund({ paymentId: id, amount: 1000, reason: 'rest', idempotencyKey: key() })
    expect((await provider.retrievePayment(id))?.amountRefunded).toBe(3000)
    expect(
      await refusal(
        provider.refund({ paymentId: id, amount: 1, reason: 'again', idempotencyKey: key() }),
      ),
    ).toMatch(/already been refunded/)
  })
})
