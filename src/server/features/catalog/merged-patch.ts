import type { z } from 'zod'
import { AppError } from '../../app-error.ts'

/**
 * A PATCH's fields laid over the stored values and checked whole by the form's schema, so a
 * change is held to the same rules and messages as creating. An undefined field is no change.
 * Refused with the same 400 as a route's own schema check: the first message, and one message
 * per field.
 */
export function mergedWithPatch<Schema extends z.ZodType>(
  schema: Schema,
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): z.output<Schema> {
  const changes = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  )
  const result = schema.safeParse({ ...current, ...changes })
  if (result.success) return result.data
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'request')
    fields[field] ??= issue.message
  }
  const first = result.error.issues[0]?.message
  throw new AppError('BAD_REQUEST', { ...(first ? { message: first } : {}), fields })
}
