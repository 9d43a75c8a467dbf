import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  AUTHORISATION_LIFETIME_MS,
  createDemoProvider,
  DEMO_CARDS,
  PaymentRefusedError,
  type CreatePaymentRequest,
  type DemoProvider,
} from '#server/adapters/payments/index.ts'
import { demoPaymentOperations, demoPayments } from '#server/db/schema/index.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { createDemoPaymentStore } from './index.ts'

/**
 * The demo provider's money (docs/product.md#order-payments) on its real store: a good card
 * authorises, a capture takes up to that amount once, a void releases it, refunds give back at
 * most what was taken. Every operation runs once per idempotency key, also when raced.
 */

const START = new Date('2026-11-24T16:00:00Z')
let clock = START
let database: TestDatabase
let demo: DemoProvider

beforeAll(async () => {
  database = await createTestDatabase({ fromTemplate: true })
  demo = createDemoProvider({ store: createDemoPaymentStore(database.db), now: () => clock })
})
afterAll(() => database.drop())

const card = (cardNumber: string) => ({ cardNumber, expiry: '12 / 30', cvc: '123', zip: '77008' })

async function paymentOf(amount: number, overrides: Partial<CreatePaymentRequest> = {}) {
  const { id } = await demo.createPayment({
    amount,
    currency: 'usd',
    metadata: { checkoutId: randomUUID(), userId: randomUUID() },
    idempotencyKey: `test_${randomUUID()}`,
    ...overrides,
  })
  return id
}

/** a payment authorised with a card (4242 unless given) */
async function authorised(amount: number, cardNumber: string = DEMO_CARDS.succeeds) {
  const id = await paymentOf(amount)
  expect(await demo.confirmWithCard(id, card(cardNumber))).toEqual({ status: 'requires_capture' })
  return id
}

const key = () => `op_${randomUUID()}`

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

const operationsOf = (paymentId: string) =>
  database.db
    .select()
    .from(demoPaymentOperations)
    .where(eq(demoPaymentOperations.paymentId, paymentId))

const rowOf = async (paymentId: string) => {
  const [row] = await database.db.select().from(demoPayments).where(eq(demoPayments.id, paymentId))
  return row
}

describe('authorising', () => {
  test('a good card authorises the whole amount and takes nothing yet', async () => {
    const id = await authorised(6427)
    expect(await demo.retrievePayment(id)).toMatchObject({
      status: 'requires_capture',
      amount: 6427,
      amountCapturable: 6427,
      amountReceived: 0,
      amountRefunded: 0,
      lastError: null,
    })
    // confirming again answers where it stands
    expect(await demo.confirmWithCard(id, card(DEMO_CARDS.succeeds))).toEqual({
      status: 'requires_capture',
    })
  })

  test('a payment asked to be taken at once is succeeded on confirmation, its marks unseen', async () => {
    const id = await paymentOf(2500, { capture: 'automatic', metadata: { orderId: 'o-1' } })
    expect(await demo.confirmWithCard(id, card(DEMO_CARDS.succeeds))).toEqual({
      status: 'succeeded',
    })
    expect(await demo.retrievePayment(id)).toMatchObject({
      status: 'succeeded',
      amountReceived: 2500,
      amountCapturable: 0,
      metadata: { orderId: 'o-1' },
    })
    // the card that declines at capture declines at once when the charge is immediate
    const other = await paymentOf(2500, { capture: 'automatic' })
    expect(await demo.confirmWithCard(other, card(DEMO_CARDS.declinesAtCapture))).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    })
  })

  test("the bank page sends an order's payment back to its order, a checkout's to checkout", async () => {
    const orderId = randomUUID()
    const forOrder = await paymentOf(3000, { metadata: { orderId, userId: randomUUID() } })
    await demo.confirmWithCard(forOrder, card(DEMO_CARDS.needsAuthentication))
    expect(await demo.completeAuthentication(forOrder, 'succeeded')).toEqual({
      returnUrl: `/orders/${orderId}?payment_intent=${forOrder}&redirect_status=succeeded`,
    })
    expect((await demo.retrievePayment(forOrder))?.status).toBe('requires_capture')

    const forCheckout = await paymentOf(3000)
    await demo.confirmWithCard(forCheckout, card(DEMO_CARDS.needsAuthentication))
    expect(await demo.completeAuthentication(forCheckout, 'failed')).toEqual({
      returnUrl: `/checkout?payment_intent=${forCheckout}&redirect_status=failed`,
    })
  })
})

describe('capture', () => {
  test('takes the whole authorisation once; the same key again answers the same, moving nothing', async () => {
    const id = await authorised(6427)
    const request = { paymentId: id, amount: 6427, idempotencyKey: key() }
    const captured = await demo.capture(request)
    expect(captured).toMatchObject({
      id,
      status: 'succeeded',
      amountReceived: 6427,
      amountCapturable: 0,
    })
    expect(await demo.capture(request)).toEqual(captured)
    expect(await operationsOf(id)).toHaveLength(1)
    // a second capture under another key is refused: a payment is captured once
    expect(await refusal(demo.capture({ ...request, idempotencyKey: key() }))).toMatch(
      /status is succeeded/,
    )
    expect(await demo.retrievePayment(id)).toMatchObject({ amountReceived: 6427 })
  })

  test('a partial capture takes less and releases the rest', async () => {
    const id = await authorised(8000)
    const captured = await demo.capture({ paymentId: id, amount: 6150, idempotencyKey: key() })
    expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 6150 })
    expect(await demo.retrievePayment(id)).toMatchObject({
      amount: 8000,
      amountReceived: 6150,
      amountCapturable: 0,
    })
  })

  test('never more than authorised, nor nothing, nor a fraction of a cent', async () => {
    const id = await authorised(5000)
    const above = { paymentId: id, amount: 5001, idempotencyKey: key() }
    expect(await refusal(demo.capture(above))).toBe(
      'The amount to capture must be a whole number of cents from 1 to 5000.',
    )
    // the refusal is stored under its key: asked again, the same answer
    expect(await refusal(demo.capture(above))).toMatch(/from 1 to 5000/)
    expect(await refusal(demo.capture({ ...above, amount: 0, idempotencyKey: key() }))).toMatch(
      /from 1 to 5000/,
    )
    expect(await refusal(demo.capture({ ...above, amount: 12.5, idempotencyKey: key() }))).toBe(
      'The amount must be a whole number of cents.',
    )
    expect((await demo.retrievePayment(id))?.status).toBe('requires_capture')
  })

  test('of a payment never authorised, or unknown: refused', async () => {
    const unpaid = await paymentOf(4000)
    expect(
      await refusal(demo.capture({ paymentId: unpaid, amount: 4000, idempotencyKey: key() })),
    ).toMatch(/status is requires_payment_method/)
    expect(
      await refusal(demo.capture({ paymentId: 'pi_demo_nope', amount: 1, idempotencyKey: key() })),
    ).toBe('No such payment: pi_demo_nope')
  })

  test('10 racing captures under one key take the money once', async () => {
    const id = await authorised(7000)
    const request = { paymentId: id, amount: 7000, idempotencyKey: key() }
    const answers = await Promise.all(Array.from({ length: 10 }, () => demo.capture(request)))
    for (const answer of answers) expect(answer).toEqual(answers[0])
    expect(await operationsOf(id)).toHaveLength(1)
    // and under different keys, exactly one wins
    const other = await authorised(7000)
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        demo.capture({ paymentId: other, amount: 7000, idempotencyKey: key() }),
      ),
    )
    expect(settled.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    expect(await rowOf(other)).toMatchObject({ status: 'succeeded', amountReceived: 7000 })
  })

  test('the 7 days count from the card authorising it, not from the payment being made', async () => {
    const id = await paymentOf(6000)
    try {
      // the customer keeps the card form open for an hour before paying
      clock = new Date(START.getTime() + 60 * 60_000)
      await demo.confirmWithCard(id, card(DEMO_CARDS.succeeds))
      const holdsUntil = new Date(clock.getTime() + AUTHORISATION_LIFETIME_MS)
      expect(await demo.retrievePayment(id)).toMatchObject({
        status: 'requires_capture',
        captureBefore: holdsUntil,
      })
      clock = new Date(START.getTime() + AUTHORISATION_LIFETIME_MS + 30 * 60_000)
      expect((await demo.retrievePayment(id))?.status).toBe('requires_capture')
      const captured = await demo.capture({ paymentId: id, amount: 6000, idempotencyKey: key() })
      expect(captured).toMatchObject({ status: 'succeeded', captureBefore: null })
    } finally {
      clock = START
    }
  })

  test('an authorisation older than 7 days is refused as expired and reads canceled', async () => {
    const id = await authorised(6000)
    try {
      // exactly 7 days on it still holds
      clock = new Date(START.getTime() + AUTHORISATION_LIFETIME_MS)
      expect((await demo.retrievePayment(id))?.status).toBe('requires_capture')

      clock = new Date(START.getTime() + AUTHORISATION_LIFETIME_MS + 1)
      expect(await demo.retrievePayment(id)).toMatchObject({
        status: 'canceled',
        amountCapturable: 0,
      })
      const message = await refusal(
        demo.capture({ paymentId: id, amount: 6000, idempotencyKey: key() }),
      )
      expect(message).toMatch(/authorization expired/)
      expect(await rowOf(id)).toMatchObject({ status: 'canceled', amountReceived: 0 })
      // releasing it is harmless
      expect(await demo.void({ paymentId: id, idempotencyKey: key() }).then((p) => p.status)).toBe(
        'canceled',
      )
    } finally {
      clock = START
    }
  })

  test('the card that declines at capture authorises, then is declined; nothing moves', async () => {
    const id = await authorised(6500, DEMO_CARDS.declinesAtCapture)
    const message = await refusal(
      demo.capture({ paymentId: id, amount: 6500, idempotencyKey: key() }),
    )
    expect(message).toBe('Your card was declined.')
    const payment = await demo.retrievePayment(id)
    expect(payment).toMatchObject({
      status: 'requires_capture',
      amountReceived: 0,
      lastError: 'Your card was declined.',
    })
    // the card's mark stays inside the demo provider
    expect(Object.keys(payment?.metadata ?? {}).sort()).toEqual(['checkoutId', 'userId'])
    // declined again under another key; the authorisation can still be released
    expect(await refusal(demo.capture({ paymentId: id, amount: 100, idempotencyKey: key() }))).toBe(
      'Your card was declined.',
    )
    expect((await demo.void({ paymentId: id, idempotencyKey: key() })).status).toBe('canceled')
  })
})

describe('void', () => {
  test('releases an authorisation; again (any key) it stays released; a capture then is refused', async () => {
    const id = await authorised(6000)
    const request = { paymentId: id, idempotencyKey: key() }
    const voided = await demo.void(request)
    expect(voided).toMatchObject({ status: 'canceled', amountCapturable: 0, amountReceived: 0 })
    expect(await demo.void(request)).toEqual(voided)
    expect((await demo.void({ paymentId: id, idempotencyKey: key() })).status).toBe('canceled')
    expect(
      await refusal(demo.capture({ paymentId: id, amount: 6000, idempotencyKey: key() })),
    ).toMatch(/status is canceled/)
  })

  test('releases a payment the card never completed; refuses one already captured', async () => {
    const unpaid = await paymentOf(3000)
    expect((await demo.void({ paymentId: unpaid, idempotencyKey: key() })).status).toBe('canceled')
    const id = await authorised(3000)
    await demo.capture({ paymentId: id, amount: 3000, idempotencyKey: key() })
    expect(await refusal(demo.void({ paymentId: id, idempotencyKey: key() }))).toBe(
      'This payment cannot be voided: its status is succeeded.',
    )
  })
})

describe('refund', () => {
  test('gives back captured money in parts, never more than is left; a repeated key refunds once', async () => {
    const id = await authorised(9000)
    await demo.capture({ paymentId: id, amount: 8000, idempotencyKey: key() })
    const first = { paymentId: id, amount: 500, reason: 'a missing item', idempotencyKey: key() }
    const refund = await demo.refund(first)
    expect(refund).toMatchObject({ paymentId: id, amount: 500, status: 'succeeded' })
    expect(refund.id).toMatch(/^re_demo_/)
    expect(await demo.refund(first)).toEqual(refund)
    expect((await demo.retrievePayment(id))?.amountRefunded).toBe(500)

    const tooMuch = { ...first, amount: 7501, idempotencyKey: key() }
    expect(await refusal(demo.refund(tooMuch))).toBe(
      'The amount to refund must be a whole number of cents from 1 to 7500.',
    )
    await demo.refund({ ...first, amount: 7500, idempotencyKey: key() })
    expect(await demo.retrievePayment(id)).toMatchObject({
      status: 'succeeded',
      amountReceived: 8000,
      amountRefunded: 8000,
    })
    expect(await refusal(demo.refund({ ...first, amount: 1, idempotencyKey: key() }))).toMatch(
      /from 1 to 0/,
    )
  })

  test('before capture a refund is refused: the authorisation is voided instead', async () => {
    const id = await authorised(4000)
    expect(
      await refusal(
        demo.refund({ paymentId: id, amount: 100, reason: 'damaged', idempotencyKey: key() }),
      ),
    ).toBe('This payment cannot be refunded: its status is requires_capture, not succeeded.')
  })

  test('racing refunds under different keys never give back more than was taken', async () => {
    const id = await authorised(3000)
    await demo.capture({ paymentId: id, amount: 3000, idempotencyKey: key() })
    const settled = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        demo.refund({ paymentId: id, amount: 1000, reason: 'race', idempotencyKey: key() }),
      ),
    )
    expect(settled.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3)
    expect(await rowOf(id)).toMatchObject({ amountRefunded: 3000 })
  })

  test('a key used for one operation cannot be used for another', async () => {
    const id = await authorised(3000)
    const shared = key()
    await demo.capture({ paymentId: id, amount: 3000, idempotencyKey: shared })
    await expect(
      demo.refund({ paymentId: id, amount: 100, reason: 'x', idempotencyKey: shared }),
    ).rejects.toThrow(/was used for a capture/)
  })
})
