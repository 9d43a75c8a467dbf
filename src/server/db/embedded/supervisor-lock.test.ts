import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { processStartTime } from './process-info.ts'
import { acquireSupervisorLock } from './supervisor-lock.ts'

let root: string
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-lock-'))
})
afterEach(() => fs.rm(root, { recursive: true, force: true }))

const lockFile = () => path.join(root, 'supervisor.lock')

describe('the supervisor lock', () => {
  test('a second owner is refused while the first holds it, and gets it once released', async () => {
    const first = await acquireSupervisorLock(root)
    await expect(acquireSupervisorLock(root)).rejects.toThrow(
      /Another shop process \(pid \d+\) is using/,
    )
    await first.release()
    const second = await acquireSupervisorLock(root)
    await second.release()
    await expect(fs.access(lockFile())).rejects.toThrow()
  })

  test('a live process of another program holding it makes the newcomer stop', async () => {
    const holder = spawn('sleep', ['30'])
    try {
      await new Promise((resolve) => holder.once('spawn', resolve))
      await fs.writeFile(lockFile(), `${holder.pid}\n${processStartTime(holder.pid!) ?? ''}\n`)
      await expect(acquireSupervisorLock(root)).rejects.toThrow(`(pid ${holder.pid})`)
    } finally {
      holder.kill('SIGKILL')
    }
  })

  test('a lock left by a dead process, or by a reused PID, is taken over', async () => {
    await fs.writeFile(lockFile(), '2147483646\n12345\n')
    const taken = await acquireSupervisorLock(root)
    await taken.release()
    // our own PID with another start time: the PID was reused since the lock was written
    await fs.writeFile(lockFile(), `${process.pid}\n1\n`)
    const again = await acquireSupervisorLock(root)
    await again.release()
  })
})
