import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ERRORS, type ErrorBody, type ErrorCode } from '#shared/errors.ts'
import { AppError } from '../app-error.ts'

/**
 * The one place errors become answers (decisions §2): `{ message, errors? }` with the right
 * status. A 5xx never carries internals: its detail goes to the log with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const { status, body } = describe(error)
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
    } else if (status !== 404) {
      request.log.info({ status, message: body.message }, 'request refused')
    }
    if (status === 429 && 'headers' in error && error.headers) void reply.headers(error.headers)
    return reply.status(status).type('application/json; charset=utf-8').send(body)
  })
}

function describe(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: withFields(error.message, error.fields) }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {}
    for (const issue of error.validation) {
      const unknownKeys = issue.keyword === 'unrecognized_keys' ? unknownKeysOf(issue.params) : []
      for (const key of unknownKeys) fields[key] ??= `Unknown field "${key}"`
      if (unknownKeys.length === 0) {
        const field = issue.instancePath.replace(/^\//, '').split('/')[0] || 'request'
        fields[field] ??= issue.message ?? 'Invalid value'
      }
    }
    const first = Object.values(fields)[0]
    return { status: 400, body: withFields(first ?? ERRORS.BAD_REQUEST.message, fields) }
  }
  if (isDatabaseUnavailable(error)) return known('SERVICE_UNAVAILABLE')
  const fastifyError = error as Partial<FastifyError>
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return known('MALFORMED_JSON')
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return known('BODY_TOO_LARGE')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return known('UNSUPPORTED_MEDIA_TYPE')
  }
  const status = fastifyError.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors (bad URL encoding, bad headers...) carry safe messages.
    return { status, body: { message: fastifyError.message ?? ERRORS.BAD_REQUEST.message } }
  }
  return known('INTERNAL')
}

const known = (code: ErrorCode) => ({
  status: ERRORS[code].status,
  body: { message: ERRORS[code].message },
})

const withFields = (message: string, fields?: Record<string, string>): ErrorBody =>
  fields && Object.keys(fields).length > 0 ? { message, errors: fields } : { message }

function unknownKeysOf(params: unknown): string[] {
  const keys = (params as { keys?: unknown } | undefined)?.keys
  return Array.isArray(keys) ? keys.map(String) : []
}

/** Connection-level failures: the database is down or restarting, not a bug in the request. */
function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
])
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i
