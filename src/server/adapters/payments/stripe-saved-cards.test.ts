import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type FakeStripe, startFakeStripe, type TestCardNumber } from '#tests/setup/fake-stripe.ts'
import {
  type OffSessionChargeRequest,
  PaymentRefusedError,
  type PaymentProvider,
} from './payment-provider.ts'
import { createStripeProvider } from './stripe-provider.ts'

/**
 * Saved cards through the Stripe adapter (docs/product.md#saved-cards), with the real `stripe`
 * package against the local stand-in: a customer per shop user, cards kept by a checkout or a
 * SetupIntent, listed and removed only by their customer, and charged off-session, each test
 * card answering as it does on Stripe.
 */

const SECRET_KEY = 'sk_test_saved_cards_0123456789'

const VISA = '4242424242424242'
const DECLINED = '4000000000000341'
const INSUFFICIENT_FUNDS = '4000000000009995'
const NEEDS_AUTHENTICATION = '4000002760003184'

let fake: FakeStripe
let provider: PaymentProvider

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY })
  provider = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_saved_cards',
    webhookSecret: 'whsec_test_saved_cards',
    api: fake.api,
    timeout: 2_000,
  })
})
afterEach(() => fake.clearTroubles())
afterAll(() => fake.close())

const requestsWithKey = (idempotencyKey: string) =>
  fake.requests.filter((request) => request.idempotencyKey === idempotencyKey)

async function customer(email = 'maria@example.com') {
  const { id } = await provider.createCustomer({
    email,
    userId: randomUUID(),
    idempotencyKey: `customer_${randomUUID()}`,
  })
  return id
}

/** a customer with one saved card of this test number */
async function customerWithCard(number: TestCardNumber) {
  const id = await customer()
  const card = fake.attachCard(id, { number })
  return { customer: id, card: card.id }
}

const chargeRequest = (
  saved: { customer: string; card: string },
  overrides: Partial<OffSessionChargeRequest> = {},
): OffSessionChargeRequest => {
  const orderId = randomUUID()
  return {
    customer: saved.customer,
    paymentMethod: saved.card,
    amount: 1850,
    currency: 'usd',
    capture: 'manual',
    metadata: { orderId, changeId: randomUUID() },
    idempotencyKey: `change_${orderId}`,
    description: 'Change to order 1042',
    ...overrides,
  }
}

describe('createCustomer', () => {
  test('sends the e-mail, the shop user and the key; a retry with the same key gets the same customer', async () => {
    const request = {
      email: 'maria@example.com',
      userId: randomUUID(),
      idempotencyKey: `customer_${randomUUID()}`,
    }
    const created = await provider.createCustomer(request)

    const [sent, ...more] = requestsWithKey(request.idempotencyKey)
    expect(more).toHaveLength(0)
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/customers' })
    expect(sent?.form).toEqual({
      email: 'maria@example.com',
      metadata: { userId: request.userId },
    })
    expect(created.id).toMatch(/^cus_/)
    expect(fake.customer(created.id)).toMatchObject({
      email: 'maria@example.com',
      metadata: { userId: request.userId },
    })

    const before = fake.customers().length
    expect(await provider.createCustomer(request)).toEqual(created)
    expect(requestsWithKey(request.idempotencyKey)).toHaveLength(2)
    expect(fake.customers()).toHaveLength(before)
  })
})

describe('createPayment that keeps the card', () => {
  test('sends the customer and setup_future_usage=off_session; the confirmed card is then listed', async () => {
    const id = await customer()
    const checkoutId = randomUUID()
    const request = {
      amount: 6427,
      currency: 'usd' as const,
      metadata: { checkoutId },
      idempotencyKey: `checkout_${checkoutId}`,
      customer: id,
      savePaymentMethod: true,
    }
    const created = await provider.createPayment(request)

    const [sent] = requestsWithKey(request.idempotencyKey)
    expect(sent?.form).toEqual({
      amount: '6427',
      currency: 'usd',
      automatic_payment_methods: { enabled: 'true' },
      capture_method: 'manual',
      metadata: { checkoutId },
      customer: id,
      setup_future_usage: 'off_session',
    })
    expect(fake.intent(created.id)).toMatchObject({
      customer: id,
      setup_future_usage: 'off_session',
    })
    expect(await provider.listSavedCards(id)).toEqual([])

    // the card form went through: Stripe keeps the card on the customer
    const confirmed = fake.confirm(created.id)
    const cards = await provider.listSavedCards(id)
    expect(cards).toEqual([
      expect.objectContaining({ id: confirmed.payment_method, last4: '4242' }),
    ])
  })

  test('a customer without savePaymentMethod keeps no card', async () => {
    const id = await customer()
    const checkoutId = randomUUID()
    const created = await provider.createPayment({
      amount: 6427,
      currency: 'usd',
      metadata: { checkoutId },
      idempotencyKey: `checkout_${checkoutId}`,
      customer: id,
    })
    const [sent] = requestsWithKey(`checkout_${checkoutId}`)
    expect(sent?.form).toMatchObject({ customer: id })
    expect(sent?.form).not.toHaveProperty('setup_future_usage')
    fake.confirm(created.id)
    expect(await provider.listSavedCards(id)).toEqual([])
  })
})

describe('listSavedCards', () => {
  test("lists the customer's cards newest first, with brand, last4 and expiry, and nobody else's", async () => {
    const id = await customer()
    const other = await customer('someone@example.com')
    const older = fake.attachCard(id, { number: VISA, expMonth: 4, expYear: 2031 })
    const newer = fake.attachCard(id, { number: DECLINED, expMonth: 11, expYear: 2029 })
    fake.attachCard(other, { number: NEEDS_AUTHENTICATION })

    expect(await provider.listSavedCards(id)).toEqual([
      { id: newer.id, brand: 'visa', last4: '0341', expMonth: 11, expYear: 2029 },
      { id: older.id, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 },
    ])
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/customers/${id}/payment_methods`,
      form: { type: 'card', limit: '100' },
    })
    expect(await provider.listSavedCards(other)).toEqual([
      expect.objectContaining({ last4: '3184' }),
    ])
    expect(await provider.listSavedCards(await customer())).toEqual([])
  })
})

describe('removeSavedCard', () => {
  test("detaches the customer's own card; another's, an unknown or a malformed id is false and nothing moves", async () => {
    const mine = await customerWithCard(VISA)
    const theirs = await customerWithCard(VISA)
    const detaches = () => fake.requests.filter((request) => request.path.endsWith('/detach'))
    const before = detaches().length

    expect(await provider.removeSavedCard(mine.customer, theirs.card)).toBe(false)
    expect(fake.paymentMethod(theirs.card).customer).toBe(theirs.customer)
    expect(await provider.removeSavedCard(mine.customer, 'pm_does_not_exist')).toBe(false)
    const asked = fake.requests.length
    expect(await provider.removeSavedCard(mine.customer, 'ch_not_a_card')).toBe(false)
    expect(await provider.removeSavedCard(mine.customer, `pm_${'\uD800'}`)).toBe(false)
    // an id Stripe never issues is not even asked about
    expect(fake.requests).toHaveLength(asked)
    expect(detaches()).toHaveLength(before)

    expect(await provider.removeSavedCard(mine.customer, mine.card)).toBe(true)
    expect(detaches().map((request) => request.path)).toEqual([
      `/v1/payment_methods/${mine.card}/detach`,
    ])
    expect(fake.paymentMethod(mine.card).customer).toBeNull()
    expect(await provider.listSavedCards(mine.customer)).toEqual([])
    expect(await provider.listSavedCards(theirs.customer)).toHaveLength(1)
    // gone already
    expect(await provider.removeSavedCard(mine.customer, mine.card)).toBe(false)
  })
})

describe('createSetup', () => {
  test('sends the customer, off-session usage and cards only; the card form confirms it with the client secret', async () => {
    const id = await customer()
    const idempotencyKey = `setup_${randomUUID()}`
    const setup = await provider.createSetup({ customer: id, idempotencyKey })

    const [sent, ...more] = requestsWithKey(idempotencyKey)
    expect(more).toHaveLength(0)
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/setup_intents' })
    expect(sent?.form).toEqual({
      customer: id,
      usage: 'off_session',
      allowed_payment_method_types: { '0': 'card' },
    })
    const made = fake.setupIntent(setup.id)
    expect(setup).toEqual({ id: made.id, clientSecret: made.client_secret })
    expect(setup.id).toMatch(/^seti_/)

    fake.confirmSetup(setup.id, DECLINED)
    expect(await provider.listSavedCards(id)).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '0341' }),
    ])
    // the same key gets the same SetupIntent
    expect(await provider.createSetup({ customer: id, idempotencyKey })).toEqual(setup)
  })
})

describe('chargeOffSession', () => {
  test.each(['manual', 'automatic'] as const)(
    'a good card under %s capture is charged with the form Stripe expects',
    async (capture) => {
      const saved = await customerWithCard(VISA)
      const request = chargeRequest(saved, { capture })
      const result = await provider.chargeOffSession(request)

      const [sent, ...more] = requestsWithKey(request.idempotencyKey)
      expect(more).toHaveLength(0)
      expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents' })
      expect(sent?.form).toEqual({
        amount: '1850',
        currency: 'usd',
        customer: saved.customer,
        payment_method: saved.card,
        off_session: 'true',
        confirm: 'true',
        capture_method: capture,
        metadata: request.metadata,
        description: 'Change to order 1042',
        expand: { '0': 'latest_charge' },
      })

      const intent = fake.intents().at(-1)
      const paymentId = intent?.id ?? ''
      const charge = fake.charge(intent?.latest_charge ?? '')
      const events = fake.eventsFor(paymentId).map((event) => event.type)
      const payment = {
        id: paymentId,
        amount: 1850,
        amountRefunded: 0,
        currency: 'usd',
        metadata: request.metadata,
        lastError: null,
      }
      if (capture === 'manual') {
        const holdEnds = charge.payment_method_details.card.capture_before ?? 0
        expect(result).toEqual({
          status: 'authorized',
          payment: {
            ...payment,
            status: 'requires_capture',
            amountCapturable: 1850,
            amountReceived: 0,
            captureBefore: new Date(holdEnds * 1000),
          },
        })
        expect(events).toEqual([
          'payment_intent.created',
          'payment_intent.amount_capturable_updated',
        ])
      } else {
        expect(result).toEqual({
          status: 'succeeded',
          payment: {
            ...payment,
            status: 'succeeded',
            amountCapturable: 0,
            amountReceived: 1850,
            captureBefore: null,
          },
        })
        expect(charge).toMatchObject({ captured: true, amount_captured: 1850 })
        expect(events).toEqual(['payment_intent.created', 'payment_intent.succeeded'])
      }
    },
  )

  test.each([
    [DECLINED, 'manual', 'card_declined', 'Your card was declined.'],
    [DECLINED, 'automatic', 'card_declined', 'Your card was declined.'],
    // the bank's reason, when it gives one, says more than card_declined
    [INSUFFICIENT_FUNDS, 'manual', 'insufficient_funds', 'Your card has insufficient funds.'],
  ] as const)(
    'card %s under %s capture is declined (%s), naming the payment the card form can finish',
    async (number, capture, code, message) => {
      const result = await provider.chargeOffSession(
        chargeRequest(await customerWithCard(number), { capture }),
      )
      const intent = fake.intents().at(-1)
      expect(result).toEqual({
        status: 'declined',
        paymentId: intent?.id,
        clientSecret: intent?.client_secret,
        code,
        message,
      })
      expect(intent).toMatchObject({
        status: 'requires_payment_method',
        amount_capturable: 0,
        amount_received: 0,
        last_payment_error: { code: 'card_declined' },
      })
    },
  )

  test.each(['manual', 'automatic'] as const)(
    'a card whose bank wants the customer, under %s capture, requires authentication',
    async (capture) => {
      const result = await provider.chargeOffSession(
        chargeRequest(await customerWithCard(NEEDS_AUTHENTICATION), { capture }),
      )
      const intent = fake.intents().at(-1)
      expect(result).toEqual({
        status: 'requires_authentication',
        paymentId: intent?.id,
        clientSecret: intent?.client_secret,
      })
      expect(intent).toMatchObject({ status: 'requires_action', capture_method: capture })
    },
  )

  test.each([
    [VISA, 'authorized'],
    [DECLINED, 'declined'],
    [NEEDS_AUTHENTICATION, 'requires_authentication'],
  ] as const)(
    'card %s charged again with the same key gets the same answer and no second payment',
    async (number, status) => {
      const request = chargeRequest(await customerWithCard(number))
      const first = await provider.chargeOffSession(request)
      const before = fake.intents().length
      const again = await provider.chargeOffSession(request)

      expect(first.status).toBe(status)
      expect(again).toEqual(first)
      expect(requestsWithKey(request.idempotencyKey)).toHaveLength(2)
      expect(fake.intents()).toHaveLength(before)
    },
  )

  test("another customer's card, a removed one or an unknown one is declined without a payment", async () => {
    const mine = await customerWithCard(VISA)
    const theirs = await customerWithCard(VISA)
    const before = fake.intents().length

    for (const paymentMethod of [theirs.card, 'pm_does_not_exist']) {
      expect(
        await provider.chargeOffSession(chargeRequest(mine, { paymentMethod })),
        paymentMethod,
      ).toEqual({
        status: 'declined',
        paymentId: null,
        clientSecret: null,
        code: 'resource_missing',
        message: `No such PaymentMethod: '${paymentMethod}'`,
      })
    }
    await provider.removeSavedCard(mine.customer, mine.card)
    expect(await provider.chargeOffSession(chargeRequest(mine))).toMatchObject({
      status: 'declined',
      paymentId: null,
    })
    expect(fake.intents()).toHaveLength(before)
  })

  test('a Stripe that fails is an error worth retrying with the same key, which then charges once', async () => {
    const saved = await customerWithCard(VISA)
    const request = chargeRequest(saved)
    const before = fake.intents().length

    fake.troubleNext({ kind: 'error', statusCode: 500, shouldRetry: false })
    expect(await provider.chargeOffSession(request)).toEqual({
      status: 'error',
      message: 'Something went wrong on our end.',
    })
    expect(fake.intents()).toHaveLength(before)

    expect(await provider.chargeOffSession(request)).toMatchObject({ status: 'authorized' })
    expect(fake.intents()).toHaveLength(before + 1)
  })

  test('a Stripe that does not answer is an error, not a decline', async () => {
    const slow = createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: 'pk_test_saved_cards',
      webhookSecret: undefined,
      api: fake.api,
      timeout: 150,
    })
    const request = chargeRequest(await customerWithCard(VISA))
    fake.troubleNext({ kind: 'hang' }, 3)
    const result = await slow.chargeOffSession(request)
    expect(result.status).toBe('error')
    expect(result.status === 'error' && result.message).toMatch(/timeout/i)
    // the SDK's retries all kept the key, so none of them could have charged twice
    expect(requestsWithKey(request.idempotencyKey)).toHaveLength(3)
  })
})

describe('refusals carry Stripe’s code', () => {
  async function authorised(amount = 6427) {
    const checkoutId = randomUUID()
    const { id } = await provider.createPayment({
      amount,
      currency: 'usd',
      metadata: { checkoutId },
      idempotencyKey: `checkout_${checkoutId}`,
    })
    fake.confirm(id)
    return id
  }

  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal')
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(PaymentRefusedError)
        return { code: (error as PaymentRefusedError).code, message: (error as Error).message }
      },
    )

  test('a declined capture is card_declined; too much, amount_too_large; a voided one, unexpected state', async () => {
    const capture = (paymentId: string, amount: number) =>
      provider.capture({ paymentId, amount, idempotencyKey: `capture_${randomUUID()}` })

    const declined = await authorised()
    fake.declineNextCapture(declined)
    expect(await refusalOf(capture(declined, 6427))).toEqual({
      code: 'card_declined',
      message: 'Your card was declined.',
    })

    const id = await authorised()
    expect((await refusalOf(capture(id, 6428))).code).toBe('amount_too_large')

    await provider.void({ paymentId: id, idempotencyKey: `void_${randomUUID()}` })
    expect((await refusalOf(capture(id, 100))).code).toBe('payment_intent_unexpected_state')

    // a payment this adapter could never have made: refused without Stripe's word
    expect((await refusalOf(capture('ch_not_a_payment', 100))).code).toBe('refused')
  })
})
