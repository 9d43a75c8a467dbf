import { customerDetails, uniqueEmail } from '#tests/factories/customer.ts'

/**
 * A customer of the shop running as a real process, over HTTP: sign-up, the checkout calls
 * (docs/product.md#payments) and the SQL checks every fault test ends with.
 */

export interface Answer<T = unknown> {
  status: number
  body: T
}

export interface Customer {
  readonly email: string
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>>
  /** a GET with the customer's session, the response as it came, given up after `timeoutMs` */
  fetch(path: string, timeoutMs?: number): Promise<Response>
}

export const DEMO_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  zip: '77008',
}

/** authorises at checkout, then the cut-off's capture is declined (docs/product.md#payments) */
export const DEMO_CARD_DECLINED_AT_CAPTURE = { ...DEMO_CARD, cardNumber: '4000 0000 0000 0341' }

/** the shop's URL is read on every call, so a customer keeps its session across a restart */
export async function signUp(shopUrl: () => string, tag: string): Promise<Customer> {
  let cookie = ''
  const email = uniqueEmail(tag)
  const call = async <T>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const response = await fetch(`${shopUrl()}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('sid='))
    if (setCookie) cookie = setCookie.split(';')[0] ?? ''
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
  }
  const registered = await call('POST', '/api/auth/register', customerDetails(email))
  if (registered.status !== 201) {
    throw new Error(`sign-up failed: ${registered.status} ${JSON.stringify(registered.body)}`)
  }
  const get = (path: string, timeoutMs = 10_000) =>
    fetch(`${shopUrl()}${path}`, { headers: { cookie }, signal: AbortSignal.timeout(timeoutMs) })
  return { email, call, fetch: get }
}

export interface BasketLine {
  id: string
  name: string
  /** "12.99" */
  price: string
  quantity: number
}

/** `lines` in-stock lines of the demo catalogue (four: well over the $60 minimum) */
export async function demoBasket(shopUrl: string, lines = 4): Promise<BasketLine[]> {
  const response = await fetch(`${shopUrl}/api/products?limit=50`)
  const products = (await response.json()) as {
    id: string
    name: string
    price: string
    inStock: boolean
    category: string
  }[]
  return products
    .filter((product) => product.inStock && product.category !== 'farm-boxes')
    .slice(0, lines)
    .map((product) => ({
      id: product.id,
      name: product.name,
      price: product.price,
      quantity: 3,
    }))
}

/** the server's total for a basket ("88.80"), from its 409 answer to a wrong amount */
export async function quote(customer: Customer, items: BasketLine[], promoCode?: string) {
  const answer = await customer.call<{ totals: { total: string } }>(
    'POST',
    '/api/create-payment-intent',
    { amount: 0, items, ...(promoCode ? { promoCode } : {}) },
  )
  if (answer.status !== 409) throw new Error(`expected the totals (409), got ${answer.status}`)
  return answer.body.totals.total
}

export interface Checkout {
  items: BasketLine[]
  /** "88.80" */
  amount: string
  promoCode?: string
}

/**
 * The payment's id, or undefined when the shop answered 503: on a busy machine (two cores shared
 * with other test runs) a request may wait longer than the pool allows, and a customer tries again.
 */
export async function createPaymentIntent(
  customer: Customer,
  checkout: Checkout,
): Promise<string | undefined> {
  const answer = await customer.call<{ paymentIntentId: string }>(
    'POST',
    '/api/create-payment-intent',
    {
      amount: checkout.amount,
      items: checkout.items,
      ...(checkout.promoCode ? { promoCode: checkout.promoCode } : {}),
    },
  )
  if (answer.status === 503) return undefined
  if (answer.status !== 200) {
    throw new Error(
      `create-payment-intent answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    )
  }
  return answer.body.paymentIntentId
}

export const postOrder = (customer: Customer, paymentIntentId: string) =>
  customer.call<{ id: string }>('POST', '/api/orders', { paymentIntentId })

/**
 * An order as a customer places it with the demo card that authorises (docs/product.md#payments):
 * the basket priced, its payment created and confirmed, then the browser's call for the order.
 */
export async function paidDemoOrder(customer: Customer, shopUrl: string, card = DEMO_CARD) {
  const items = await demoBasket(shopUrl)
  const amount = await quote(customer, items)
  const intent = await customer.call<{ paymentIntentId: string }>(
    'POST',
    '/api/create-payment-intent',
    { amount, items },
  )
  if (intent.status !== 200) throw new Error(`create-payment-intent answered ${intent.status}`)
  const paymentId = intent.body.paymentIntentId
  const confirmed = await customer.call<{ status: string }>(
    'POST',
    `/api/demo-payments/${paymentId}/confirm`,
    card,
  )
  if (confirmed.body.status !== 'requires_capture') {
    throw new Error(`the demo card answered ${confirmed.body.status}`)
  }
  return { paymentId, order: await postOrder(customer, paymentId) }
}

/** Orders and their checkouts as they must be whatever happened: a list of what is wrong. */
export async function orderInconsistencies(
  query: <Row extends Record<string, unknown>>(text: string) => Promise<Row[]>,
): Promise<string[]> {
  const problems: string[] = []
  const itemsWrong = await query<{ id: string; items: number; sum: string; subtotal: string }>(
    `select o.id, count(i.id)::int as items, coalesce(sum(i.product_price * i.quantity), 0)::text as sum, o.subtotal::text as subtotal
       from orders o left join order_items i on i.order_id = o.id
      group by o.id
     having count(i.id) = 0 or coalesce(sum(i.product_price * i.quantity), 0) <> o.subtotal`,
  )
  for (const row of itemsWrong) {
    problems.push(
      `order ${row.id}: ${row.items} items adding up to ${row.sum}, subtotal ${row.subtotal}`,
    )
  }
  const stuck = await query<{ payment_intent_id: string; status: string }>(
    `select c.payment_intent_id, c.status from pending_checkouts c
       join orders o on o.payment_intent_id = c.payment_intent_id
      where c.status <> 'completed' or c.coupon_reserved`,
  )
  for (const row of stuck) {
    problems.push(`checkout ${row.payment_intent_id} has an order but is ${row.status}`)
  }
  const completedWithout = await query<{ payment_intent_id: string }>(
    `select c.payment_intent_id from pending_checkouts c
      where c.status = 'completed'
        and not exists (select 1 from orders o where o.payment_intent_id = c.payment_intent_id)`,
  )
  for (const row of completedWithout) {
    problems.push(`checkout ${row.payment_intent_id} is completed without an order`)
  }
  // an authorised order's card covers its total, on a payment it names
  const uncovered = await query<{ id: string; total: string; authorized_amount: string }>(
    `select id, total::text, authorized_amount::text from orders
      where payment_status = 'authorized'
        and (current_payment_id is null or authorized_amount < total or authorized_at is null)`,
  )
  for (const row of uncovered) {
    problems.push(
      `order ${row.id}: total ${row.total} but authorised ${row.authorized_amount} (or no payment)`,
    )
  }
  const coupons = await query<{
    code: string
    redeemed: number
    redemptions: number
    orders: number
  }>(
    `select c.code, c.times_redeemed as redeemed,
            (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions,
            (select count(*)::int from orders o where lower(o.promo_code) = lower(c.code)) as orders
       from coupons c`,
  )
  for (const row of coupons) {
    if (row.redeemed !== row.redemptions || row.redemptions !== row.orders) {
      problems.push(
        `coupon ${row.code}: times_redeemed ${row.redeemed}, ${row.redemptions} redemptions, ${row.orders} orders`,
      )
    }
  }
  // every hold on a limited coupon belongs to an unpaid checkout: none is lost in a crash
  const holds = await query<{ code: string; reserved: number; held: number }>(
    `select c.code, c.times_reserved as reserved,
            (select count(*)::int from pending_checkouts p
              where p.coupon_id = c.id and p.coupon_reserved and p.status = 'pending') as held
       from coupons c`,
  )
  for (const row of holds) {
    if (row.reserved !== row.held) {
      problems.push(
        `coupon ${row.code}: times_reserved ${row.reserved}, held by ${row.held} checkouts`,
      )
    }
  }
  return problems
}
