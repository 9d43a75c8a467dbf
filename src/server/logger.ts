import { AsyncLocalStorage } from 'node:async_hooks'
import { pino, type DestinationStream, type Logger } from 'pino'

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
