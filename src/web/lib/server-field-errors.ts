import { ApiError } from '#web/lib/api-client.ts'

/**
 * The server's field messages (a 400's `errors`) for the fields a form shows, in the form's
 * order, so the caller can put each under its field and focus the first.
 */
export function serverFieldErrors<TField extends string>(
  error: unknown,
  fields: readonly TField[],
): Array<[TField, string]> {
  if (!(error instanceof ApiError)) return []
  const errors = error.fieldErrors
  return fields.flatMap((field) => {
    const message = errors[field]
    return typeof message === 'string' ? [[field, message] as [TField, string]] : []
  })
}
