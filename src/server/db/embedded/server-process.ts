import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../../logger.ts'
import { hasProcFileSystem, processState, processWorkingDirectory } from './process-info.ts'
import type { Account } from './server-account.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface ServerProcess {
  readonly child: ChildProcess
  /** resolves when the process has exited, with the spawn error if it never ran */
  readonly exited: Promise<Error | undefined>
}

export function spawnServer(args: {
  postgres: string
  dataDir: string
  port: number
  logFile: string
  account: Account | undefined
  /** more `-c name=value` settings (EmbeddedPostgresOptions.settings) */
  settings?: Readonly<Record<string, string>> | undefined
}): ServerProcess {
  // the previous run's log is kept beside the new one: it may hold why that run ended
  if (fs.existsSync(args.logFile)) fs.renameSync(args.logFile, `${args.logFile}.1`)
  const log = fs.openSync(args.logFile, 'w', 0o600)
  // Detached: a Ctrl-C in the terminal reaches only the app, which closes its pool before
  // stopping the server. Its output goes to a file so it outlives a killed app.
  const child = spawn(
    args.postgres,
    [
      '-D',
      args.dataDir,
      '-p',
      String(args.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'log_checkpoints=off',
      '-c',
      'lc_messages=C',
      ...Object.entries(args.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    {
      ...(args.account ?? {}),
      cwd: path.dirname(args.dataDir),
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...process.env, LC_ALL: 'C' },
    },
  )
  fs.closeSync(log)
  child.unref()
  const exited = new Promise<Error | undefined>((resolve) => {
    child.once('exit', () => resolve(undefined))
    child.once('error', (error) => resolve(error))
  })
  return { child, exited }
}

/**
 * Ready when the server's own log says so (messages are forced to English with lc_messages=C);
 * polling with connections instead leaks a socket per refused attempt in node-postgres. The log
 * is read from where the last read stopped.
 */
export async function waitUntilReady(
  logFile: string,
  server: ServerProcess,
  timeoutMs: number,
): Promise<'ready' | 'exited' | 'timeout'> {
  const marker = 'database system is ready to accept connections'
  let exited = false
  void server.exited.then(() => (exited = true))
  let offset = 0
  let tail = ''
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const handle = await fsp.open(logFile, 'r').catch(() => undefined)
    if (handle) {
      try {
        const { bytesRead, buffer } = await handle.read({
          buffer: Buffer.alloc(64 * 1024),
          position: offset,
        })
        offset += bytesRead
        tail = (tail + buffer.subarray(0, bytesRead).toString('utf8')).slice(-4096)
      } finally {
        await handle.close()
      }
      if (tail.includes(marker)) return 'ready'
    }
    if (exited) return 'exited'
    await sleep(25)
  }
  return 'timeout'
}

export async function stopServer(server: ServerProcess, log: Logger) {
  const { child } = server
  if (child.exitCode !== null || child.signalCode !== null) return
  // SIGINT is PostgreSQL's "fast" shutdown: it ends sessions, checkpoints and exits.
  child.kill('SIGINT')
  if (await settlesWithin(server.exited, 15_000)) return
  log.warn('PostgreSQL did not stop in 15 s; sending SIGQUIT')
  child.kill('SIGQUIT')
  await settlesWithin(server.exited, 5_000)
}

/**
 * If the app was killed, its server may still be running with our data directory: stop it. It is
 * ours when the PID on line 1 of postmaster.pid is alive, line 2 names our data directory and the
 * process works inside that directory (a PID reused by another PostgreSQL after a reboot works
 * elsewhere). The supervisor lock has already ruled out a live app owning it.
 */
export async function stopOrphanedServer(dataDir: string, log: Logger) {
  const lockFile = await fsp
    .readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')
    .catch(() => undefined)
  if (!lockFile) return
  const [pidLine, dataDirLine] = lockFile.split('\n')
  const pid = Number(pidLine)
  if (!Number.isInteger(pid) || pid <= 1) return
  const realDataDir = await fsp.realpath(dataDir)
  if (
    path.resolve(dataDirLine ?? '') !== path.resolve(dataDir) &&
    path.resolve(dataDirLine ?? '') !== realDataDir
  )
    return
  if (processState(pid) !== 'running') return
  if (hasProcFileSystem() && processWorkingDirectory(pid) !== realDataDir) return
  log.warn({ pid }, 'stopping a PostgreSQL server left running by an earlier run of the shop')
  signal(pid, 'SIGINT')
  if (await waitFor(() => processState(pid) !== 'running', 15_000)) return
  signal(pid, 'SIGQUIT')
  await waitFor(() => processState(pid) !== 'running', 5_000)
}

export function isTransientStartFailure(serverLog: string): boolean {
  return /lock file ".*" already exists|pre-existing shared memory block|could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(
    serverLog,
  )
}

/** PostgreSQL's own explanation: its first FATAL/PANIC/ERROR line, else the last line. */
export function postgresErrorLine(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const reason = lines.find((line) => /\b(FATAL|PANIC|ERROR)\b|initdb: error/.test(line))
  return reason ?? lines.at(-1) ?? 'no output from PostgreSQL'
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name)
  } catch {
    // already gone
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (condition()) return true
    await sleep(50)
  }
  return condition()
}

/** true if the promise settles in time; the timer never outlives it (it would hold the process) */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([promise.then(() => true), timeout])
  } finally {
    clearTimeout(timer)
  }
}
