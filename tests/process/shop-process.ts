import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import net from 'node:net'

/**
 * The built shop as a real process, started the way people start it (`npm start`), in a
 * process group of its own so a test can kill the app (npm, node) without touching the
 * PostgreSQL it started, which runs in its own group.
 */
export interface ShopProcess {
  readonly url: string
  readonly child: ChildProcess
  readonly exited: Promise<number | null>
  output(): string
  /** SIGTERM to the app, then wait for it to exit */
  stop(): Promise<number | null>
  /** SIGKILL to npm and node only */
  killApp(): Promise<void>
}

export async function startShop(options: {
  dataDir: string
  env?: Record<string, string>
  waitForHealth?: boolean
}): Promise<ShopProcess> {
  const port = await portBelowEphemeralRange()
  let output = ''
  const child = spawn('npm', ['start', '--silent'], {
    cwd: process.cwd(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  const url = `http://127.0.0.1:${port}`
  const shop: ShopProcess = {
    url,
    child,
    exited,
    output: () => output,
    /** SIGTERM to the server itself, as a service manager sends it; npm passes on its exit code */
    async stop() {
      const server = child.pid ? serverProcessIn(child.pid) : undefined
      if (server) process.kill(server, 'SIGTERM')
      else signalGroup(child, 'SIGTERM')
      return exited
    },
    async killApp() {
      signalGroup(child, 'SIGKILL')
      await exited
    },
  }
  if (options.waitForHealth !== false) {
    try {
      await waitForHealth(shop)
    } catch (error) {
      signalGroup(child, 'SIGTERM') // never leave a half-started shop behind
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))])
      throw error
    }
  }
  return shop
}

/** the node process running the shop (scripts/start.mjs) in the given process group */
function serverProcessIn(group: number): number | undefined {
  for (const entry of readdirSafe('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) !== group) continue
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      // node itself, not the `sh -c` wrapper whose command line also names the file
      if (/(^|\/)node$/.test(argv[0] ?? '') && argv.includes('scripts/start.mjs'))
        return Number(entry)
    } catch {
      // the process ended while we looked
    }
  }
  return undefined
}

const readdirSafe = (directory: string) => {
  try {
    return readdirSync(directory)
  } catch {
    return []
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

async function waitForHealth(shop: ShopProcess, timeoutMs = 60_000) {
  let exited = false
  void shop.exited.then(() => (exited = true))
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the shop exited before it was ready:\n${shop.output()}`)
    const healthy = await fetch(`${shop.url}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the shop was not ready in ${timeoutMs} ms:\n${shop.output()}`)
}

/** PID and port of the embedded server, from its postmaster.pid (absent when it is stopped). */
export async function embeddedServer(
  dataDir: string,
): Promise<{ pid: number; port: number } | undefined> {
  const lockFile = await fs
    .readFile(path.join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8')
    .catch(() => '')
  const lines = lockFile.split('\n')
  if (!lines[0]) return undefined
  return { pid: Number(lines[0]), port: Number(lines[3]) }
}

/**
 * SIGKILL to a PostgreSQL server and every process it started, at once, as a power cut or the
 * OOM killer would leave it (each backend runs in a session of its own, so a group kill would
 * reach the postmaster only).
 */
export function killPostgres(postmasterPid: number) {
  const children = readdirSafe('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmasterPid
    } catch {
      return false // ended while we looked
    }
  })
  for (const pid of [postmasterPid, ...children.map(Number)]) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

/** alive and not a zombie waiting to be reaped (init reaps orphans late on some machines) */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return false
  }
}

/** A direct connection to the embedded database, as the app's own superuser. */
export async function connectToEmbedded(dataDir: string): Promise<pg.Client> {
  const server = await embeddedServer(dataDir)
  if (!server) throw new Error('the embedded PostgreSQL is not running')
  const password = (await fs.readFile(path.join(dataDir, 'postgres', 'password'), 'utf8')).trim()
  const client = new pg.Client({
    host: '127.0.0.1',
    port: server.port,
    user: 'postgres',
    password,
    database: 'shop',
  })
  client.on('error', () => undefined)
  await client.connect()
  return client
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return (await response.json()) as T
}

/**
 * A free port for the shop's HTTP server, chosen below Linux's ephemeral range (32768 and up):
 * the shop's embedded PostgreSQL takes its port from that range once the shop has started, so a
 * port taken from it here could be handed out again before the shop listens on it.
 */
async function portBelowEphemeralRange(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer()
      probe.unref()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
}
