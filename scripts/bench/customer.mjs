// The benches' customer: signs up with an address inside the delivery area, so checkout works,
// and pays with the demo provider's card that always succeeds.
export const PASSWORD = 'correct horse battery'
export const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  zip: '77008',
}

export function registration(email) {
  return {
    email,
    password: PASSWORD,
    firstName: 'Bench',
    lastName: 'Customer',
    phone: '(713) 555-0100',
    deliveryStreet: '1200 Heights Blvd',
    deliveryCity: 'Houston',
    deliveryState: 'TX',
    deliveryZip: '77008',
  }
}

/**
 * The shop's API at `base` as a bench's customers call it: each customer is `{ cookie }`, kept
 * from the session cookie the shop sets; answers are `{ status, body }` with the body parsed. A
 * call waits `timeoutMs` at most (fetch's own default without it).
 */
export function shopApi(base, { timeoutMs } = {}) {
  async function call(customer, method, url, body) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(customer.cookie ? { cookie: customer.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    })
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('sid='))
    if (setCookie) customer.cookie = setCookie.split(';')[0]
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : null }
  }

  /** A new customer, signed in, with an address inside the delivery area. */
  async function signUp(tag) {
    const customer = { cookie: '' }
    const response = await call(
      customer,
      'POST',
      '/api/auth/register',
      registration(`bench-${tag}-${Date.now()}@example.com`),
    )
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`)
    return customer
  }

  return { call, signUp }
}

/** The p-th percentile of the values (0 for none). */
export function percentile(values, p) {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
