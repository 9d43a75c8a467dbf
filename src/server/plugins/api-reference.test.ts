import { compileErrors, validate } from '@readme/openapi-parser'
import type { OpenAPIV3_1 } from 'openapi-types'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { ErrorBodySchema } from '#shared/errors.ts'
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

const JSON_TYPE = 'application/json'
type Response = OpenAPIV3_1.ResponseObject
type Media = OpenAPIV3_1.MediaTypeObject
type Parameter = OpenAPIV3_1.ParameterObject
interface RouteSchemas {
  body?: z.ZodType
  params?: z.ZodType
  querystring?: z.ZodType
  response?: Record<string, z.ZodType>
}

/** a body's or an answer's examples, as @fastify/swagger writes one (`example`) or several */
function examplesOf(media: Media): unknown[] {
  if (media.example !== undefined) return [media.example as unknown]
  return Object.values(media.examples ?? {}).map(
    (example): unknown => (example as OpenAPIV3_1.ExampleObject).value,
  )
}

const parametersOf = (operation: Operation) => (operation.parameters ?? []) as Parameter[]

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

  test('every operation shows an example of its JSON body, its JSON answer and its path', () => {
    const lacking = operationsOf(document).flatMap(([name, operation]) => {
      const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content[
        JSON_TYPE
      ]
      const answers = Object.entries(operation.responses ?? {}).filter(
        ([status, answer]) => /^2/.test(status) && (answer as Response).content?.[JSON_TYPE],
      )
      return [
        ...(body && !examplesOf(body).length ? [`${name}: request body`] : []),
        ...answers
          .filter(([, answer]) => !examplesOf((answer as Response).content![JSON_TYPE]!).length)
          .map(([status]) => `${name}: ${status} answer`),
        ...parametersOf(operation)
          .filter((parameter) => parameter.in === 'path' && parameter.example === undefined)
          .map((parameter) => `${name}: path parameter ${parameter.name}`),
      ]
    })
    expect(lacking, 'operations without an example').toEqual([])
  })

  test("every example in the document parses with its route's own zod schema", () => {
    const schemas = new Map(
      shop.app.routeTable.map(({ method, url, schema }) => [
        `${method} ${url.replace(/:(\w+)/g, '{$1}')}`,
        schema,
      ]),
    )
    const misfits = operationsOf(document).flatMap(([name, operation]) => {
      const route = schemas.get(name) as RouteSchemas | undefined
      const problems: string[] = []
      const check = (what: string, schema: z.ZodType | undefined, example: unknown) => {
        const parsed = schema?.safeParse(example)
        if (!parsed) problems.push(`${name}: ${what} has an example but no zod schema`)
        else if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`)
          problems.push(`${name}: ${what} example does not parse: ${issues.join('; ')}`)
        }
      }
      const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content[
        JSON_TYPE
      ]
      for (const example of body ? examplesOf(body) : [])
        check('request body', route?.body, example)
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const media = (answer as Response).content?.[JSON_TYPE]
        // the error statuses every route of a kind answers are added by the reference itself
        const schema =
          route?.response?.[status] ?? (Number(status) >= 400 ? ErrorBodySchema : undefined)
        for (const example of media ? examplesOf(media) : [])
          check(`${status} answer`, schema, example)
      }
      for (const part of ['path', 'query'] as const) {
        const given = parametersOf(operation).filter(
          (parameter) => parameter.in === part && parameter.example !== undefined,
        )
        if (!given.length) continue
        const example = Object.fromEntries(given.map((p) => [p.name, p.example as unknown]))
        check(`${part} parameters`, part === 'path' ? route?.params : route?.querystring, example)
      }
      return problems
    })
    expect(misfits, 'examples that their own schema refuses').toEqual([])
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
