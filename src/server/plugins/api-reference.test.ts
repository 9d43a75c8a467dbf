import { compileErrors, validate } from '@readme/openapi-parser'
import type { OpenAPIV3_1 } from 'openapi-types'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signUp, signUpAdmin } from '#tests/factories/customer.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { API_DOCS_PATH, API_TAG, OPENAPI_DOCUMENT_PATH } from './api-reference.ts'

type Document = OpenAPIV3_1.Document
type Operation = OpenAPIV3_1.OperationObject

let shop: TestApp
let document: Document

beforeAll(async () => {
  shop = await createTestApp()
  const response = await shop.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH })
  expect(response.statusCode).toBe(200)
  document = response.json<Document>()
})
afterAll(() => shop.close())

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const

/** every operation of the document as "METHOD /path", with the operation */
function operationsOf(api: Document): [string, Operation][] {
  return Object.entries(api.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method]
      return operation
        ? [[`${method.toUpperCase()} ${path}`, operation] as [string, Operation]]
        : []
    }),
  )
}

/** the routes the reference leaves out on purpose (docs/api.md#what-it-leaves-out) */
const isUndocumented = (url: string) =>
  /^\/api\/(test|docs)(\/|$)/.test(url) || url === OPENAPI_DOCUMENT_PATH

describe('the API describes itself (docs/api.md)', () => {
  test('the document is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0')
    // validate() dereferences in place: give it a copy
    const result = await validate(structuredClone(document) as never)
    expect(result.valid, compileErrors(result)).toBe(true)
  })

  test('every API route is in the document', () => {
    const documented = new Set(operationsOf(document).map(([name]) => name))
    const missing = shop.app.routeTable
      .filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS')
      .filter(({ url }) => !isUndocumented(url))
      .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((name) => !documented.has(name))
    expect(missing).toEqual([])
  })

  test('every operation has a one-line summary and a tag of the reference', () => {
    const tags = new Set<string>(Object.values(API_TAG))
    const withoutSummary = operationsOf(document)
      .filter(([, operation]) => !operation.summary?.trim() || operation.summary.includes('\n'))
      .map(([name]) => name)
    expect(withoutSummary, 'operations without a one-line summary').toEqual([])
    const untagged = operationsOf(document)
      .filter(
        ([, operation]) => !operation.tags?.length || !operation.tags.every((t) => tags.has(t)),
      )
      .map(([name, operation]) => `${name} ${JSON.stringify(operation.tags)}`)
    expect(untagged, 'operations without a tag of API_TAG').toEqual([])
  })

  test('every admin operation documents 401 and 403 with the error body, and asks for the session', () => {
    const admin = operationsOf(document).filter(([name]) => name.includes(' /api/admin'))
    expect(admin.length).toBeGreaterThan(40)
    for (const [name, operation] of admin) {
      expect(Object.keys(operation.responses ?? {}), name).toEqual(
        expect.arrayContaining(['401', '403']),
      )
      expect(operation.security, name).toEqual([{ session: [] }])
    }
  })

  test('a body that the schema transforms still shows its example', () => {
    const body = document.paths?.['/api/validate-coupon']?.post?.requestBody as
      OpenAPIV3_1.RequestBodyObject | undefined
    expect(body?.content['application/json']?.example).toEqual({ code: 'FARM5', subtotal: '64.50' })
  })

  test('the test clock and the reference itself stay out of the document', () => {
    const paths = Object.keys(document.paths ?? {})
    expect(paths.filter((path) => isUndocumented(path))).toEqual([])
  })

  test('the reference page is served with the shop’s own security headers', async () => {
    const page = await shop.app.inject({ method: 'GET', url: API_DOCS_PATH })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['x-frame-options']).toBe('DENY')
  })
})

describe('in production only the shop’s admins may read the reference (docs/api.md#who-may-see-it)', () => {
  let production: TestApp
  beforeAll(async () => {
    production = await createTestApp({ nodeEnv: 'production' })
  })
  afterAll(() => production.close())

  test('signed out 401, a customer 403, an admin gets the document and the page', async () => {
    const customer = await signUp(production, 'reference-customer')
    const admin = await signUpAdmin(production, 'reference-admin')
    for (const url of [OPENAPI_DOCUMENT_PATH, API_DOCS_PATH, `${API_DOCS_PATH}/json`]) {
      const anonymous = await production.app.inject({ method: 'GET', url })
      expect(anonymous.statusCode, url).toBe(401)
      expect((await customer.call('GET', url)).statusCode, url).toBe(403)
      expect((await admin.call('GET', url)).statusCode, url).toBe(200)
    }
    const answer = await admin.call('GET', OPENAPI_DOCUMENT_PATH)
    expect(answer.json<Document>().paths).toHaveProperty(['/api/admin/orders'])
  })
})
