import { describe, expect, test } from 'vitest'
import { ApiError } from './api-client.ts'
import { createQueryClient, retryDelayMs, shouldRetry } from './query-client.ts'

describe('query client (docs/product.md#api-errors)', () => {
  test('data stays fresh and cached for five minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries
    expect(defaults?.staleTime).toBe(5 * 60 * 1000)
    expect(defaults?.gcTime).toBe(5 * 60 * 1000)
  })

  test('retries a failed query up to three times, never a 4xx', () => {
    const serverError = new ApiError(503, 'Service Unavailable', undefined)
    expect([0, 1, 2].map((count) => shouldRetry(count, serverError))).toEqual([true, true, true])
    expect(shouldRetry(3, serverError)).toBe(false)
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetry(0, new ApiError(status, '', undefined)), String(status)).toBe(false)
    }
  })

  test('waits 1 s, then doubles, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
  })
})

describe('ApiError', () => {
  test('reads "{status}: {statusText}" and keeps the server message apart', () => {
    const error = new ApiError(409, 'Conflict', {
      message: 'An account with this email already exists',
      errors: { email: 'taken' },
    })
    expect(error.message).toBe('409: Conflict')
    expect(error.serverMessage).toBe('An account with this email already exists')
    expect(error.fieldErrors).toEqual({ email: 'taken' })
  })

  test('fills in the reason phrase when the status text is empty (HTTP/2)', () => {
    expect(new ApiError(404, '', undefined).message).toBe('404: Not Found')
    expect(new ApiError(404, '', 'not json').serverMessage).toBeUndefined()
  })
})
