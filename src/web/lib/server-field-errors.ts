import { ApiError, errorMessage } from '#web/lib/api-client.ts'

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

/**
 * A form's submit the server refused: each field's message under its field and the first of them
 * focused, or, when it named none of the form's fields, the whole refusal for `refuse` to show.
 */
export function showServerRefusal<TField extends string>(
  error: unknown,
  fields: readonly TField[],
  form: {
    setError: (name: TField, error: { type: string; message: string }) => void
    setFocus: (name: TField) => void
  },
  refuse: (message: string) => void,
  fallback: string,
): void {
  const fieldErrors = serverFieldErrors(error, fields)
  for (const [name, message] of fieldErrors) form.setError(name, { type: 'server', message })
  const [first] = fieldErrors
  if (first) form.setFocus(first[0])
  else refuse(errorMessage(error, fallback))
}
