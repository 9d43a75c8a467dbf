import fc from 'fast-check'
import { z } from 'zod'
import * as adminSchemas from '#shared/schemas/admin.ts'
import * as authSchemas from '#shared/schemas/auth.ts'
import * as checkoutSchemas from '#shared/schemas/checkout.ts'
import * as contactSchemas from '#shared/schemas/contact.ts'
import * as couponSchemas from '#shared/schemas/coupon.ts'
import * as marketingSchemas from '#shared/schemas/marketing.ts'
import * as moneySchemas from '#shared/schemas/money.ts'
import * as orderSchemas from '#shared/schemas/order.ts'
import * as orderStatusSchemas from '#shared/schemas/order-status.ts'
import * as producerSchemas from '#shared/schemas/producer.ts'
import * as productSchemas from '#shared/schemas/product.ts'
import { customerDetails } from '#tests/factories/customer.ts'

/**
 * Generators for the bad-input fuzz (api-fuzz.test.ts): one FuzzCase is one request to one route,
 * with the caller, headers, path, query and body all chosen by fast-check.
 */

export type Caller = 'anonymous' | 'customer' | 'admin' | 'forged-cookie'
export type OriginHeader = 'own' | 'none' | 'foreign' | 'null'

export interface FuzzCase {
  readonly caller: Caller
  readonly origin: OriginHeader
  readonly contentType: string | undefined
  /** the raw body text, or none */
  readonly body: string | undefined
  /** one already-encoded path segment per `:param` of the route */
  readonly pathParams: readonly string[]
  /** the raw query string, without `?` */
  readonly query: string
  readonly remoteAddress: string
}

/** keys that try to reach an object's prototype or to grant what the server must decide itself */
export const DANGEROUS_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
  'price',
  'status',
  'userId',
  'id',
  'total',
  'amount',
  'createdAt',
  'passwordHash',
] as const

const HUGE = 100_000

export const SQL_LOOKING = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  'Robert\'); DROP TABLE "products";--',
  '1 UNION SELECT password_hash FROM users',
  '1; SELECT pg_sleep(5)--',
  '$1',
  "\\'",
  '%',
  '_',
]

export const HTML_LOOKING = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
]

/** strings PostgreSQL, JSON or JavaScript treat specially */
export const ODD_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\u202e\u2066',
  '\ufeff',
  '😀🇺🇸👩‍👩‍👧',
  'Ünïcödé ﬁ',
  '\r\n\t',
  '../../etc/passwd',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  'null',
  'undefined',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '9007199254740993',
  '-1',
  '1.005',
  '99999999999999999999.99',
  '2026-02-30',
  '0000-00-00T00:00:00Z',
  ...SQL_LOOKING,
  ...HTML_LOOKING,
]

/** values a field of the shop's schemas might accept, so some cases get past validation */
function plausibleValues(productIds: readonly string[]) {
  const id = productIds[0] ?? '00000000-0000-4000-8000-000000000000'
  return [
    'fuzz@example.com',
    'FUZZ@EXAMPLE.COM',
    'correct horse battery',
    'Maria',
    '(713) 555-0199',
    '1200 Heights Blvd',
    'Houston',
    'TX',
    '77008',
    '10001',
    'WELCOME10',
    '4242424242424242',
    '4000000000000002',
    '12/34',
    '123',
    '4.99',
    '0.00',
    1,
    0,
    2,
    60,
    4.99,
    true,
    false,
    null,
    id,
    [{ id, name: 'Fuzz', price: 4.99, quantity: 1 }],
    [{ id, name: 'Fuzz', price: 4.99, quantity: 1_000_000 }],
    [{ id, name: 'Fuzz', price: -1, quantity: -1, customSelections: ['x'] }],
    ...enumValues,
  ]
}

/** every field name and enum value the shared schemas know (the fuzz's dictionary) */
export const { fieldNames: SCHEMA_FIELD_NAMES, enumValues } = schemaDictionary()

function schemaDictionary() {
  const fields = new Set<string>()
  const enums = new Set<string | number>()
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (!node || typeof node !== 'object') return
    const record = node as Record<string, unknown>
    if (record.properties && typeof record.properties === 'object') {
      for (const key of Object.keys(record.properties)) fields.add(key)
    }
    if (Array.isArray(record.enum)) {
      for (const value of record.enum) {
        if (typeof value === 'string' || typeof value === 'number') enums.add(value)
      }
    }
    Object.values(record).forEach(walk)
  }
  const modules = [
    adminSchemas,
    authSchemas,
    checkoutSchemas,
    contactSchemas,
    couponSchemas,
    marketingSchemas,
    moneySchemas,
    orderSchemas,
    orderStatusSchemas,
    producerSchemas,
    productSchemas,
  ]
  for (const module of modules) {
    for (const value of Object.values(module)) {
      if (!(value instanceof z.ZodType)) continue
      try {
        walk(z.toJSONSchema(value, { unrepresentable: 'any', io: 'input' }))
      } catch {
        // a schema JSON Schema cannot describe (a transform's output): its names are elsewhere
      }
    }
  }
  return { fieldNames: [...fields], enumValues: [...enums] }
}

/** any JSON value, with the odd strings and numbers weighted in */
function jsonValue(productIds: readonly string[]): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...plausibleValues(productIds)) },
    { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 1e308, -1e-308, 2 ** 31, -(2 ** 31) - 1),
      ),
    },
    { weight: 1, arbitrary: fc.constant('x'.repeat(HUGE)) },
  )
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      {
        weight: 1,
        arbitrary: fc
          .array(
            fc.tuple(fc.constantFrom(...SCHEMA_FIELD_NAMES, ...DANGEROUS_KEYS), tie('value')),
            {
              maxLength: 4,
            },
          )
          .map(objectFromEntries),
      },
    ),
  }))
  return value
}

/**
 * An object written as JSON text from its entries, so `__proto__` is an own key in the text (as
 * an attacker would send it) and a key may even repeat.
 */
class JsonObjectText {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
  toJSON() {
    return Object.fromEntries(this.entries.filter(([key]) => key !== '__proto__'))
  }
  text(): string {
    return `{${this.entries.map(([key, value]) => `${JSON.stringify(key)}:${toJsonText(value)}`).join(',')}}`
  }
}

const objectFromEntries = (entries: (readonly [string, unknown])[]) => new JsonObjectText(entries)

function toJsonText(value: unknown): string {
  if (value instanceof JsonObjectText) return value.text()
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  return JSON.stringify(value) ?? 'null'
}

const DEEP = 10_000

/** bodies that are JSON only in name, or JSON in shapes no handler expects */
export const EDGE_BODIES = {
  deepArrays: '['.repeat(DEEP) + ']'.repeat(DEEP),
  deepObjects: '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
  hugeString: JSON.stringify({ name: 'x'.repeat(HUGE), email: 'y'.repeat(HUGE) }),
  hugeArray: JSON.stringify({ items: Array.from({ length: HUGE }, (_, index) => index) }),
  overLimit: JSON.stringify({ message: 'z'.repeat(1024 * 1024 + 10) }),
  protoPollution:
    '{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}',
}

export const MALFORMED_JSON = [
  '',
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '{"a":1}{"b":2}',
  '{"a":1}garbage',
  'undefined',
  'NaN',
  '[1,2',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x00"}',
  '{"a":01}',
  '{"a":1e99999}',
  'null',
  '"just a string"',
  '42',
  'true',
  '[]',
  '\u0000',
]

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=UTF-16',
  'application/json; charset=latin1',
  'application/json;charset="utf-8"',
  'application/json; charset=',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/jsonx',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'image/png',
  ';',
  '*/*',
  undefined,
] as const

function body(
  fields: readonly string[],
  productIds: readonly string[],
  producerIds: readonly string[],
) {
  const value = jsonValue(productIds)
  const key = fc.oneof(
    { weight: 5, arbitrary: fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('name') },
    { weight: 2, arbitrary: fc.constantFrom(...SCHEMA_FIELD_NAMES) },
    { weight: 2, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  )
  const object = fc
    .array(fc.tuple(key, value), { maxLength: 10 })
    .map((entries) => new JsonObjectText(entries).text())
  return fc.oneof(
    { weight: 6, arbitrary: object },
    { weight: 6, arbitrary: nearlyValid(fields, productIds, producerIds, key, value) },
    { weight: 2, arbitrary: value.map(toJsonText) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    { weight: 2, arbitrary: fc.constantFrom(...Object.values(EDGE_BODIES)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
}

/** what a form would send in each field the shop knows, so a case can pass validation */
function typicalValue(
  field: string,
  productIds: readonly string[],
  producerIds: readonly string[],
): unknown {
  const id = productIds[0] ?? '00000000-0000-4000-8000-000000000000'
  const typical: Record<string, unknown> = {
    ...customerDetails('fuzz@example.com'),
    newPassword: 'correct horse battery',
    currentPassword: 'correct horse battery',
    zipCode: '77008',
    subject: 'general',
    message: 'A message from the fuzz test.',
    code: 'WELCOME10',
    percentOff: 10,
    category: 'produce',
    producerId: producerIds[0] ?? '00000000-0000-4000-8000-000000000000',
    slug: 'fuzz-farm',
    location: 'Houston, Texas',
    description: 'A producer the fuzz test made.',
    story: 'Its story.',
    practices: ['No-till beds'],
    deliveryDays: ['Saturday'],
    active: true,
    contentType: 'image/png',
    size: 1000,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
    zip: '77008',
    promoCode: 'WELCOME10',
    amount: 60,
    items: [{ id, name: 'Fuzz', price: 4.99, quantity: 2 }],
    paymentIntentId: 'pi_fuzz',
    token: 'f'.repeat(64),
    outcome: 'succeed',
    status: 'confirmed',
    deliveryStatus: 'preparing',
    name: 'Fuzz',
    price: '4.99',
  }
  return typical[field] ?? 'fuzz'
}

/**
 * Every field the route asks for, filled as a form would, with up to three fields then
 * replaced, removed or added: most of the request is right, so the case reaches the code
 * behind validation.
 */
function nearlyValid(
  fields: readonly string[],
  productIds: readonly string[],
  producerIds: readonly string[],
  key: fc.Arbitrary<string>,
  value: fc.Arbitrary<unknown>,
) {
  const change = fc.oneof(
    fc.tuple(fc.constant('set' as const), key, value),
    fc.tuple(fc.constant('drop' as const), key, fc.constant(undefined)),
  )
  return fc.array(change, { maxLength: 3 }).map((changes) => {
    const entries = new Map<string, unknown>(
      fields.map((field) => [field, typicalValue(field, productIds, producerIds)]),
    )
    for (const [kind, field, next] of changes) {
      if (kind === 'drop') entries.delete(field)
      else entries.set(field, next)
    }
    return new JsonObjectText([...entries]).text()
  })
}

/** path segments, already as they appear in a URL */
function pathParam(knownIds: readonly string[]) {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '..%2F..%2Fetc%2Fpasswd',
        '..%5C..%5Cwindows',
        '..',
        '%2e%2e',
        '%00',
        'a%00b',
        '%',
        '%zz',
        '%C0%AE',
        '%ED%A0%80',
        '%F0%9F%98%80',
        'caf%C3%A9',
        '1',
        '0',
        '-1',
        '1e5',
        '99999999999999999999999',
        '1.5',
        'NaN',
        'null',
        'true',
        '%20',
        '%3Cscript%3E',
        "'%20OR%201%3D1--",
        'x'.repeat(199),
        'x'.repeat(201),
        'x'.repeat(5000),
        '00000000-0000-0000-0000-000000000000',
        '00000000-0000-4000-8000-000000000000',
        '{00000000-0000-4000-8000-000000000000}',
        '00000000000040008000000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff.webp',
        'a.webp',
        'pi_fuzz123456',
        'pi_' + 'x'.repeat(200),
        'robots.txt',
      ),
    },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    ...(knownIds.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...knownIds) }] : []),
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeSegment),
    },
  )
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes in as raw bytes */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}

const QUERY_KEYS = [
  'search',
  'category',
  'subcategory',
  'tags',
  'minPrice',
  'maxPrice',
  'farm',
  'sort',
  'limit',
  'offset',
  'page',
  'status',
  'expires',
  'signature',
  'q',
  'a[b]',
  'a[]',
  '__proto__',
  '__proto__[isAdmin]',
  'constructor[prototype][isAdmin]',
  'isAdmin',
]

function query(fields: readonly string[]) {
  const key = fc.constantFrom(...QUERY_KEYS, ...fields)
  const value = fc.oneof(
    fc.constantFrom(...ODD_STRINGS).map(encodeSegment),
    fc.string({ unit: 'binary', maxLength: 30 }).map(encodeSegment),
    fc.constantFrom('1', '0', '-5', '1e400', 'asc', 'price-asc', '%', '%zz', '', 'x'.repeat(HUGE)),
  )
  const pair = fc.oneof(
    fc.tuple(key, value).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
    key.map((k) => encodeURIComponent(k)),
  )
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 6,
      arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((p) => p.join('&')),
    },
    // the same key many times: an array where the schema expects one value
    {
      weight: 1,
      arbitrary: fc
        .tuple(key, value)
        .map(([k, v]) =>
          Array.from({ length: 50 }, () => `${encodeURIComponent(k)}=${v}`).join('&'),
        ),
    },
    { weight: 1, arbitrary: fc.constantFrom('&&&', '=', '==', '?', '#', '%', 'a=%ZZ') },
  )
}

export interface RouteShape {
  /** how many `:param` segments the route's pattern has */
  readonly paramCount: number
  /** the body fields the route asks for (read from its own 400 answer to `{}`) */
  readonly fields: readonly string[]
  readonly productIds: readonly string[]
  readonly producerIds: readonly string[]
  /** ids that exist (products, producers, a payment), so some cases reach the code behind the lookup */
  readonly knownIds: readonly string[]
}

export function fuzzCase(route: RouteShape): fc.Arbitrary<FuzzCase> {
  return fc.record({
    caller: fc.constantFrom<Caller>('anonymous', 'customer', 'admin', 'forged-cookie'),
    // mostly the shop's own Origin, so the same-origin rule lets the request reach the handler
    origin: fc.oneof(
      { weight: 8, arbitrary: fc.constant<OriginHeader>('own') },
      { weight: 1, arbitrary: fc.constantFrom<OriginHeader>('none', 'foreign', 'null') },
    ),
    contentType: fc.oneof(
      { weight: 4, arbitrary: fc.constant('application/json') },
      { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    body: body(route.fields, route.productIds, route.producerIds),
    pathParams: fc.array(pathParam(route.knownIds), {
      minLength: route.paramCount,
      maxLength: route.paramCount,
    }),
    query: query(route.fields),
    remoteAddress: fc.ipV4(),
  })
}

/** cases every route gets on every run, whatever the random seed picks */
export function edgeCases(route: RouteShape): FuzzCase[] {
  const base: FuzzCase = {
    caller: 'admin',
    origin: 'own',
    contentType: 'application/json',
    body: undefined,
    pathParams: Array.from({ length: route.paramCount }, () => '..%2F..%2Fetc%2Fpasswd'),
    query: '',
    remoteAddress: '10.200.0.1',
  }
  return [
    ...Object.values(EDGE_BODIES).map((body) => ({ ...base, body })),
    { ...base, body: '{"a":', caller: 'customer' },
    { ...base, body: 'a=1&isAdmin=true', contentType: 'application/x-www-form-urlencoded' },
    {
      ...base,
      caller: 'anonymous',
      pathParams: base.pathParams.map(() => '%00'),
      query: 'limit=1&limit=2&search[]=x&search=y',
    },
  ]
}

export interface WebhookCase {
  /** the raw body text: a Stripe event of any shape, or not an event at all */
  readonly body: string
  readonly signature: 'valid' | 'wrong-secret' | 'stale' | 'garbage' | 'none'
  readonly contentType: string | undefined
}

const STRIPE_EVENT_TYPES = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'charge.refunded',
  'customer.created',
]

/**
 * Bodies for POST /api/webhooks/stripe: events whose type, payment id and fields are odd but which
 * may be correctly signed, so the fuzz reaches the code that trusts a verified event.
 */
export function webhookCase(productIds: readonly string[]): fc.Arbitrary<WebhookCase> {
  const value = jsonValue(productIds)
  const paymentId = fc.oneof(
    fc.constantFrom('pi_fuzz123456', 'pi_', 'pi_' + 'x'.repeat(300), 'evt_123', ...ODD_STRINGS),
    value,
  )
  const object = fc.oneof(
    fc
      .record(
        {
          id: paymentId,
          object: fc.constantFrom('payment_intent', 'charge', 'x'),
          amount: value,
          amount_received: value,
          currency: fc.constantFrom('usd', 'eur', ''),
          status: fc.constantFrom(
            'succeeded',
            'requires_capture',
            'requires_payment_method',
            'canceled',
            '\u0000',
          ),
          amount_capturable: value,
          // a charge's event names its payment
          payment_intent: paymentId,
          metadata: fc.oneof(fc.record({ checkoutId: value }, { requiredKeys: [] }), value),
        },
        { requiredKeys: [] },
      )
      .map((record) => new JsonObjectText(Object.entries(record))),
    value,
  )
  const event = fc
    .record(
      {
        id: fc.oneof(fc.constant('evt_fuzz'), value),
        object: fc.constant('event'),
        type: fc.oneof(fc.constantFrom(...STRIPE_EVENT_TYPES), value),
        created: fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), value),
        data: fc.oneof(
          { weight: 4, arbitrary: object.map((inner) => new JsonObjectText([['object', inner]])) },
          { weight: 1, arbitrary: value },
        ),
        livemode: fc.boolean(),
      },
      { requiredKeys: ['type'] },
    )
    .map((record) => new JsonObjectText(Object.entries(record)).text())
  return fc.record({
    body: fc.oneof(
      { weight: 8, arbitrary: event },
      { weight: 1, arbitrary: value.map(toJsonText) },
      { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON, ...Object.values(EDGE_BODIES)) },
    ),
    signature: fc.oneof(
      { weight: 6, arbitrary: fc.constant<WebhookCase['signature']>('valid') },
      {
        weight: 1,
        arbitrary: fc.constantFrom<WebhookCase['signature']>(
          'wrong-secret',
          'stale',
          'garbage',
          'none',
        ),
      },
    ),
    contentType: fc.oneof(
      { weight: 4, arbitrary: fc.constant('application/json; charset=utf-8') },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
  })
}
