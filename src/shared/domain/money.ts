/**
 * Money is whole cents inside the code. The database keeps numeric(10,2) and the API sends
 * amounts as strings with two decimals ("12.99"); this module is the only place that converts
 * between them, reads what a client sends and shows an amount to a person
 * (docs/product.md#pricing, docs/decisions/0002-money-in-cents.md).
 */

export type Cents = number

const CENTS_PER_DOLLAR = 100
/** at most 99,999,999.99: what numeric(10,2) holds */
const DECIMAL_PRICE = /^(\d{1,8})(?:\.(\d{1,2}))?$/

/** "12.99" → 1299, "4" → 400, "4.5" → 450. Throws on anything else. */
export function decimalToCents(value: string): Cents {
  const match = DECIMAL_PRICE.exec(value.trim())
  if (!match) throw new RangeError(`Not a price: ${JSON.stringify(value)}`)
  const [, whole = '0', fraction = ''] = match
  return Number(whole) * CENTS_PER_DOLLAR + Number(fraction.padEnd(2, '0'))
}

export function isDecimalPrice(value: string): boolean {
  return DECIMAL_PRICE.test(value.trim())
}

/** 1299 → "12.99": the wire and database form. */
export function centsToDecimal(cents: Cents): string {
  assertCents(cents)
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(cents)
  return `${sign}${Math.floor(absolute / CENTS_PER_DOLLAR)}.${String(absolute % CENTS_PER_DOLLAR).padStart(2, '0')}`
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** 1299 → "$12.99": the only way an amount is shown to a person. */
export function formatCents(cents: Cents): string {
  assertCents(cents)
  return usd.format(cents / CENTS_PER_DOLLAR)
}

const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
})

/** 500 → "$5", 750 → "$7.50": an amount in running text, such as a price filter's label. */
export function formatCentsBrief(cents: Cents): string {
  assertCents(cents)
  return cents % CENTS_PER_DOLLAR === 0
    ? usdWhole.format(cents / CENTS_PER_DOLLAR)
    : formatCents(cents)
}

/** 500 → "5", 750 → "7.50": an amount as a person types it (a URL query, a form field). */
export function centsToTypedAmount(cents: Cents): string {
  assertCents(cents)
  return cents % CENTS_PER_DOLLAR === 0 ? String(cents / CENTS_PER_DOLLAR) : centsToDecimal(cents)
}

/** "12.99" → "$12.99" */
export function formatDecimalPrice(value: string): string {
  return formatCents(decimalToCents(value))
}

/** "$1,212.99" (as a page shows it) → 121299 */
export function displayedPriceToCents(value: string): Cents {
  return decimalToCents(value.replace(/[$,\s]/g, ''))
}

/** The sum of whole-cent amounts (each checked, so a stray float cannot slip in). */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0
  for (const amount of amounts) {
    assertCents(amount)
    total += amount
  }
  assertCents(total)
  return total
}

/** Dollars as a plain number (64.27), for fields that show or take dollars (a slider). */
export function centsToDollars(cents: Cents): number {
  assertCents(cents)
  return cents / CENTS_PER_DOLLAR
}

/** Why a client's amount is refused; the schemas show these under the field. */
export const MONEY_INPUT_MESSAGES = {
  format: 'Enter an amount in dollars, like 12.99',
  negative: 'The amount cannot be negative',
  decimals: 'Use at most two decimals (whole cents)',
  exponent: 'Write the amount without an exponent, like 1200.00',
  tooLarge: 'The amount is too large',
} as const
export type MoneyInputProblem = keyof typeof MONEY_INPUT_MESSAGES

export type MoneyInputResult =
  | { readonly ok: true; readonly cents: Cents }
  | { readonly ok: false; readonly problem: MoneyInputProblem }

/**
 * An amount as a client may send it: a JSON number (64.27) or a string with at most two
 * decimals ("64.27", "64.2", "64"). A number is read through its shortest decimal form, so
 * 0.1 + 0.2 (0.30000000000000004) has a third decimal and is refused rather than rounded.
 */
export function readMoneyInput(value: number | string): MoneyInputResult {
  if (typeof value === 'number' && !Number.isFinite(value)) return refused('format')
  // leading zeros say nothing ("0012.50" is 12.50); at least one digit stays
  const text = (typeof value === 'number' ? String(value) : value.trim()).replace(/^0+(?=\d)/, '')
  if (/e/i.test(text)) return refused(/^-?[\d.]+e[+-]?\d+$/i.test(text) ? 'exponent' : 'format')
  if (text.startsWith('-')) return refused(/^-[\d.]+$/.test(text) ? 'negative' : 'format')
  if (/^\d+\.\d{3,}$/.test(text)) return refused('decimals')
  if (/^\d{9,}(\.\d{1,2})?$/.test(text)) return refused('tooLarge')
  if (!DECIMAL_PRICE.test(text)) return refused('format')
  return { ok: true, cents: decimalToCents(text) }
}

const refused = (problem: MoneyInputProblem): MoneyInputResult => ({ ok: false, problem })

function assertCents(cents: Cents) {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`)
}
