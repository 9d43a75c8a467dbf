import { describe, expect, test } from 'vitest'
import { isTransientStartFailure, postgresErrorLine } from './server-process.ts'

describe("PostgreSQL's own explanation of a failed start", () => {
  test('is its first FATAL, PANIC or ERROR line', () => {
    const log = [
      '2026-11-22 07:06:03.798 UTC [15231] LOG:  starting PostgreSQL 18.4',
      '2026-11-22 07:06:03.799 UTC [15231] FATAL:  data directory "/srv/data" has invalid permissions',
      '2026-11-22 07:06:03.799 UTC [15231] DETAIL:  Permissions should be u=rwx (0700) or u=rwx,g=rx (0750).',
    ].join('\n')
    expect(postgresErrorLine(log)).toBe(
      '2026-11-22 07:06:03.799 UTC [15231] FATAL:  data directory "/srv/data" has invalid permissions',
    )
    expect(
      postgresErrorLine('initdb: error: could not create directory "/x": Permission denied\n'),
    ).toBe('initdb: error: could not create directory "/x": Permission denied')
  })

  test('is the last line when there is no error line, and says so when there is nothing', () => {
    expect(postgresErrorLine('one\ntwo\n\n')).toBe('two')
    expect(postgresErrorLine('')).toBe('no output from PostgreSQL')
  })

  test("a crashed run's leftovers are worth retrying; a real fault is not", () => {
    expect(isTransientStartFailure('FATAL:  lock file "postmaster.pid" already exists')).toBe(true)
    expect(
      isTransientStartFailure(
        'FATAL:  pre-existing shared memory block (key 42, ID 7) is still in use',
      ),
    ).toBe(true)
    expect(
      isTransientStartFailure(
        'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
      ),
    ).toBe(true)
    expect(isTransientStartFailure('FATAL:  database files are incompatible with server')).toBe(
      false,
    )
  })
})
