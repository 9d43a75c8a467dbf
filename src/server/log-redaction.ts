/**
 * The secrets that travel in addresses and error messages, taken out of log lines
 * (docs/product.md#security): whoever reads the logs must not be able to reset a password, take
 * a staff invitation, pay with someone's payment, upload to a signed address or act with a
 * session. A secret becomes `[redacted]`; the rest stays, so a line still says which page or
 * call it was about.
 */

export const REDACTED = '[redacted]'

/** query parameters whose value is a secret, compared decoded and lower-cased */
const SECRET_QUERY_KEYS = new Set([
  // the password-reset link (docs/product.md#accounts)
  'token',
  // the disk store's signed upload address (docs/product.md#uploads)
  'signature',
  // Stripe's return to the shop after the bank's check carries the payment's client secret
  'payment_intent_client_secret',
  'setup_intent_client_secret',
  'client_secret',
])

/**
 * The segment after /invitations/ is an invitation's token, on the page and under /api
 * (docs/product.md#staff-and-roles), also percent-encoded inside another parameter.
 */
const INVITATION_TOKEN = /((?:\/|%2f)invitations(?:\/|%2f))[^/?#&]+/gi

/** a payment's client secret (pi_…_secret_…) wherever it shows, under any parameter's name */
const CLIENT_SECRET = /\b((?:pi|seti)_\w+?_secret_)[a-z0-9]+/gi

/** An address (a path with its query, or a whole URL) without the secrets it carries. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  const withQueryRedacted =
    queryAt === -1 ? url : url.slice(0, queryAt + 1) + redactQuery(url.slice(queryAt + 1))
  return withQueryRedacted
    .replace(INVITATION_TOKEN, `$1${REDACTED}`)
    .replace(CLIENT_SECRET, `$1${REDACTED}`)
}

function redactQuery(queryAndFragment: string): string {
  const hashAt = queryAndFragment.indexOf('#')
  const query = hashAt === -1 ? queryAndFragment : queryAndFragment.slice(0, hashAt)
  const fragment = hashAt === -1 ? '' : queryAndFragment.slice(hashAt)
  const pairs = query.split('&').map((pair) => {
    const equalsAt = pair.indexOf('=')
    if (equalsAt === -1) return pair
    const key = pair.slice(0, equalsAt)
    // read as the server reads it: `%74oken` is `token`
    return SECRET_QUERY_KEYS.has(decodeKey(key).toLowerCase()) ? `${key}=${REDACTED}` : pair
  })
  return pairs.join('&') + fragment
}

function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '))
  } catch {
    return key // a malformed escape: the server reads it as it is too
  }
}

/**
 * A failed query's error (Drizzle's) names the query's values, in its `params` and in its
 * message and stack: a session id, a payment's client secret. They are replaced in the error as
 * pino serialized it (or in its message); `error` is the original, whose causes may be such
 * errors too.
 */
export function redactQueryValues<T>(serialized: T, error: unknown): T {
  const lines = failedQueries(error)
    .map((params) => `params: ${params.join(',')}`)
    .filter((line) => line !== 'params: ')
  if (lines.length === 0 || serialized === null || serialized === undefined) return serialized
  return scrub(serialized, lines, Object.getPrototypeOf(serialized)) as T
}

/** the values of every failed query in an error, its causes and the errors it aggregates */
function failedQueries(error: unknown, seen = new Set<unknown>()): unknown[][] {
  if (!error || typeof error !== 'object' || seen.has(error)) return []
  seen.add(error)
  const { query, params, cause, errors } = error as Record<string, unknown>
  const own = typeof query === 'string' && Array.isArray(params) ? [params] : []
  const nested = Array.isArray(errors) ? errors : []
  return [...own, ...failedQueries(cause, seen), ...nested.flatMap((e) => failedQueries(e, seen))]
}

/**
 * A copy of a serialized error with the values taken out of its strings, its `params` and the
 * serialized errors inside it (those share its prototype); other values are kept as they are.
 */
function scrub(value: unknown, lines: readonly string[], errorPrototype: unknown): unknown {
  if (typeof value === 'string') {
    return lines.reduce((text, line) => text.split(line).join(`params: ${REDACTED}`), value)
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, lines, errorPrototype))
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== errorPrototype) {
    return value
  }
  const copy = Object.create(errorPrototype as object | null) as Record<string, unknown>
  for (const [key, item] of Object.entries(value)) {
    copy[key] = key === 'params' ? REDACTED : scrub(item, lines, errorPrototype)
  }
  return copy
}
