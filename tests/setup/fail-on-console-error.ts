import { afterEach, beforeEach, vi, type MockInstance } from 'vitest'

/**
 * A test that makes anything call console.error fails, so warnings from React, the server or a
 * library cannot pile up unseen. A test that expects one mocks console.error itself.
 */
let consoleError: MockInstance<typeof console.error>

beforeEach(() => {
  const original = console.error
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    original(...args)
    throw new Error('console.error was called; mock it in the test if it is expected')
  })
})

afterEach(() => {
  consoleError.mockRestore()
})
