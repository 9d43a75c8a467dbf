import type { SignUpResult } from '#shared/schemas/marketing.ts'
import { ApiError } from '#web/lib/api-client.ts'

/** The waitlist's and the newsletter's failure text (docs/product.md#visitor-forms). */
export const SIGN_UP_ERROR_MESSAGE = 'Sorry, there was an error. Please try again.'

export type SignUpValidation<TInput> =
  { success: true; data: TInput } | { success: false; errors: Partial<Record<string, string>> }

/** The part of a zod safeParse result we read; kept structural so zod stays out of this file. */
interface ParseResult<TInput> {
  success: boolean
  data?: TInput
  error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }
}

/** A zod result as field messages: the first message of each field, as the form shows them. */
export function toSignUpValidation<TInput>(result: ParseResult<TInput>): SignUpValidation<TInput> {
  if (result.success) return { success: true, data: result.data as TInput }
  const errors: Partial<Record<string, string>> = {}
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '')
    errors[field] ??= issue.message
  }
  return { success: false, errors }
}

/**
 * What a failed sign-up shows: a rate limit says when to try again, anything else the form's alert.
 */
export function signUpErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return error.serverMessage ?? SIGN_UP_ERROR_MESSAGE
  }
  return SIGN_UP_ERROR_MESSAGE
}

export type { SignUpResult }
