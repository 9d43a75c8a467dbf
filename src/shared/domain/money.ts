/**
 * Money is whole cents inside the code. The database keeps numeric(10,2) and the API sends
 * prices as strings with two decimals ("12.99"); these functions are the only crossings.
 */

export type Cents = number

const DECIMAL_PRICE = /^(\d{1,8})(?:\.(\d{1,2}))?$/

/** "12.99" → 1299, "4" → 400, "4.5" → 450. Throws on anything else. */
export function decimalToCents(value: string): Cents {
  const match = DECIMAL_PRICE.exec(value.trim())
  if (!match) throw new RangeError(`Not a price: ${JSON.stringify(value)}`)
  const [, whole = '0', fraction = ''] = match
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

export function isDecimalPrice(value: string): boolean {
  return DECIMAL_PRICE.test(value.trim())
}

/** 1299 → "12.99": the wire and database form. */
export function centsToDecimal(cents: Cents): string {
  assertCents(cents)
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(cents)
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** 1299 → "$12.99": the only way an amount is shown to a person. */
export function formatCents(cents: Cents): string {
  assertCents(cents)
  return usd.format(cents / 100)
}

/** "12.99" → "$12.99" */
export function formatDecimalPrice(value: string): string {
  return formatCents(decimalToCents(value))
}

function assertCents(cents: Cents) {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`)
}
