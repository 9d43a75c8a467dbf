import fs from 'node:fs'

/** What /proc says about a process; on systems without /proc, only whether it exists. */

export type ProcessState = 'running' | 'zombie' | 'gone'

export function processState(pid: number): ProcessState {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'running' : 'gone'
  }
  const stat = procStat(pid)
  if (!stat) return 'running' // no /proc (macOS): kill(0) said it exists
  return stat[0] === 'Z' ? 'zombie' : 'running'
}

/** The kernel's start time of a process (clock ticks since boot): a PID plus this is unique. */
export function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.[19]
}

/** The working directory of a process (a postmaster works inside its data directory). */
export function processWorkingDirectory(pid: number): string | undefined {
  try {
    return fs.realpathSync(`/proc/${pid}/cwd`)
  } catch {
    return undefined
  }
}

export function hasProcFileSystem(): boolean {
  return fs.existsSync('/proc/self/stat')
}

/** fields of /proc/<pid>/stat after the parenthesised command name: state is [0] */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined
  }
}
