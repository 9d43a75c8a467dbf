import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { COUPON_MESSAGES } from '#shared/domain/coupons.ts'
import { nextDeliveryDate } from '#shared/domain/delivery.ts'
import { centsToDecimal, formatCents, sumCents, type Cents } from '#shared/domain/money.ts'
import {
  lineTotal,
  MINIMUM_ORDER_CENTS,
  priceBasket,
  type BasketTotals,
} from '#shared/domain/pricing.ts'
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
import type { CatalogService } from '../catalog/index.ts'
import type { AppliedCoupon, CouponsService } from '../coupons/index.ts'
import { priceBasketLines, type PricedLine } from './basket-pricing.ts'
import type { CheckoutRepo } from './checkout.repo.ts'

/** A checkout is stored before the provider makes its payment, under this stand-in id. */
const AWAITING_PAYMENT = 'awaiting_payment_'
export const awaitingPaymentId = (checkoutId: string) => `${AWAITING_PAYMENT}${checkoutId}`
export const isAwaitingPayment = (paymentIntentId: string) =>
  paymentIntentId.startsWith(AWAITING_PAYMENT)

export type CreatePaymentIntentOutcome =
  | { kind: 'created'; result: CreatePaymentIntentResult }
  | { kind: 'amount-mismatch'; body: AmountMismatch }

export const totalsOnTheWire = (
  totals: BasketTotals,
  promoCode: string | null,
): CheckoutTotals => ({
  subtotal: centsToDecimal(totals.subtotal),
  discountAmount: centsToDecimal(totals.discount),
  deliveryFee: centsToDecimal(totals.deliveryFee),
  tax: centsToDecimal(totals.tax),
  total: centsToDecimal(totals.total),
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
  catalog: Pick<CatalogService, 'productsForOrder'>
  coupons: Pick<CouponsService, 'judge' | 'holdWithin' | 'releaseHoldWithin'>
  checkouts: CheckoutRepo
  transaction: RunInTransaction
  provider: PaymentProvider
  log: FastifyBaseLogger
  now: () => Date
}

/** The coupon to apply, or a 409 saying why it cannot be. */
async function couponFor(
  coupons: PaymentIntentDeps['coupons'],
  code: string | undefined,
  subtotal: Cents,
  at: Date,
) {
  if (!code) return null
  const judged = await coupons.judge(code, subtotal, at)
  if ('problem' in judged) {
    throw new AppError('CHECKOUT_CONFLICT', {
      message: judged.problem,
      fields: { promoCode: judged.problem },
    })
  }
  return judged.coupon
}

function assertMinimum(subtotal: Cents) {
  if (subtotal >= MINIMUM_ORDER_CENTS) return
  throw new AppError('BELOW_MINIMUM_ORDER', {
    message: CHECKOUT_MESSAGES.belowMinimum(
      formatCents(MINIMUM_ORDER_CENTS),
      formatCents(MINIMUM_ORDER_CENTS - subtotal),
    ),
  })
}

/** The 409 that tells the basket the server's figures when the client's total differs. */
function amountMismatch(lines: PricedLine[], totals: BasketTotals, promoCode: string | null) {
  return {
    kind: 'amount-mismatch' as const,
    body: {
      message: CHECKOUT_MESSAGES.amountChanged,
      totals: totalsOnTheWire(totals, promoCode),
      items: lines.map((line) => ({
        id: line.productId,
        name: line.name,
        price: centsToDecimal(line.price),
      })),
    },
  }
}

interface Priced {
  lines: PricedLine[]
  totals: BasketTotals
  coupon: AppliedCoupon | null
  at: Date
}

/** The checkout and its coupon hold in one transaction, before the provider is called. */
async function storeCheckout(
  { checkouts, coupons, transaction }: PaymentIntentDeps,
  user: UserRow,
  input: CreatePaymentIntentValues,
  priced: Priced,
) {
  const checkoutId = randomUUID()
  const wire = totalsOnTheWire(priced.totals, priced.coupon?.code ?? null)
  const deliveryDate = nextDeliveryDate(priced.at)
  const coupon = priced.coupon
  const held = coupon?.limited === true
  const stored = await transaction(async (tx) => {
    if (held && !(await coupons.holdWithin(tx, coupon.id))) return null
    return checkouts.within(tx).insert({
      id: checkoutId,
      paymentIntentId: awaitingPaymentId(checkoutId),
      userId: user.id,
      items: priced.lines,
      couponId: coupon?.id ?? null,
      couponReserved: held,
      ...wire,
      deliveryInfo: input.deliveryInfo ?? profileDeliveryInfo(user),
      deliveryDate,
      specialInstructions: input.specialInstructions || null,
      // the service's clock, which the stale-checkout sweep compares with
      createdAt: priced.at,
    })
  })
  if (!stored) {
    throw new AppError('CHECKOUT_CONFLICT', {
      message: COUPON_MESSAGES.exhausted,
      fields: { promoCode: COUPON_MESSAGES.exhausted },
    })
  }
  return { checkoutId, wire, deliveryDate }
}

/** The provider's payment for a stored checkout; without one, the checkout and its hold go. */
async function createPayment(
  { checkouts, coupons, transaction, provider, log }: PaymentIntentDeps,
  user: UserRow,
  checkoutId: string,
  total: Cents,
) {
  try {
    return await provider.createPayment({
      amount: total,
      currency: 'usd',
      metadata: { checkoutId, userId: user.id },
      idempotencyKey: `checkout_${checkoutId}`,
      description: `Order from ${user.email}`,
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
    const lines = await priceBasketLines(deps.catalog, input.items)
    const subtotal = sumCents(lines.map((line) => lineTotal(line.price, line.quantity)))
    const at = deps.now()
    const coupon = await couponFor(deps.coupons, input.promoCode, subtotal, at)
    assertMinimum(subtotal)
    const totals = priceBasket(subtotal, coupon?.discount)
    // the client's figure is only compared: a lower one never lowers the charge
    if (input.amount !== totals.total) return amountMismatch(lines, totals, coupon?.code ?? null)

    const priced = { lines, totals, coupon, at }
    const { checkoutId, wire, deliveryDate } = await storeCheckout(deps, user, input, priced)
    const payment = await createPayment(deps, user, checkoutId, totals.total)
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
