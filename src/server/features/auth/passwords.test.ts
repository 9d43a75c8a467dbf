import { describe, expect, test } from 'vitest'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts'

describe('password hashing', () => {
  test('uses scrypt at OWASP cost by default (N = 2^17, r = 8, p = 1) with a random salt', async () => {
    const stored = await hashPassword('correct horse battery')
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(await hashPassword('correct horse battery')).not.toBe(stored)
    expect(await verifyPassword('correct horse battery', stored)).toBe(true)
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false)
  })

  test('never truncates: a long passphrase must match in full', async () => {
    const long = 'x'.repeat(100)
    const stored = await hashPassword(long, 10)
    expect(await verifyPassword(long, stored)).toBe(true)
    expect(await verifyPassword('x'.repeat(99), stored)).toBe(false)
    expect(await verifyPassword(`${long}y`, stored)).toBe(false)
  })

  test('a stored value in another format never verifies; the dummy check is always false', async () => {
    expect(await verifyPassword('anything', 'plain text')).toBe(false)
    expect(await verifyAgainstDummy('anything', 10)).toBe(false)
  })
})
