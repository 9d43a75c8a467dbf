import { ERRORS, type ErrorCode } from '#shared/errors.ts'

/**
 * A failure a client can act on. Services throw `new AppError('PRODUCT_NOT_FOUND')`; the error
 * handler answers with the code's status and message, plus field errors when given.
 */
export class AppError extends Error {
  override name = 'AppError'
  readonly status: number

  constructor(
    readonly code: ErrorCode,
    options: {
      message?: string
      fields?: Record<string, string>
      /** more of the answer beside the message, e.g. the order as it stands after a 409 */
      details?: Record<string, unknown>
    } = {},
  ) {
    super(options.message ?? ERRORS[code].message)
    this.status = ERRORS[code].status
    this.fields = options.fields
    this.details = options.details
  }

  readonly fields: Record<string, string> | undefined
  readonly details: Record<string, unknown> | undefined
}
