import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ERRORS, type ErrorBody, type ErrorCode } from '#shared/errors.ts'
import { AppError } from '../app-error.ts'
import { applySecurityHeaders, type SecurityHeaderOptions } from './security-headers.ts'

/**
 * The one place errors become answers (docs/product.md#api-errors): `{ message, errors? }` with the
 * right status. A 5xx never carries internals: its detail goes to the log with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) =>
    replyWithError(error, request, reply),
  )
}

/**
 * Errors Fastify meets before routing (a malformed URL, an over-long parameter) skip the error
 * handler and every hook, so they are answered here, with the same shape and headers.
 */
export function frameworkErrorHandler(options: SecurityHeaderOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applySecurityHeaders(request, reply, options)
    void replyWithError(error, request, reply)
  }
}

function replyWithError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = describe(error)
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed')
  } else if (status !== 404) {
    request.log.info({ status, message: body.message }, 'request refused')
  }
  const headers = (error as { headers?: Record<string, string> }).headers
  if (status === 429 && headers) void reply.headers(headers)
  return reply.status(status).type('application/json; charset=utf-8').send(body)
}

export function describe(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body = withFields(error.message, error.fields)
    return { status: error.status, body: error.details ? { ...error.details, ...body } : body }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // a Map, so a field named "__proto__" cannot reach an object's prototype
    const fields = new Map<string, string>()
    const add = (field: string, message: string) => {
      if (!fields.has(field)) fields.set(field, message)
    }
    for (const issue of error.validation) {
      const unknownKeys = issue.keyword === 'unrecognized_keys' ? unknownKeysOf(issue.params) : []
      for (const key of unknownKeys) add(key, `Unknown field "${key}"`)
      if (unknownKeys.length === 0) {
        add(
          issue.instancePath.replace(/^\//, '').split('/')[0] || 'request',
          issue.message ?? 'Invalid value',
        )
      }
    }
    const first = fields.values().next().value
    // the message names every field; keys that are object internals are not offered as fields
    for (const key of ['__proto__', 'constructor', 'prototype']) fields.delete(key)
    return {
      status: 400,
      body: withFields(first ?? ERRORS.BAD_REQUEST.message, Object.fromEntries(fields)),
    }
  }
  if (isDatabaseUnavailable(error)) return known('SERVICE_UNAVAILABLE')
  const { code, statusCode, message } = error as Partial<FastifyError>
  if (causeCodes(error).some((cause) => REFUSED_BY_DATABASE.has(cause))) {
    return known('BAD_REQUEST')
  }
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return known('MALFORMED_JSON')
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return known('BODY_TOO_LARGE')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return known('UNSUPPORTED_MEDIA_TYPE')
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { message: 'The address is not valid.' } }
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Fastify's own client errors (bad headers, content length...) carry safe messages.
    return { status: statusCode, body: { message: message ?? ERRORS.BAD_REQUEST.message } }
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

/**
 * Values PostgreSQL refuses that a schema let through (a NUL byte, bad encoding, a string too
 * long for its column): the request is at fault, so 400, never 500. Schemas should catch them
 * first; this is the backstop.
 */
const REFUSED_BY_DATABASE = new Set(['22021', '22P05', '22001', '22P02', '22003', '22007', '22008'])

/** The codes of an error and of its causes (Drizzle wraps the driver's error in its own). */
function causeCodes(error: unknown): string[] {
  const codes: string[] = []
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code } = current as { code?: unknown }
    if (typeof code === 'string') codes.push(code)
    current = (current as { cause?: unknown }).cause
  }
  return codes
}

/** Connection-level failures: the database is down, restarting or full, not a bug in the request. */
function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && isUnavailableCode(code)) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

function isUnavailableCode(code: string): boolean {
  return (
    NETWORK_ERRORS.has(code) ||
    code.startsWith('08') || // connection exception
    code.startsWith('53') || // insufficient resources: too many connections, disk full, out of memory
    code.startsWith('57P') || // operator intervention: shutdown, restart, cannot connect now
    code === '28P01' || // password rejected (rotated credentials)
    code === '3D000' // database does not exist (yet)
  )
}

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Query read timeout/i
