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
    options: { message?: string; fields?: Record<string, string> } = {},
  ) {
    super(options.message ?? ERRORS[code].message)
    this.status = ERRORS[code].status
    this.fields = options.fields
  }

  readonly fields: Record<string, string> | undefined
}
