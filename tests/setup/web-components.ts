import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// each test starts from an empty document: what one rendered must not be found by the next
afterEach(() => {
  cleanup()
  window.localStorage.clear()
})
