import { randomBytes } from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { processStartTime, processState } from './process-info.ts'

/**
 * One shop process per embedded cluster. A PostgreSQL left running by a killed app looks just
 * like one owned by a live app; this lock tells them apart. It holds the owner's PID and kernel
 * start time, so a stale lock (owner dead, or its PID reused) is taken over and a live owner
 * makes the newcomer stop with a clear message instead of shutting the owner's database down.
 */
export async function acquireSupervisorLock(root: string): Promise<{ release(): Promise<void> }> {
  const lockFile = path.join(root, 'supervisor.lock')
  const mine = `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`
  const scratch = `${lockFile}.${randomBytes(4).toString('hex')}`
  await fsp.writeFile(scratch, mine, { mode: 0o600 })
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        await fsp.link(scratch, lockFile) // atomic: fails if the lock exists
        return { release: () => releaseIfMine(lockFile, mine) }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const held = await fsp.readFile(lockFile, 'utf8').catch(() => '')
      const [pidLine = '', startTime = ''] = held.split('\n')
      const pid = Number(pidLine)
      if (Number.isInteger(pid) && pid > 0 && ownerIsAlive(pid, startTime)) {
        throw new Error(
          `Another shop process (pid ${pid}) is using ${path.dirname(root)}; stop it first, or give each process its own DATA_DIR and share one database with DATABASE_URL`,
        )
      }
      // stale: remove it only if it is still the lock we judged
      if ((await fsp.readFile(lockFile, 'utf8').catch(() => '')) === held) {
        await fsp.rm(lockFile, { force: true })
      }
    }
    throw new Error(`Could not take the lock ${lockFile}`)
  } finally {
    await fsp.rm(scratch, { force: true })
  }
}

function ownerIsAlive(pid: number, startTime: string): boolean {
  if (processState(pid) !== 'running') return false
  const current = processStartTime(pid)
  return current === undefined || startTime === '' || current === startTime
}

async function releaseIfMine(lockFile: string, mine: string) {
  if ((await fsp.readFile(lockFile, 'utf8').catch(() => '')) === mine) {
    await fsp.rm(lockFile, { force: true })
  }
}
