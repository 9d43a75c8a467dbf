import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyRequest } from 'fastify'
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino'
import { redactQueryValues, redactUrl } from './log-redaction.ts'

export type { Logger }

/** The id of the request being handled, for every line logged on its behalf. */
const requestContext = new AsyncLocalStorage<{ readonly reqId: string }>()

/**
 * Runs the rest of a request's handling (`done` of an onRequest hook) with its id, so lines
 * that services write through the app-level logger carry it too.
 */
export function runWithRequestId(reqId: string, handle: () => void) {
  requestContext.run({ reqId }, handle)
}

/**
 * The request as Fastify logs it (`incoming request`), its address without the secrets it may
 * carry (an invitation's token, a reset link's token, a bank return's client secret).
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  }
}

/** Errors as pino writes them, without the values of a failed query (a session id, say). */
function errorForLog(error: Error) {
  return redactQueryValues(stdSerializers.err(error), error)
}

/** the error whose message pino writes as the line's: logged alone, or as `err` with no `msg` */
function errorWithoutMessage(first: unknown): Error | undefined {
  if (first instanceof Error) return first
  if (typeof first !== 'object' || first === null || 'msg' in first) return undefined
  const { err } = first as { err?: unknown }
  return err instanceof Error ? err : undefined
}

/**
 * One JSON line per event on stdout (or `destination`). Fastify uses the same instance, so
 * request logs carry the request id (reqId) and everything else shares one format; lines
 * written while a request is handled get its reqId from the request context.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'houston-farm-to-door' },
      mixin(_object, _level, logger) {
        const context = requestContext.getStore()
        // Fastify's request.log is a child bound to reqId already: no second reqId key
        if (!context || 'reqId' in logger.bindings()) return {}
        return { reqId: context.reqId }
      },
      // these replace Fastify's own serializers for `req` and `err`
      serializers: { req: requestForLog, err: errorForLog },
      hooks: {
        // an error logged without a message lends it its own: redacted like the error itself
        logMethod(args, method) {
          const [first] = args
          const error = args.length === 1 ? errorWithoutMessage(first) : undefined
          if (error) method.apply(this, [first, redactQueryValues(error.message, error)])
          else method.apply(this, args)
        },
      },
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.cardNumber',
          '*.cvc',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  )
}
