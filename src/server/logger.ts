import { pino, type Logger } from 'pino'

export type { Logger }

/**
 * One JSON line per event on stdout. Fastify uses the same instance, so request logs carry
 * the request id (reqId) and everything else shares one format.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'houston-farm-to-door' },
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
  })
}
