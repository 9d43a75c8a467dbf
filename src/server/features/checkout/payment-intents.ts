import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { COUPON_MESSAGES } from '#shared/domain/coupons.ts'
import { nextDeliveryDate } from '#shared/domain/delivery.ts'
import { centsToDecimal, type Cents } from '#shared/domain/money.ts'
import {
  CHECKOUT_MESSAGES,
  type AmountMismatch,
  type CheckoutTotals,
  type CreatePaymentIntentResult,
  type CreatePaymentIntentValues,
} from '#shared/schemas/checkout.ts'
import type { DeliveryInfo } from '#shared/schemas/order.ts'
import type { PaymentProvider } from '../../adapters/payments/index.ts'
import { AppError } from '../../app-error.ts'
import type { RunInTransaction } from '../../db/transaction.ts'
import type { UserRow } from '../auth/index.ts'
import type { CouponsService } from '../coupons/index.ts'
import {
  appliedCoupon,
  assertMinimum,
  orderMoneyColumns,
  type Quote,
  type QuoteBasket,
  type QuoteTotals,
} from '../quote/index.ts'
import type { WeeklyStock } from '../weekly-stock/index.ts'
import type { CheckoutRepo } from './checkout.repo.ts'

/** A checkout is stored before the provider makes its payment, under this stand-in id. */
const AWAITING_PAYMENT = 'awaiting_payment_'
export const awaitingPaymentId = (checkoutId: string) => `${AWAITING_PAYMENT}${checkoutId}`
export const isAwaitingPayment = (paymentIntentId: string) =>
  paymentIntentId.startsWith(AWAITING_PAYMENT)

export type CreatePaymentIntentOutcome =
  | { kind: 'created'; result: CreatePaymentIntentResult }
  | { kind: 'amount-mismatch'; body: AmountMismatch }

export const totalsOnTheWire = (totals: QuoteTotals, promoCode: string | null): CheckoutTotals => ({
  ...orderMoneyColumns(totals),
  promoCode,
})

export function profileDeliveryInfo(user: UserRow): DeliveryInfo {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    address: user.deliveryStreet,
    apt: user.deliveryApt,
    city: user.deliveryCity,
    zipCode: user.deliveryZip,
  }
}

export interface PaymentIntentDeps {
  quote: QuoteBasket
  coupons: Pick<CouponsService, 'holdWithin' | 'releaseHoldWithin'>
  stock: Pick<WeeklyStock, 'reserveWithin' | 'lockWithin' | 'anyLimited' | 'changed'>
  checkouts: CheckoutRepo
  transaction: RunInTransaction
  provider: PaymentProvider
  log: FastifyBaseLogger
  now: () => Date
  /** the customer's provider customer, made on first use, to keep their card on */
  customerFor?: ((user: UserRow) => Promise<string>) | undefined
}

/** A coupon that cannot be used on this basket is a conflict the shopper resolves (409). */
function assertCoupon(quote: Quote) {
  if (quote.coupon?.verdict !== 'refused') return
  const { problem } = quote.coupon
  throw new AppError('CHECKOUT_CONFLICT', { message: problem, fields: { promoCode: problem } })
}

/** The 409 that tells the basket the server's figures when the client's total differs. */
function amountMismatch(quote: Quote) {
  return {
    kind: 'amount-mismatch' as const,
    body: {
      message: CHECKOUT_MESSAGES.amountChanged,
      totals: totalsOnTheWire(quote, appliedCoupon(quote)?.code ?? null),
      items: quote.lines.map((line) => ({
        id: line.productId,
        name: line.name,
        price: centsToDecimal(line.price),
        taxable: line.taxable ?? false,
      })),
    },
  }
}

/**
 * The checkout, its coupon hold and what it takes of limited products in one transaction, before
 * the provider is called.
 */
async function storeCheckout(
  { checkouts, coupons, stock, transaction }: PaymentIntentDeps,
  user: UserRow,
  input: CreatePaymentIntentValues,
  quote: Quote,
  at: Date,
) {
  const checkoutId = randomUUID()
  const coupon = appliedCoupon(quote)
  const wire = totalsOnTheWire(quote, coupon?.code ?? null)
  // what checkout shows; the order's own Saturday is fixed when the order is made
  const deliveryDate = nextDeliveryDate(at)
  const held = coupon?.limited === true
  let tookLimited = false
  // rows are locked in one order on every path: checkouts and orders, then the limited products,
  // then coupons (docs/product.md#weekly-quantities)
  const stored = await transaction(async (tx) => {
    // the customer's own earlier checkouts are not counted against them: going back to checkout
    // (a reload, new delivery instructions) must not find their own units taken
    tookLimited = await stock.reserveWithin(tx, {
      saturday: deliveryDate,
      lines: quote.lines,
      buyer: user.id,
    })
    if (held && !(await coupons.holdWithin(tx, coupon.id))) return null
    return checkouts.within(tx).insert({
      id: checkoutId,
      paymentIntentId: awaitingPaymentId(checkoutId),
      userId: user.id,
      items: quote.lines,
      couponId: coupon?.id ?? null,
      couponReserved: held,
      ...wire,
      deliveryInfo: input.deliveryInfo ?? profileDeliveryInfo(user),
      deliveryDate,
      specialInstructions: input.specialInstructions || null,
      // the service's clock, which the stale-checkout sweep compares with
      createdAt: at,
    })
  })
  if (!stored) {
    throw new AppError('CHECKOUT_CONFLICT', {
      message: COUPON_MESSAGES.exhausted,
      fields: { promoCode: COUPON_MESSAGES.exhausted },
    })
  }
  if (tookLimited) stock.changed()
  return { checkoutId, wire, deliveryDate }
}

/** The provider's payment for a stored checkout; without one, the checkout and its hold go. */
async function createPayment(
  { checkouts, coupons, transaction, provider, log, customerFor }: PaymentIntentDeps,
  user: UserRow,
  checkoutId: string,
  total: Cents,
  saveCard: boolean,
) {
  try {
    // the card is kept on the customer's provider customer once it has paid
    // (docs/product.md#saved-cards)
    const customer = saveCard && customerFor ? await customerFor(user) : null
    return await provider.createPayment({
      amount: total,
      currency: 'usd',
      metadata: { checkoutId, userId: user.id },
      idempotencyKey: `checkout_${checkoutId}`,
      description: `Order from ${user.email}`,
      ...(customer ? { customer, savePaymentMethod: true } : {}),
    })
  } catch (error) {
    await transaction(async (tx) => {
      const removed = await checkouts.within(tx).removePending(checkoutId)
      if (removed?.couponReserved && removed.couponId) {
        await coupons.releaseHoldWithin(tx, removed.couponId)
      }
    })
    log.error({ err: error, checkoutId }, 'creating the payment failed')
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
  }
}

/**
 * The first step of checkout (docs/product.md#payments): the server prices the basket from its
 * own prices and coupons, stores what it priced as a pending checkout (holding a use of a
 * limited coupon), and only then asks the provider for a payment of that total.
 */
export function createPaymentIntents(deps: PaymentIntentDeps) {
  return async function createPaymentIntent(
    user: UserRow,
    input: CreatePaymentIntentValues,
  ): Promise<CreatePaymentIntentOutcome> {
    const at = deps.now()
    const quote = await deps.quote({
      items: input.items,
      promo: input.promoCode ? { code: input.promoCode, heldBy: null } : null,
      at,
    })
    assertCoupon(quote)
    assertMinimum(quote)
    // the client's figure is only compared: a lower one never lowers the charge
    if (input.amount !== quote.total) return amountMismatch(quote)

    const { checkoutId, wire, deliveryDate } = await storeCheckout(deps, user, input, quote, at)
    const payment = await createPayment(
      deps,
      user,
      checkoutId,
      quote.total,
      input.savePaymentMethod === true,
    )
    if (!(await deps.checkouts.attachPayment(checkoutId, payment.id))) {
      deps.log.error(
        { checkoutId, paymentIntentId: payment.id },
        'the checkout closed before its payment was stored',
      )
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE')
    }
    return {
      kind: 'created',
      result: {
        clientSecret: payment.clientSecret,
        paymentIntentId: payment.id,
        amount: wire.total,
        provider: deps.provider.name,
        totals: wire,
        deliveryDate: deliveryDate.toISOString(),
      },
    }
  }
}
